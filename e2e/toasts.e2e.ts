import type { Locator, Page } from 'playwright-core';
import { connect, createPost, uniqueName } from './api';
import { describeInBrowser, journeyFixture } from './journey';
import { dismissToast, screenshot } from './ui';

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

function intersects(a: Box, b: Box): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

async function boxOf(locator: Locator): Promise<Box> {
  const box = await locator.boundingBox();
  if (!box) throw new Error('not laid out');
  return box;
}

/** The one toast on screen, once it has finished sliding in. */
async function shownToast(page: Page, title: string): Promise<Box> {
  const toast = page.locator('[data-toast-variant]', { hasText: title });
  await toast.waitFor();
  await expect(page.locator('[data-toast-variant]').count()).resolves.toBe(1);
  await page.waitForTimeout(300);
  return boxOf(toast);
}

/** Asserts that the toast covers none of `targets`, and that the field still has the focus. */
async function expectClear(page: Page, toast: Box, field: Locator, ...targets: Locator[]): Promise<void> {
  await expect(field.evaluate((el) => el === document.activeElement)).resolves.toBe(true);
  for (const target of [field, ...targets]) {
    const box = await boxOf(target);
    expect({ toast, target: box, intersects: intersects(toast, box) }).toMatchObject({ intersects: false });
  }
}

/** Makes every request matching `url` and `method` fail with a 500, as a server error would. */
async function failing(page: Page, url: string, method: string, message: string): Promise<void> {
  await page.route(url, (route) =>
    route.request().method() === method
      ? route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ message }) })
      : route.fallback(),
  );
}

const SIZES = [
  { name: 'desktop', width: 1440, height: 900 },
  { name: 'phone', width: 360, height: 740 },
] as const;

describeInBrowser('toasts never cover what the user is typing', () => {
  const journey = journeyFixture();

  it.each(SIZES)('on /messages, the feed composer and a comment box ($name, $width px)', async (size) => {
    const [a, b] = await Promise.all([
      journey.signUp('tina', { viewport: { width: size.width, height: size.height } }),
      journey.signUp('tomas'),
    ]);
    const bId = await connect(a.page.request, b.page.request);
    // Enough posts below the composer for a comment box to scroll anywhere on the screen.
    const content = `Toast check ${uniqueName('post')}`;
    for (let i = 0; i < 4; i++) {
      await createPost(b.page.request, { content: i === 0 ? content : `${content} (${i})` });
    }

    // The message box: a send that fails says so in a toast, clear of the box and its Send button.
    await a.page.goto(`/messages?with=${bId}`);
    const messageInput = a.page.getByTestId('message-input');
    await messageInput.waitFor();
    await failing(a.page, '**/api/messages', 'POST', 'The server is busy');
    await messageInput.fill('Are you at the club tonight?');
    await messageInput.press('Enter');
    const messageToast = await shownToast(a.page, 'Failed to send message');
    await expectClear(
      a.page,
      messageToast,
      messageInput,
      a.page.getByRole('button', { name: 'Send message' }),
    );
    await screenshot(a.page, `toasts-messages-${size.width}`, { fullPage: false });
    await dismissToast(a.page);

    // The feed's composer, right below the header: after a failed post the author goes back to the draft while
    // the toast still shows, and it moves clear of the draft and its Post button.
    await a.page.goto('/epee');
    const composer = a.page.getByTestId('composer');
    const textarea = a.page.locator('#post-content');
    await textarea.waitFor();
    await failing(a.page, '**/api/posts', 'POST', 'The server is busy');
    await textarea.fill('A drill that will not go out');
    await composer.getByRole('button', { name: 'Post', exact: true }).click();
    await shownToast(a.page, 'Error creating post');
    await textarea.click();
    const composerToast = await shownToast(a.page, 'Error creating post');
    await expectClear(
      a.page,
      composerToast,
      textarea,
      composer.getByRole('button', { name: 'Post', exact: true }),
    );
    await screenshot(a.page, `toasts-composer-${size.width}`, { fullPage: false });
    await dismissToast(a.page);

    // A comment box, scrolled to the top of the screen (under the header) and then to the bottom.
    const card = a.page.locator('article', { hasText: content }).filter({ hasNotText: `${content} (` });
    await card.getByRole('button', { name: /^Comment\b/ }).click();
    const commentBox = card.getByPlaceholder('Write a comment...');
    await commentBox.waitFor();
    await failing(a.page, '**/api/comments', 'POST', 'Failed to add comment');
    const commentForm = commentBox.locator('xpath=ancestor::form[1]');
    for (const where of ['top', 'bottom'] as const) {
      await commentForm.evaluate((form, at) => {
        const header = document.querySelector('header')!.getBoundingClientRect().bottom;
        const { top, height } = form.getBoundingClientRect();
        const target = at === 'top' ? header + 8 : window.innerHeight - height - 8;
        window.scrollBy(0, top - target);
      }, where);
      await commentBox.fill(`A comment at the ${where}`);
      await commentBox.press('Enter');
      const commentToast = await shownToast(a.page, 'Failed to add comment');
      await expectClear(a.page, commentToast, commentBox, card.getByRole('button', { name: 'Send comment' }));
      await screenshot(a.page, `toasts-comment-${where}-${size.width}`, { fullPage: false });
      await dismissToast(a.page);
    }
  });
});
