import type { Page } from 'playwright-core';
import { connect, sendMessage, sessionUser } from './api';
import { describeInBrowser, journeyFixture, type Journey } from './journey';
import { dismissToast, live, openMenu, screenshot } from './ui';

/** Two fencers, each signed up in a tab of their own, connected (A asked, B accepted); each with their id. */
async function connectedPair(journey: Journey, aPrefix: string, bPrefix: string) {
  const [a, b] = await journey.signUpEach(aPrefix, bPrefix);
  const bId = await connect(a.context.request, b.context.request);
  const aId = (await sessionUser(a.context.request)).id;
  return { a: { ...a, id: aId }, b: { ...b, id: bId } };
}

function messagesBadge(page: Page) {
  return page.getByRole('link', { name: 'Messages' }).getByTestId('badge');
}

describeInBrowser('direct messages', () => {
  const journey = journeyFixture();

  it('two connections chat live: unread badge, read receipt, typing, and a block stops messages', async () => {
    const { a, b } = await connectedPair(journey, 'alice', 'bruno');
    const [nameA, nameB] = [a.username, b.username];

    // A opens Messages: no conversations yet; the connection is under Connections.
    await a.page.getByRole('link', { name: 'Messages' }).click();
    await a.page.getByText('No conversations yet. Start a conversation from the Connections tab.').waitFor();
    await a.page.getByText('Select a conversation').waitFor();
    await screenshot(a.page, 'messages-empty-1280');
    await a.page.getByRole('tab', { name: 'Connections' }).click();
    // The name filter is case-insensitive.
    await a.page.getByPlaceholder('Search conversations...').fill(nameB.toUpperCase());
    await a.page.getByTestId('connection-item').filter({ hasText: nameB }).click();
    await a.page.getByText('No messages yet. Start the conversation!').waitFor();
    await screenshot(a.page, 'messages-new-conversation-1280');
    await a.page.getByPlaceholder('Search conversations...').fill('');

    // B waits on the feed: the header badge lights up live.
    await expect(messagesBadge(b.page).count()).resolves.toBe(0);

    // First message: Enter sends; the new conversation is then selected in Chats.
    const input = a.page.getByTestId('message-input');
    await input.fill('En garde! Ready for Saturday?');
    await input.press('Enter');
    await a.page.getByTestId('message').filter({ hasText: 'En garde! Ready for Saturday?' }).waitFor();
    await a.page.getByRole('tab', { name: 'Chats', selected: true }).waitFor();
    await a.page
      .getByTestId('conversation-item')
      .filter({ hasText: `Fencer ${nameB}` })
      .waitFor();
    await expect(input.inputValue()).resolves.toBe('');

    await messagesBadge(b.page).filter({ hasText: '1' }).waitFor();
    await screenshot(b.page, 'messages-badge-on-feed');

    // B opens the conversation: the message is there, the unread badge clears, A sees 'Seen'.
    await b.page.getByRole('link', { name: 'Messages' }).click();
    const conversationAtB = b.page.getByTestId('conversation-item').filter({ hasText: `Fencer ${nameA}` });
    await conversationAtB.getByTestId('unread-count').filter({ hasText: '1' }).waitFor();
    await screenshot(b.page, 'messages-unread-1280');
    await conversationAtB.click();
    await b.page.getByTestId('message').filter({ hasText: 'En garde! Ready for Saturday?' }).waitFor();
    await messagesBadge(b.page).waitFor({ state: 'detached' });
    await a.page.getByTestId('seen').waitFor();

    // B types: A sees the indicator; Shift+Enter adds a newline, Enter sends.
    const inputB = b.page.getByTestId('message-input');
    await inputB.pressSequentially('Always');
    await a.page
      .getByTestId('typing-indicator')
      .filter({ hasText: `Fencer ${nameB} is typing…` })
      .waitFor();
    await inputB.press('Shift+Enter');
    await inputB.pressSequentially('see you on the piste');
    await expect(inputB.inputValue()).resolves.toBe('Always\nsee you on the piste');
    await inputB.press('Enter');
    const reply = a.page.getByTestId('message').filter({ hasText: 'see you on the piste' });
    await reply.waitFor();
    await expect(reply.innerText()).resolves.toContain('Always\nsee you on the piste');
    await a.page.getByTestId('typing-indicator').waitFor({ state: 'detached' });
    await a.page.getByText('Just now').first().waitFor();
    // A is looking at the conversation: the reply is read at once, no badge for A.
    await b.page.getByTestId('seen').waitFor();
    await expect(messagesBadge(a.page).count()).resolves.toBe(0);

    await screenshot(a.page, 'messages-conversation-1280');
    await a.page.setViewportSize({ width: 390, height: 844 });
    await screenshot(a.page, 'messages-conversation-390');
    await a.page.getByRole('button', { name: 'Back to conversations' }).click();
    await screenshot(a.page, 'messages-list-390');
    await a.page.setViewportSize({ width: 1280, height: 900 });
    await a.page.getByTestId('conversation-item').first().click();

    // B blocks A from the conversation menu: A's next message is refused.
    const blockMenu = await openMenu(b.page, 'Conversation options');
    await blockMenu.getByRole('menuitem', { name: 'Block User' }).click();
    await b.page.getByText("User blocked successfully. You won't receive messages from them.").waitFor();
    await dismissToast(b.page);
    const menuOfBlocker = await openMenu(b.page, 'Conversation options');
    await menuOfBlocker.getByRole('menuitem', { name: 'Unblock User' }).waitFor();
    await b.page.keyboard.press('Escape');

    await input.fill('Are we still on?');
    await input.press('Enter');
    await a.page.getByText('Failed to send message').waitFor();
    await a.page.getByText('Not sent').waitFor();
    await screenshot(a.page, 'messages-blocked-send-failed');
    await dismissToast(a.page);
    // Nothing reached B.
    await expect(b.page.getByTestId('message').filter({ hasText: 'Are we still on?' }).count()).resolves.toBe(
      0,
    );

    // Unblocking restores messaging; the failed message is retried with the same client id.
    const unblockMenu = await openMenu(b.page, 'Conversation options');
    await unblockMenu.getByRole('menuitem', { name: 'Unblock User' }).click();
    await b.page.getByText('User unblocked successfully. You can now receive messages from them.').waitFor();
    await dismissToast(b.page);
    await a.page.getByRole('button', { name: 'Retry' }).click();
    await b.page.getByTestId('message').filter({ hasText: 'Are we still on?' }).waitFor();
    await expect(a.page.getByText('Not sent').count()).resolves.toBe(0);

    // Delete from A's list: the conversation leaves A's Chats only.
    const deleteMenu = await openMenu(a.page, 'Conversation options');
    await deleteMenu.getByRole('menuitem', { name: 'Delete Conversation' }).click();
    await a.page.getByText('Conversation deleted successfully').waitFor();
    await a.page.getByText('No conversations yet. Start a conversation from the Connections tab.').waitFor();
    await b.page.reload();
    await b.page
      .getByTestId('conversation-item')
      .filter({ hasText: `Fencer ${nameA}` })
      .waitFor();
  }, 90_000);
});

