import type { Page } from 'playwright-core';
import { connect, createPost, reportPost, uniqueName } from './api';
import { describeInBrowser, journeyFixture } from './journey';
import { live, screenshot, signIn } from './ui';

function moderationBadge(page: Page) {
  return page.getByRole('link', { name: 'Moderation' }).getByTestId('badge');
}

describeInBrowser('moderation', () => {
  const journey = journeyFixture({ admin: true });

  it('B reports A’s post, the admin sees it live and bans A for 1 hour, and A’s open feed closes at once', async () => {
    const admin = await journey.newTab();
    const [[a, b]] = await Promise.all([
      journey.signUpEach('alice', 'bruno'),
      signIn(admin.page, journey.admin.username, journey.admin.password),
    ]);

    // A normal user is turned away from the Moderation screen and has no moderation icon.
    await b.page.goto('/moderation');
    await b.page.getByRole('heading', { name: 'Access Denied' }).waitFor();
    await b.page.getByRole('link', { name: 'Go to Home' }).waitFor();
    await expect(b.page.getByRole('link', { name: 'Moderation' }).count()).resolves.toBe(0);

    // The admin opens an empty queue.
    await admin.page.getByRole('link', { name: 'Moderation' }).click();
    await admin.page.getByRole('heading', { name: 'Post Moderation' }).waitFor();
    await admin.page.getByText('No pending reports. Great job!').waitFor();
    await admin.page.getByText('No resolved reports yet').waitFor();

    // A posts; B reports it from the post's menu.
    const content = `Cheap blades, DM me ${uniqueName('spam')}`;
    await createPost(a.page.request, { content });
    await b.page.goto('/epee');
    const post = b.page.locator('article', { hasText: content });
    await post.getByRole('button', { name: 'Post options' }).click();
    await b.page.getByRole('menuitem', { name: 'Report Post' }).click();
    await b.page.getByText('Report submitted').waitFor();

    // The admin's queue and header badge update without a reload.
    const card = admin.page.locator('article', { hasText: content });
    await card.waitFor();
    await card.getByText('Inappropriate content').waitFor();
    await expect(moderationBadge(admin.page).textContent()).resolves.toBe('1');
    await expect(admin.page.getByTestId('pending-count').textContent()).resolves.toBe('1');
    await screenshot(admin.page, 'moderation-queue-live');

    // A and B are connected (for the message box further down).
    const bId = await connect(a.page.request, b.page.request);

    // A has the feed open, with a post's comment box, live; nothing says "banned" yet.
    await a.page.goto('/epee');
    const ownPost = a.page.locator('article', { hasText: content });
    await ownPost.getByRole('button', { name: /^Comment, / }).click();
    const commentBox = ownPost.getByPlaceholder('Write a comment...');
    await commentBox.waitFor();
    await expect(commentBox.isEnabled()).resolves.toBe(true);
    await expect(a.page.locator('#post-content').isEnabled()).resolves.toBe(true);
    await expect(a.page.getByTestId('banned-note').count()).resolves.toBe(0);
    await live(a.page);

    // Ban A for 1 hour from the report.
    await card.getByRole('button', { name: 'Ban User' }).click();
    const dialog = admin.page.getByRole('dialog', { name: 'Ban User' });
    await dialog.waitFor();
    await expect(dialog.locator('#ban-duration').inputValue()).resolves.toBe('24');
    await expect(dialog.locator('#ban-reason').inputValue()).resolves.toBe(
      'Violation of community guidelines',
    );
    await dialog.locator('#ban-reason').fill('   ');
    await expect(dialog.getByRole('button', { name: 'Ban User' }).isDisabled()).resolves.toBe(true);
    await dialog.locator('#ban-reason').fill('Spam');
    await dialog.locator('#ban-duration').selectOption({ label: '1 hour' });
    await screenshot(admin.page, 'moderation-ban-dialog');
    await dialog.getByRole('button', { name: 'Ban User' }).click();
    await admin.page.getByText('The user has been temporarily banned from posting').waitFor();
    await dialog.waitFor({ state: 'hidden' });

    // The report moved to Resolved Reports, with who handled it.
    await admin.page.getByText('No pending reports. Great job!').waitFor();
    await admin.page.getByRole('heading', { name: 'Resolved Reports (1)' }).waitFor();
    await admin.page.getByRole('list', { name: 'Audit trail' }).getByText('User banned').waitFor();
    await expect(moderationBadge(admin.page).count()).resolves.toBe(0);
    await screenshot(admin.page, 'moderation-after-ban');

    // A's open feed closes at once (ban:new), without a reload, and says until when before A types: the
    // header notice, the composer and the open comment box are closed; the like buttons say why.
    await a.page
      .getByTestId('ban-notice')
      .getByText(/You are banned from posting until .+\./)
      .waitFor();
    const composerNote = a.page.getByTestId('composer').getByTestId('banned-note');
    await composerNote.getByText(/^You are banned from posting until .+/).waitFor();
    await expect(a.page.locator('#post-content').isDisabled()).resolves.toBe(true);
    await expect(
      a.page.getByTestId('composer').getByRole('button', { name: 'Post', exact: true }).isDisabled(),
    ).resolves.toBe(true);
    await expect(a.page.getByRole('button', { name: 'Photo/Video' }).isDisabled()).resolves.toBe(true);
    await expect(commentBox.isDisabled()).resolves.toBe(true);
    await ownPost.getByTestId('banned-note').waitFor();
    const like = ownPost.getByRole('button', { name: /^Like, / });
    await expect(like.isDisabled()).resolves.toBe(true);
    await expect(like.getAttribute('title')).resolves.toMatch(/^You are banned from posting until /);
    // Every closed control names the same end.
    const notice = await composerNote.textContent();
    await expect(ownPost.getByTestId('banned-note').textContent()).resolves.toBe(notice);
    await expect(like.getAttribute('title')).resolves.toBe(notice);
    await expect(a.page.getByTestId('composer').getByTestId('banned-note').count()).resolves.toBe(1);
    await screenshot(a.page, 'moderation-banned-feed', { fullPage: false });
    await a.page.getByRole('button', { name: 'Dismiss notification' }).click();
    await a.page.getByText('You have been banned from posting').waitFor({ state: 'hidden' });
    await a.page.setViewportSize({ width: 360, height: 780 });
    await screenshot(a.page, 'moderation-banned-feed-360', { fullPage: false });
    await commentBox.scrollIntoViewIfNeeded();
    await screenshot(a.page, 'moderation-banned-comment-360', { fullPage: false });
    await a.page.setViewportSize({ width: 1280, height: 900 });

    // The message box to a connection is closed the same way.
    await a.page.goto(`/messages?with=${bId}`);
    const messageInput = a.page.getByTestId('message-input');
    await messageInput.waitFor();
    await expect(messageInput.isDisabled()).resolves.toBe(true);
    await a.page.getByRole('main').getByTestId('banned-note').waitFor();
    await expect(a.page.getByRole('button', { name: 'Send message' }).isDisabled()).resolves.toBe(true);
    await screenshot(a.page, 'moderation-banned-messages', { fullPage: false });

    // The /post page is closed the same way, and the server refuses a post anyway, naming the end in UTC.
    await a.page.getByRole('link', { name: 'Create post' }).click();
    await a.page.getByTestId('composer').getByTestId('banned-note').waitFor();
    await expect(a.page.locator('#post-content').isDisabled()).resolves.toBe(true);
    const refused = await a.page.request.post('/api/posts', {
      data: { content: 'Let me post again', type: 'general', weapon: 'epee' },
    });
    expect(refused.status()).toBe(403);
    await expect(refused.json()).resolves.toEqual({
      message: expect.stringMatching(/^You are banned from posting until \d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC$/),
      code: 'bans.banned',
    });
    // A reload keeps it closed: the session user carries the ban.
    await a.page.reload();
    await a.page.getByTestId('composer').getByTestId('banned-note').waitFor();
    await expect(a.page.locator('#post-content').isDisabled()).resolves.toBe(true);
    await screenshot(a.page, 'moderation-banned-user');

    // The ban dialog starts over after a success: 24 hours and an empty reason (Ban User disabled).
    const content2 = `Second offence ${uniqueName('spam')}`;
    const other = await createPost(b.page.request, { content: content2 });
    await reportPost(a.page.request, other.id);
    const card2 = admin.page.locator('article', { hasText: content2 });
    await card2.getByRole('button', { name: 'Ban User' }).click();
    await expect(dialog.locator('#ban-duration').inputValue()).resolves.toBe('24');
    await expect(dialog.locator('#ban-reason').inputValue()).resolves.toBe('');
    await expect(dialog.getByRole('button', { name: 'Ban User' }).isDisabled()).resolves.toBe(true);
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    // Dismiss it: the toast, and the report joins the resolved list.
    await card2.getByRole('button', { name: 'Dismiss' }).click();
    await admin.page.getByText('Report has been updated').waitFor();
    await admin.page.getByRole('heading', { name: 'Resolved Reports (2)' }).waitFor();

    // Delete a reported post: the report is resolved and keeps the post's snapshot.
    const content3 = `Third strike ${uniqueName('spam')}`;
    const thirdId = (await createPost(b.page.request, { content: content3 })).id;
    await reportPost(a.page.request, thirdId);
    await admin.page
      .locator('article', { hasText: content3 })
      .getByRole('button', { name: 'Delete Post' })
      .click();
    await admin.page.getByText('The reported post has been removed').waitFor();
    await admin.page.getByRole('heading', { name: 'Resolved Reports (3)' }).waitFor();
    const resolvedItem = admin.page.locator('li', { hasText: content3 });
    await resolvedItem.getByText('Post deleted', { exact: true }).first().waitFor();
    await expect(b.page.request.get(`/api/posts/id/${thirdId}`).then((r) => r.status())).resolves.toBe(404);

    await admin.page.setViewportSize({ width: 390, height: 844 });
    await screenshot(admin.page, 'moderation-resolved-mobile');
  });
});
