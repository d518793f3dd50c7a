import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { APIRequestContext, Browser, BrowserContext, Page } from 'playwright-core';
import { describeInBrowser, launchBrowser, startApp, uniqueName, type RunningApp } from './helpers';
import {
  SCREENSHOTS,
  ADMIN_USERNAME,
  ADMIN_PASSWORD,
  SCREENS_TIMEOUT,
  type Fencer,
  checkScreen,
  ok,
  registerFencer,
  post,
  uploadImage,
  newContext,
  feedLoaded,
  focusedName,
  focusIsIn,
  postCard,
} from './screen-checks';

/**
 * Every screen, signed out, as a fencer and as an admin, with its menus, popover and dialogs open: in the light and
 * the dark theme, on a desktop (1440 px) and a phone (360 px). Each must pass axe-core's WCAG 2 A/AA and
 * best-practice rules with no serious or critical violation, have exactly one h1, and never scroll sideways on the
 * phone. A full-page screenshot of each lands in e2e/screenshots/{screen}-{width}-{theme}.png for a person to look at.
 */
describeInBrowser('every screen: accessible, no sideways scroll on a phone, light and dark', () => {
  let app: RunningApp;
  let browser: Browser;
  /** The fencer whose screens are checked. */
  let ana: { context: BrowserContext; page: Page; user: Fencer };
  let ben: { request: APIRequestContext; user: Fencer };
  let admin: { context: BrowserContext; page: Page };
  // A hashtag is one long word with no break in it: every screen that shows the drill must wrap it, not
  // scroll sideways.
  const drill = `Lunge ladder ${uniqueName('drill')}: five lunges, one step further each time. #lungeladderfivelungesonestepfurthereachtime`;
  const reportedContent = `Cheap blades, message me ${uniqueName('spam')}`;
  let drillId: string;

  beforeAll(async () => {
    mkdirSync(SCREENSHOTS, { recursive: true });
    [app, browser] = await Promise.all([startApp({ ADMIN_USERNAME, ADMIN_PASSWORD }), launchBrowser()]);

    // Ana posts in every feed: general, a drill, an achievement and a picture.
    const anaSession = await newContext(browser, app.url);
    const anaUser = await registerFencer(anaSession.context.request, 'Ana');
    ana = { ...anaSession, user: anaUser };
    const anaRequest = ana.context.request;
    const image = await uploadImage(anaRequest);
    await post(anaRequest, {
      content: 'Morning bout review: my counter-attacks to the wrist are finally landing.',
      mediaUrl: image,
      mediaType: 'image',
    });
    await post(anaRequest, {
      type: 'achievement',
      content: 'Gold at the regional open after a long final.',
      achievementDetails: { place: '1st', score: '15-12', competition: 'Regional Open', competitors: 64 },
    });
    drillId = (
      await post(anaRequest, {
        type: 'drill',
        content: drill,
        drillDetails: {
          duration: '15 minutes',
          level: 'Beginner',
          equipment: 'Épée, mask, partner',
          focus: 'Distance',
        },
      })
    ).id;
    await post(anaRequest, { weapon: 'foil', content: 'Foil right of way finally makes sense to me.' });
    await post(anaRequest, {
      weapon: 'sabre',
      content: 'Sabre footwork circuit: ten rounds of advance-lunge.',
    });

    // Ana has the feed open, live, so what follows reaches her as notifications.
    await ana.page.goto('/epee');
    await ana.page.locator('[data-live-connection="connected"]').waitFor({ state: 'attached' });

    // Ben connects with Ana, writes to her, likes and comments on her drill, and posts what gets reported.
    const benContext = await browser.newContext({ baseURL: app.url });
    ben = { request: benContext.request, user: await registerFencer(benContext.request, 'Ben') };
    const request = await ok<{ id: string }>(
      benContext.request.post('/api/friend-requests', { data: { receiverId: ana.user.id } }),
    );
    await ok(anaRequest.put(`/api/friend-requests/${request.id}`, { data: { status: 'accepted' } }));
    await ok(
      benContext.request.post('/api/messages', {
        data: { receiverId: ana.user.id, content: 'Training tonight at seven?' },
      }),
    );
    await ok(
      benContext.request.post('/api/messages', {
        data: { receiverId: ana.user.id, content: 'Bring the spare mask, please.' },
      }),
    );
    await ok(benContext.request.post('/api/likes', { data: { postId: drillId } }));
    await ok(
      benContext.request.post('/api/comments', {
        data: { postId: drillId, content: 'Great ladder, trying it tonight!' },
      }),
    );
    const reported = await post(benContext.request, { content: reportedContent });

    // Cleo asks Ana to connect (pending); Dora is someone Ana can discover.
    const cleoContext = await browser.newContext({ baseURL: app.url });
    await registerFencer(cleoContext.request, 'Cleo');
    await ok(cleoContext.request.post('/api/friend-requests', { data: { receiverId: ana.user.id } }));
    const doraContext = await browser.newContext({ baseURL: app.url });
    await registerFencer(doraContext.request, 'Dora');

    // Ana reports Ben's post: the admin's queue has one.
    await ok(
      anaRequest.post('/api/reports', { data: { postId: reported.id, reason: 'Inappropriate content' } }),
    );
    await Promise.all([cleoContext.close(), doraContext.close()]);
    // The friend request, its acceptance, the messages, the like, the comment and Cleo's request.
    await ana.page.getByRole('button', { name: /^Notifications, \d+ unread$/ }).waitFor();

    admin = await newContext(browser, app.url);
    await ok(
      admin.context.request.post('/api/login', {
        data: { username: ADMIN_USERNAME, password: ADMIN_PASSWORD },
      }),
    );
  }, SCREENS_TIMEOUT);

  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  it(
    'auth: Login and Register',
    async () => {
      const { context, page } = await newContext(browser, app.url);
      await page.goto('/');
      await page.locator('#login-username').waitFor();
      await checkScreen(page, 'auth-login');
      await page.getByRole('tab', { name: 'Register' }).click();
      await page.locator('#register-username').waitFor();
      await checkScreen(page, 'auth-register');
      await context.close();
    },
    SCREENS_TIMEOUT,
  );

  it(
    'feeds: épée with a thread and a post menu open, and the dialog to delete a post; foil, sabre',
    async () => {
      const { page } = ana;
      await page.goto('/epee');
      await feedLoaded(page);

      // The skip link is the first stop for the keyboard, and takes it to the page.
      await page.keyboard.press('Tab');
      await expect(focusedName(page)).resolves.toBe('Skip to main content');
      // Shown while focused (sr-only otherwise).
      const skipLink = await page.getByRole('link', { name: 'Skip to main content' }).boundingBox();
      expect(skipLink?.width).toBeGreaterThan(40);
      await page.screenshot({ path: join(SCREENSHOTS, 'skip-link-1440-light.png') });
      await page.keyboard.press('Enter');
      await expect(page.evaluate(() => document.activeElement?.id)).resolves.toBe('main');

      const card = postCard(page, drill);
      await card.getByRole('button', { name: 'Comment, 1 comment' }).click();
      await card.getByTestId('comment').first().waitFor();
      await card.getByRole('button', { name: 'Like, 1 like', pressed: false }).waitFor();
      await card.getByRole('button', { name: 'Dislike, 0 dislikes', pressed: false }).waitFor();
      const menuButton = card.getByRole('button', { name: 'Post options' });
      await menuButton.click();
      await card.getByRole('menu').waitFor();
      await expect(focusedName(page)).resolves.toBe('Delete Post');
      await checkScreen(page, 'feed-epee');

      // Escape closes the menu and gives focus back to its button.
      await page.keyboard.press('Escape');
      await card.getByRole('menu').waitFor({ state: 'detached' });
      await expect(focusedName(page)).resolves.toBe('Post options');

      // The delete dialog takes focus, and Escape closes it with focus back on the menu's button.
      await menuButton.click();
      await card.getByRole('menuitem', { name: 'Delete Post' }).click();
      const dialog = page.getByRole('dialog', { name: 'Delete this post?' });
      await dialog.waitFor();
      await expect(focusIsIn(page, 'dialog[open]')).resolves.toBe(true);
      await checkScreen(page, 'feed-delete-dialog');
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'hidden' });
      await expect(focusedName(page)).resolves.toBe('Post options');

      await page.goto('/foil');
      await feedLoaded(page);
      await postCard(page, 'Foil right of way').waitFor();
      await checkScreen(page, 'feed-foil');

      await page.goto('/sabre');
      await feedLoaded(page);
      await postCard(page, 'Sabre footwork circuit').waitFor();
      await checkScreen(page, 'feed-sabre');
    },
    SCREENS_TIMEOUT,
  );

  it(
    'create post',
    async () => {
      const { page } = ana;
      await page.goto('/post');
      await page.getByTestId('composer').waitFor();
      await page.getByText('Drill', { exact: true }).click();
      await page.locator('#drill-duration').waitFor();
      await checkScreen(page, 'create-post');
    },
    SCREENS_TIMEOUT,
  );

  it(
    'a post on its own page',
    async () => {
      const { page } = ana;
      await page.goto(`/posts/${drillId}`);
      await page.getByTestId('search-post').filter({ hasText: drill }).waitFor();
      await checkScreen(page, 'post');
    },
    SCREENS_TIMEOUT,
  );

  it(
    'messages, with a conversation open',
    async () => {
      const { page } = ana;
      await page.goto(`/messages?with=${ben.user.id}`);
      // The conversation itself, not its preview in the list (which can show first).
      await page.getByTestId('message-list').getByText('Bring the spare mask, please.').waitFor();
      // A message that arrives while the conversation is open is read out (a polite live region).
      const announcement = page.getByTestId('message-announcement');
      await expect(announcement.textContent()).resolves.toBe('');
      // Only once the tab is live does the message arrive as a live event; before that it would be fetched.
      await page.locator('[data-live-connection="connected"]').waitFor({ state: 'attached' });
      await ok(
        ben.request.post('/api/messages', {
          data: { receiverId: ana.user.id, content: 'See you at the club.' },
        }),
      );
      await page.getByTestId('message').filter({ hasText: 'See you at the club.' }).waitFor();
      await announcement
        .filter({ hasText: `New message from ${ben.user.name}: See you at the club.` })
        .waitFor({ state: 'attached' });
      await checkScreen(page, 'messages');
    },
    SCREENS_TIMEOUT,
  );

  it(
    'connections: each tab, Discover with results',
    async () => {
      const { page } = ana;
      await page.goto('/connections');
      await page.getByRole('tabpanel').getByText(ben.user.name).waitFor();
      await checkScreen(page, 'connections');
      await page.getByRole('tab', { name: /^Connection Requests/ }).click();
      await page.getByRole('tabpanel').getByText('Cleo Duval').waitFor();
      await checkScreen(page, 'connections-requests');
      await page.getByRole('tab', { name: /^Sent Connection Requests/ }).click();
      await page.getByRole('tabpanel', { name: /^Sent Connection Requests/ }).waitFor();
      await checkScreen(page, 'connections-sent');
      await page.getByRole('tab', { name: /^Discover/ }).click();
      await page.getByPlaceholder('Search for fencers by name or username...').fill('Duval');
      await page.getByRole('list', { name: 'Search results' }).getByText('Dora Duval').waitFor();
      await checkScreen(page, 'connections-discover');
    },
    SCREENS_TIMEOUT,
  );

  it(
    'notifications: the page, and the bell’s popover with focus inside it',
    async () => {
      const { page } = ana;
      await page.goto('/notifications');
      await page.getByRole('list', { name: 'Notifications' }).getByTestId('notification').first().waitFor();
      await checkScreen(page, 'notifications');

      await page.goto('/epee');
      await feedLoaded(page);
      const bell = page.getByRole('button', { name: /^Notifications/ });
      await bell.click();
      const popover = page.getByRole('dialog', { name: 'Notifications' });
      await popover.getByTestId('notification').first().waitFor();
      await expect(focusIsIn(page, '[role="dialog"]')).resolves.toBe(true);
      // Shift+Tab from the top goes round to the popover's last control, and Tab from there back to its first.
      await page.keyboard.press('Shift+Tab');
      await expect(focusedName(page)).resolves.toBe('View all notifications');
      await page.keyboard.press('Tab');
      await expect(focusIsIn(page, '[role="dialog"]')).resolves.toBe(true);
      await checkScreen(page, 'notification-popover');
      await page.keyboard.press('Escape');
      await popover.waitFor({ state: 'detached' });
      await expect(focusedName(page)).resolves.toMatch(/^Notifications/);
    },
    SCREENS_TIMEOUT,
  );

  it(
    'profile: view and edit',
    async () => {
      const { page } = ana;
      await page.goto('/profile');
      await page.getByTestId('profile-display-name').waitFor();
      await checkScreen(page, 'profile');
      await page.getByRole('button', { name: 'Edit Profile' }).click();
      await page.getByRole('button', { name: 'Save' }).waitFor();
      await checkScreen(page, 'profile-edit');
    },
    SCREENS_TIMEOUT,
  );

  it(
    'fencers’ pages: another’s and one’s own',
    async () => {
      const { page } = ana;
      await page.goto(`/u/${ben.user.username}`);
      await page.getByRole('heading', { name: ben.user.name }).waitFor();
      await page.getByTestId('post-card').first().waitFor();
      await checkScreen(page, 'fencer');

      // Ana's own page: her competition record lists the achievement.
      await page.goto(`/u/${ana.user.username}`);
      await page.getByRole('heading', { name: ana.user.name }).waitFor();
      await page.getByText('Regional Open').first().waitFor();
      await checkScreen(page, 'fencer-own');
    },
    SCREENS_TIMEOUT,
  );

  it(
    'search results',
    async () => {
      const { page } = ana;
      await page.goto('/search?q=lunge');
      await page.getByTestId('search-post').filter({ hasText: 'Lunge ladder' }).waitFor();
      await checkScreen(page, 'search');
    },
    SCREENS_TIMEOUT,
  );

  it(
    'moderation: the queue and the Ban dialog as an admin, Access Denied for a fencer',
    async () => {
      const { page } = admin;
      await page.goto('/moderation');
      const card = page.locator('article', { hasText: reportedContent });
      await card.waitFor();
      await page.getByRole('link', { name: 'Moderation, 1 pending report' }).waitFor();
      await checkScreen(page, 'moderation');
      await card.getByRole('button', { name: 'Ban User' }).click();
      await page.getByRole('dialog', { name: 'Ban User' }).waitFor();
      await expect(focusIsIn(page, 'dialog[open]')).resolves.toBe(true);
      await checkScreen(page, 'moderation-ban-dialog');
      await page.keyboard.press('Escape');
      await page.getByRole('dialog', { name: 'Ban User' }).waitFor({ state: 'hidden' });
      await expect(focusedName(page)).resolves.toBe('Ban User');

      await ana.page.goto('/moderation');
      await ana.page.getByRole('heading', { name: 'Access Denied' }).waitFor();
      await checkScreen(ana.page, 'moderation-denied');
    },
    SCREENS_TIMEOUT,
  );

  it(
    '404',
    async () => {
      const { page } = ana;
      await page.goto('/no-such-page');
      await page.getByRole('heading', { name: '404 Page Not Found' }).waitFor();
      await checkScreen(page, 'not-found');
    },
    SCREENS_TIMEOUT,
  );
});