describeInBrowser('direct messages: paging and reconnect', () => {
  const journey = journeyFixture();

  it('opens at the newest message and loads older ones on scrolling up, keeping the position', async () => {
    const { a, b } = await connectedPair(journey, 'ana', 'ben');
    for (let i = 1; i <= 70; i++) {
      await sendMessage(a.context.request, b.id, `Message ${String(i).padStart(2, '0')}`);
    }

    await b.page.getByRole('link', { name: 'Messages' }).click();
    await b.page.getByTestId('conversation-item').click();
    const list = b.page.getByTestId('message-list');
    await list.getByText('Message 70', { exact: true }).waitFor();
    await expect(b.page.getByTestId('message').count()).resolves.toBe(30);
    const atBottom = () => list.evaluate((el) => el.scrollHeight - el.scrollTop - el.clientHeight < 4);
    await expect(atBottom()).resolves.toBe(true);

    // Scrolling up loads the previous page above, and the reader stays where they were.
    await list.evaluate((el) => el.scrollTo({ top: 0 }));
    await list.getByText('Message 11', { exact: true }).waitFor();
    await expect(b.page.getByTestId('message').count()).resolves.toBe(60);
    const [listBox, anchorBox] = await Promise.all([
      list.boundingBox(),
      list.getByText('Message 41', { exact: true }).boundingBox(),
    ]);
    expect(anchorBox!.y).toBeGreaterThanOrEqual(listBox!.y);
    expect(anchorBox!.y).toBeLessThan(listBox!.y + listBox!.height);
    await expect(list.evaluate((el) => el.scrollTop)).resolves.toBeGreaterThan(0);

    await list.evaluate((el) => el.scrollTo({ top: 0 }));
    await list.getByText('Message 01', { exact: true }).waitFor();
    await expect(b.page.getByTestId('message').count()).resolves.toBe(70);
    await expect(b.page.getByRole('button', { name: 'Load older messages' }).count()).resolves.toBe(0);
  }, 90_000);

  it('shows what was sent while the connection was down, without a reload', async () => {
    const { a, b } = await connectedPair(journey, 'cleo', 'dan');
    await sendMessage(b.context.request, a.id, 'Before the drop');

    await a.page.getByRole('link', { name: 'Messages' }).click();
    await a.page.getByTestId('conversation-item').click();
    await a.page.getByTestId('message').filter({ hasText: 'Before the drop' }).waitFor();

    // The server goes away; meanwhile a message is stored through another instance on the same database.
    await live(a.page);
    await journey.app.stop();
    await a.page.getByText('Live updates paused').waitFor();
    const other = await journey.startApp();
    try {
      const missed = await b.page.request.post(`${other.url}/api/messages`, {
        data: { receiverId: a.id, content: 'Sent while you were away' },
      });
      expect(missed.status()).toBe(201);
    } finally {
      await other.stop();
    }
    await journey.restartApp();

    // After the reconnect the open conversation and the list are refetched.
    await a.page
      .getByTestId('message')
      .filter({ hasText: 'Sent while you were away' })
      .waitFor({ timeout: 20_000 });
    await a.page.getByTestId('conversation-item').filter({ hasText: 'Sent while you were away' }).waitFor();
    await expect(a.page.getByTestId('message').count()).resolves.toBe(2);
  }, 90_000);
});
