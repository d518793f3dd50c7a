import type { Page } from 'playwright-core';
import { connect, createPost, logInByApi, ok } from './api';
import { describeInBrowser, journeyFixture } from './journey';
import { live, screenshot, signedIn } from './ui';

const bell = (page: Page) => page.getByRole('button', { name: /^Notifications/ });
const badge = (page: Page) => page.getByTestId('notification-badge');
/** Waits until the bell's badge counts `count`. */
function badgeShows(page: Page, count: string): Promise<unknown> {
  return page.waitForFunction(
    (expected) => document.querySelector('[data-testid="notification-badge"]')?.textContent === expected,
    count,
  );
}
const liveBanner = (page: Page) => page.getByText('Live updates paused — reconnecting…');

describeInBrowser('notification centre and a resilient live client', () => {
  const journey = journeyFixture();

  it("shows B's like, comment and message live in A's bell and page, and recovers from a server restart", async () => {
    const a = await journey.signUpByApi('alba');
    const b = await journey.signUpByApi('bruno');
    const aId = a.user.id;
    const bName = b.user.username;

    // A and B connect; A posts. All before A's tab opens: the request B sent meanwhile is waiting in A's bell.
    await connect(b.context.request, a.context.request);
    const post = await createPost(a.context.request, {
      content: 'Twenty minutes of parry-riposte footwork before every bout',
    });

    await a.page.goto('/');
    await signedIn(a.page);
    await badgeShows(a.page, '1');
    // B acts once A's tab is live.
    await live(a.page);
    await a.page.evaluate(() => ((window as unknown as { stayedLoaded: boolean }).stayedLoaded = true));

    // B likes, comments and messages A.
    await ok(b.context.request.post('/api/likes', { data: { postId: post.id } }));
    await ok(b.context.request.post('/api/comments', { data: { postId: post.id, content: 'Great drill!' } }));
    await ok(
      b.context.request.post('/api/messages', { data: { receiverId: aId, content: 'Bout on Friday?' } }),
    );

    // A's bell counts 4, without a reload.
    await badgeShows(a.page, '4');

    await bell(a.page).click();
    const popover = a.page.getByRole('dialog', { name: 'Notifications' });
    await popover.waitFor();
    await expect(popover.getByTestId('notification').count()).resolves.toBe(4);
    await expect(popover.getByText(`Fencer ${bName}`).count()).resolves.toBe(4);
    await expect(popover.getByTestId('unread-dot').count()).resolves.toBe(4);
    await popover.getByText('“Twenty minutes of parry-riposte footwork before every bout”').first().waitFor();
    await popover.getByRole('button', { name: 'Mark all as read' }).waitFor();
    await screenshot(a.page, 'notifications-popover');

    await popover.getByRole('button', { name: 'View all notifications' }).click();
    await a.page.waitForURL('**/notifications');
    await a.page.getByRole('heading', { name: 'Notifications', level: 1 }).waitFor();
    await a.page.getByText('4 new').waitFor();
    const rows = a.page.getByRole('list', { name: 'Notifications' }).getByTestId('notification');
    await expect(rows.count()).resolves.toBe(4);
    await screenshot(a.page, 'notifications-page');

    // Mark one read, then all: the badge goes.
    await rows.first().getByRole('button', { name: 'Mark as read' }).click();
    await a.page.getByText('3 new').waitFor();
    await expect(badge(a.page).textContent()).resolves.toBe('3');
    await a.page.getByRole('button', { name: 'Mark all as read' }).click();
    await a.page.getByText('All notifications marked as read').waitFor();
    await badge(a.page).waitFor({ state: 'detached' });
    await expect(a.page.getByText(/\d+ new/).count()).resolves.toBe(0);
    await expect(a.page.getByTestId('unread-dot').count()).resolves.toBe(0);
    await expect(a.page.getByRole('button', { name: 'Mark all as read' }).count()).resolves.toBe(0);

    // Delete one.
    await rows.first().getByRole('button', { name: 'Delete notification' }).click();
    await a.page.getByText('The notification has been removed').waitFor();
    await expect(rows.count()).resolves.toBe(3);

    // They are A's only: kept across a reload, under A's key.
    await a.page.reload();
    await a.page.getByRole('heading', { name: 'Notifications', level: 1 }).waitFor();
    await expect(rows.count()).resolves.toBe(3);
    await expect(
      a.page.evaluate(
        (id) => Object.keys(localStorage).filter((key) => key === `piste:notifications:${id}`),
        aId,
      ),
    ).resolves.toHaveLength(1);
    await a.page.evaluate(() => ((window as unknown as { stayedLoaded: boolean }).stayedLoaded = true));

    // The server goes away: the banner says so; it comes back on the same port and the tab recovers by itself.
    // (The reload above opened a new socket: wait until it is live, or there is nothing to lose yet.)
    await live(a.page);
    await journey.app.stop();
    await liveBanner(a.page).waitFor();
    await screenshot(a.page, 'notifications-live-paused');
    await journey.restartApp();
    await liveBanner(a.page).waitFor({ state: 'detached', timeout: 30_000 });
    await live(a.page);

    await ok(
      b.context.request.post('/api/comments', { data: { postId: post.id, content: 'See you there' } }),
    );
    await badgeShows(a.page, '1');
    await a.page.getByText('1 new').waitFor();
    await expect(rows.count()).resolves.toBe(4);
    await expect(
      a.page.evaluate(() => (window as unknown as { stayedLoaded?: boolean }).stayedLoaded),
    ).resolves.toBe(true);
    await screenshot(a.page, 'notifications-after-restart');
  });

  it('shows the empty states, and pages through many notifications with Load more', async () => {
    const { page, user } = await journey.signUpByApi('cara');
    const userId = user.id;
    await page.goto('/notifications');
    await page.getByText('No notifications yet').waitFor();
    await page.getByText("You'll see updates here when people interact with your posts").waitFor();
    await bell(page).click();
    await page.getByRole('dialog', { name: 'Notifications' }).getByText('No notifications yet').waitFor();
    await expect(page.getByRole('button', { name: 'Mark all as read' }).count()).resolves.toBe(0);
    await screenshot(page, 'notifications-empty');
    await page.keyboard.press('Escape');

    // 45 stored notifications, as another tab would have written them: this tab follows through `storage`.
    await page.evaluate((id) => {
      const now = Date.now();
      const items = Array.from({ length: 45 }, (_, i) => ({
        id: now - i * 60_000,
        type: (['like', 'comment', 'follow', 'achievement', 'message', 'other'] as const)[i % 6],
        user: { name: `Fencer ${i}`, avatar: null },
        message: i === 1 ? 'You sent a message' : `Fencer ${i} did thing ${i}`,
        ...(i % 3 === 0
          ? {
              postContent:
                `Post ${i}: a long drill write-up about distance, timing and the second intention. `.repeat(
                  3,
                ),
            }
          : {}),
        time: 'Just now',
        createdAt: new Date(now - i * 60_000).toISOString(),
        unread: i < 5,
      }));
      const key = `piste:notifications:${id}`;
      localStorage.setItem(key, JSON.stringify(items));
      window.dispatchEvent(new StorageEvent('storage', { key, newValue: JSON.stringify(items) }));
    }, userId);

    const rows = page.getByRole('list', { name: 'Notifications' }).getByTestId('notification');
    await page.getByText('5 new').waitFor();
    await expect(rows.count()).resolves.toBe(20);
    await page.getByText('Fencer 3 did thing 3', { exact: true }).waitFor();
    await page.getByText('You sent a message', { exact: true }).waitFor();
    await page.getByText('3 minutes ago', { exact: true }).waitFor();
    await screenshot(page, 'notifications-page-many', { fullPage: false });
    await bell(page).click();
    await screenshot(page, 'notifications-popover-many', { fullPage: false });
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Load more notifications' }).click();
    await expect(rows.count()).resolves.toBe(40);
    await page.getByRole('button', { name: 'Load more notifications' }).click();
    await expect(rows.count()).resolves.toBe(45);
    await expect(page.getByRole('button', { name: 'Load more notifications' }).count()).resolves.toBe(0);

    await page.setViewportSize({ width: 390, height: 844 });
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, 'notifications-page-mobile', { fullPage: false });
    await bell(page).click();
    await screenshot(page, 'notifications-popover-mobile', { fullPage: false });
  });

  it('sends a tab to the auth screen when its session ended while the server was away', async () => {
    const { context, page } = await journey.signUpByApi('dario');
    await page.goto('/');
    await live(page);

    // Signed out elsewhere (same cookies); the open socket does not notice until it has to reconnect.
    await ok(context.request.post('/api/logout'));
    await journey.app.stop();
    await liveBanner(page).waitFor();
    await journey.restartApp();

    await page.getByRole('tab', { name: 'Login' }).waitFor({ timeout: 30_000 });
    await expect(liveBanner(page).count()).resolves.toBe(0);
  });

  it('records each notification once for a user with two tabs open, and keeps the tabs in step', async () => {
    const a = await journey.signUpByApi('elena');
    const b = await journey.signUpByApi('fabio');
    const aId = a.user.id;
    const post = await createPost(a.context.request, { content: 'Lunge drills' });

    const secondTab = await a.context.newPage();
    await Promise.all([a.page.goto('/'), secondTab.goto('/notifications')]);
    await Promise.all([live(a.page), live(secondTab)]);

    await ok(b.context.request.post('/api/likes', { data: { postId: post.id } }));
    await badge(a.page).waitFor();
    await badge(secondTab).waitFor();
    await expect(badge(a.page).textContent()).resolves.toBe('1');
    await expect(badge(secondTab).textContent()).resolves.toBe('1');
    await expect(
      a.page.evaluate(
        (id) => (JSON.parse(localStorage.getItem(`piste:notifications:${id}`) ?? '[]') as []).length,
        aId,
      ),
    ).resolves.toBe(1);

    // Read in one tab: the other follows.
    await bell(a.page).click();
    await a.page
      .getByRole('dialog', { name: 'Notifications' })
      .getByRole('button', { name: 'Mark all as read' })
      .click();
    await badge(secondTab).waitFor({ state: 'detached' });
    await expect(secondTab.getByTestId('unread-dot').count()).resolves.toBe(0);
  });

  it("keeps a like made while the author's browser was closed, and follows reads across browsers", async () => {
    const laptop = await journey.signUpByApi('dora');
    const fan = await journey.signUpByApi('emil');
    const authorName = laptop.user.username;
    const post = await createPost(laptop.context.request, {
      content: 'Counter-attack into preparation, ten reps',
    });

    // No tab of the author is open: the fan likes the post.
    await ok(fan.context.request.post('/api/likes', { data: { postId: post.id } }));

    await laptop.page.goto('/');
    await badgeShows(laptop.page, '1');
    await bell(laptop.page).click();
    const popover = laptop.page.getByRole('dialog', { name: 'Notifications' });
    await popover.getByText('liked your post').waitFor();
    await popover.getByText('“Counter-attack into preparation, ten reps”').waitFor();
    await screenshot(laptop.page, 'notifications-kept-while-closed');

    // The same author on a phone: a second browser with its own storage.
    const phone = await journey.newTab();
    await logInByApi(phone.context.request, authorName);
    await phone.page.goto('/notifications');
    await phone.page.getByText('1 new').waitFor();
    await live(phone.page);

    // Reading it on the laptop, by following it to the post, marks it read on the phone, live.
    await popover.getByTestId('notification-link').first().click();
    await laptop.page.waitForURL(`**/posts/${post.id}`);
    await laptop.page.getByText('Counter-attack into preparation, ten reps').first().waitFor();
    await badge(laptop.page).waitFor({ state: 'detached' });
    await phone.page.getByText('1 new').waitFor({ state: 'detached' });
    await expect(phone.page.getByTestId('unread-dot').count()).resolves.toBe(0);

    // Deleting it on the phone removes it from the laptop too.
    await phone.page.getByRole('button', { name: 'Delete notification' }).click();
    await phone.page.getByText('No notifications yet').waitFor();
    await laptop.page.goto('/notifications');
    await laptop.page.getByText('No notifications yet').waitFor();
  });
});
