import type { Locator, Page } from 'playwright-core';
import { sendMessage, type Fencer } from './api';
import { describeInBrowser, journeyFixture } from './journey';
import { checkScreen, SCREENS_TIMEOUT } from './screen-checks';
import { buildScreensWorld, type ScreensWorld } from './screens-world';
import { makePng } from '../backend/test/media-fixtures';
import { feedLoaded, focusedName, focusIsIn, focusSettlesOn, live, postCard, screenshot } from './ui';

/** The shape of a mailed link's token (43 URL-safe characters), one the app never issued. */
const WELL_FORMED_TOKEN = 'A'.repeat(43);

/** One screen to check: whose tab shows it, how to reach it (checking what leads there), and what leaving does. */
interface Screen {
  screen: string;
  who: 'visitor' | 'ana' | 'admin' | 'newcomer';
  reach(page: Page): Promise<void>;
  /** What must hold once it is closed, e.g. where the focus goes back to. */
  leave?(page: Page): Promise<void>;
}

/**
 * Every screen, signed out, as a fencer and as an admin, with its menus, popover and dialogs open: in the light and
 * the dark theme, on a desktop (1440 px) and a phone (360 px). Each must pass axe-core's WCAG 2 A/AA and
 * best-practice rules with no serious or critical violation, have exactly one h1, and never scroll sideways on the
 * phone. A full-page screenshot of each lands in e2e/screenshots/{screen}-{width}-{theme}.png for a person to look at.
 */
describeInBrowser('every screen: accessible, no sideways scroll on a phone, light and dark', () => {
  const journey = journeyFixture({ admin: true });
  let world: ScreensWorld;

  beforeAll(async () => {
    world = await buildScreensWorld(journey);
  }, SCREENS_TIMEOUT);

  // By its id: while it is edited, its text is in a text box, not in the card's text.
  const drillCard = (page: Page) =>
    page.locator(`[data-testid="post-card"][data-post-id="${world.drill.id}"]`);

  /** Goes to `path` and waits for what shows that the screen is there. */
  const visit =
    (path: string | (() => string), ...shown: ((page: Page) => Locator)[]) =>
    async (page: Page): Promise<void> => {
      await page.goto(typeof path === 'string' ? path : path());
      for (const locate of shown) await locate(page).waitFor();
    };

  /** A fencer's page, their name its heading, once `shown` is there too. */
  const fencerPage = (fencer: () => Fencer, shown: (page: Page) => Locator) =>
    visit(
      () => `/u/${fencer().username}`,
      (page) => page.getByRole('heading', { name: fencer().name }),
      (page) => page.getByTestId('record-totals'),
      shown,
    );

  async function openFeed(page: Page, path: string, post?: string): Promise<void> {
    await page.goto(path);
    await feedLoaded(page);
    if (post) await postCard(page, post).waitFor();
  }

  async function openConnectionsTab(page: Page, tab: RegExp): Promise<void> {
    await page.goto('/connections');
    await page.getByRole('tab', { name: tab }).click();
  }

  async function openReport(page: Page): Promise<void> {
    await page.goto('/moderation');
    await page.locator('article', { hasText: world.reportedContent }).waitFor();
  }

  /** Escape closes what is open and gives the focus back to what opened it. */
  const escapeFocuses =
    (name: string | RegExp, closed: (page: Page) => Promise<void>) => async (page: Page) => {
      await page.keyboard.press('Escape');
      await closed(page);
      if (typeof name === 'string') await expect(focusSettlesOn(page, name)).resolves.toBe(name);
      else expect(await focusedName(page)).toMatch(name);
    };

  const SCREENS: Screen[] = [
    { screen: 'auth-login', who: 'visitor', reach: visit('/', (page) => page.locator('#login-username')) },
    {
      screen: 'auth-register',
      who: 'visitor',
      async reach(page) {
        await page.goto('/');
        await page.getByRole('tab', { name: 'Register' }).click();
        await page.locator('#register-username').waitFor();
      },
    },
    {
      screen: 'forgot-password',
      who: 'visitor',
      reach: visit('/forgot-password', (page) =>
        page.getByRole('heading', { name: 'Forgot your password?' }),
      ),
    },
    {
      // A link's token is only checked once the new password is sent.
      screen: 'reset-password',
      who: 'visitor',
      reach: visit(`/reset-password?token=${WELL_FORMED_TOKEN}`, (page) => page.locator('#reset-password')),
    },
    {
      screen: 'reset-password-invalid',
      who: 'visitor',
      reach: visit('/reset-password?token=expired', (page) =>
        page.getByRole('link', { name: 'Ask for a new link' }),
      ),
    },
    {
      screen: 'verify-email-failed',
      who: 'visitor',
      reach: visit(`/verify-email?token=${WELL_FORMED_TOKEN}`, (page) =>
        page.getByRole('heading', { name: 'This link did not work' }),
      ),
    },
    {
      screen: 'feed-epee',
      who: 'ana',
      async reach(page) {
        await openFeed(page, '/epee');
        const card = drillCard(page);
        await card.getByRole('button', { name: 'Comment, 1 comment' }).click();
        await card.getByTestId('comment').first().waitFor();
        await card.getByRole('button', { name: 'Like, 1 like', pressed: false }).waitFor();
        await card.getByRole('button', { name: 'Dislike, 0 dislikes', pressed: false }).waitFor();
        await card.getByRole('button', { name: 'Post options' }).click();
        await card.getByRole('menu').waitFor();
        await expect(focusSettlesOn(page, 'Edit post')).resolves.toBe('Edit post');
      },
      leave: escapeFocuses('Post options', (page) =>
        drillCard(page).getByRole('menu').waitFor({ state: 'detached' }),
      ),
    },
    {
      // The delete dialog takes focus, and Escape closes it with focus back on the menu's button.
      screen: 'feed-delete-dialog',
      who: 'ana',
      async reach(page) {
        await openFeed(page, '/epee');
        await drillCard(page).getByRole('button', { name: 'Post options' }).click();
        await drillCard(page).getByRole('menuitem', { name: 'Delete Post' }).click();
        await page.getByRole('dialog', { name: 'Delete this post?' }).waitFor();
        await expect(focusIsIn(page, 'dialog[open]')).resolves.toBe(true);
      },
      leave: escapeFocuses('Post options', (page) =>
        page.getByRole('dialog', { name: 'Delete this post?' }).waitFor({ state: 'hidden' }),
      ),
    },
    {
      // Ana's drill was edited: its mark opens the earlier text.
      screen: 'post-history-dialog',
      who: 'ana',
      async reach(page) {
        await openFeed(page, '/epee');
        await drillCard(page)
          .getByRole('button', { name: /edited/i })
          .first()
          .click();
        const dialog = page.getByRole('dialog');
        await dialog.getByText('Lunge ladder', { exact: false }).first().waitFor();
        await expect(focusIsIn(page, 'dialog[open]')).resolves.toBe(true);
      },
      leave: escapeFocuses(/edited/i, (page) => page.getByRole('dialog').waitFor({ state: 'hidden' })),
    },
    {
      screen: 'post-editing',
      who: 'ana',
      async reach(page) {
        await openFeed(page, '/epee');
        await drillCard(page).getByRole('button', { name: 'Post options' }).click();
        await drillCard(page).getByRole('menuitem', { name: 'Edit post' }).click();
        await drillCard(page).getByRole('button', { name: 'Cancel' }).waitFor();
      },
    },
    {
      // A connections-only post says so on its card.
      screen: 'feed-foil',
      who: 'ana',
      async reach(page) {
        await openFeed(page, '/foil', 'Foil right of way');
        await postCard(page, 'Club night moved').getByText('Connections only').first().waitFor();
      },
    },
    { screen: 'feed-sabre', who: 'ana', reach: (page) => openFeed(page, '/sabre', 'Sabre footwork circuit') },
    {
      // Typing @ and the start of a name suggests fencers, Ana's connections first.
      screen: 'create-post-mention',
      who: 'ana',
      async reach(page) {
        await page.goto('/post');
        await page.locator('#post-content').fill('Thanks @Be');
        await page.getByTestId('mention-suggestions').getByRole('option').first().waitFor();
      },
    },
    {
      // An image without a description: the composer asks for one, without stopping the post.
      screen: 'create-post-image',
      who: 'ana',
      async reach(page) {
        await page.goto('/post');
        await page.locator('#post-media').setInputFiles({
          name: 'salute.png',
          mimeType: 'image/png',
          buffer: makePng(480, 270, [16, 185, 129]),
        });
        await page.getByText('Add a description so everyone can enjoy your image.').waitFor();
      },
    },
    {
      screen: 'create-post',
      who: 'ana',
      async reach(page) {
        await page.goto('/post');
        await page.getByTestId('composer').waitFor();
        await page.getByText('Drill', { exact: true }).click();
        await page.locator('#drill-duration').waitFor();
      },
    },
    {
      screen: 'post',
      who: 'ana',
      reach: visit(
        () => `/posts/${world.drill.id}`,
        (page) => page.getByTestId('search-post').filter({ hasText: world.drill.content }),
      ),
    },
    {
      screen: 'messages',
      who: 'ana',
      async reach(page) {
        const { ben, ana } = world;
        await page.goto(`/messages?with=${ben.user.id}`);
        // The conversation itself, not its preview in the list (which can show first).
        await page.getByTestId('message-list').getByText('Bring the spare mask, please.').waitFor();
        // A message that arrives while the conversation is open is read out (a polite live region).
        const announcement = page.getByTestId('message-announcement');
        await expect(announcement.textContent()).resolves.toBe('');
        // Only once the tab is live does the message arrive as a live event; before that it would be fetched.
        await live(page);
        await sendMessage(ben.request, ana.user.id, 'See you at the club.');
        await page.getByTestId('message').filter({ hasText: 'See you at the club.' }).waitFor();
        await announcement
          .filter({ hasText: `New message from ${ben.user.name}: See you at the club.` })
          .waitFor({ state: 'attached' });
      },
    },
    {
      screen: 'connections',
      who: 'ana',
      reach: visit('/connections', (page) => page.getByRole('tabpanel').getByText(world.ben.user.name)),
    },
    {
      screen: 'connections-requests',
      who: 'ana',
      async reach(page) {
        await openConnectionsTab(page, /^Connection Requests/);
        await page.getByRole('tabpanel').getByText('Cleo Duval').waitFor();
      },
    },
    {
      screen: 'connections-sent',
      who: 'ana',
      async reach(page) {
        await openConnectionsTab(page, /^Sent Connection Requests/);
        await page.getByRole('tabpanel', { name: /^Sent Connection Requests/ }).waitFor();
      },
    },
    {
      screen: 'connections-discover',
      who: 'ana',
      async reach(page) {
        await openConnectionsTab(page, /^Discover/);
        await page.getByPlaceholder('Search for fencers by name or username...').fill('Duval');
        await page.getByRole('list', { name: 'Search results' }).getByText('Dora Duval').waitFor();
      },
    },
    {
      screen: 'notifications',
      who: 'ana',
      reach: visit('/notifications', (page) =>
        page.getByRole('list', { name: 'Notifications' }).getByTestId('notification').first(),
      ),
    },
    {
      // The bell's popover takes the focus and keeps it inside.
      screen: 'notification-popover',
      who: 'ana',
      async reach(page) {
        await openFeed(page, '/epee');
        await page.getByRole('button', { name: /^Notifications/ }).click();
        await page
          .getByRole('dialog', { name: 'Notifications' })
          .getByTestId('notification')
          .first()
          .waitFor();
        await expect(focusIsIn(page, '[role="dialog"]')).resolves.toBe(true);
        // Shift+Tab from the top goes round to the popover's last control, and Tab from there back to its first.
        await page.keyboard.press('Shift+Tab');
        await expect(focusedName(page)).resolves.toBe('View all notifications');
        await page.keyboard.press('Tab');
        await expect(focusIsIn(page, '[role="dialog"]')).resolves.toBe(true);
      },
      leave: escapeFocuses(/^Notifications/, (page) =>
        page.getByRole('dialog', { name: 'Notifications' }).waitFor({ state: 'detached' }),
      ),
    },
    {
      screen: 'profile',
      who: 'ana',
      reach: visit(
        '/profile',
        (page) => page.getByTestId('profile-display-name'),
        (page) => page.getByTestId('rating-row').first(),
      ),
    },
    {
      screen: 'profile-edit',
      who: 'ana',
      async reach(page) {
        await page.goto('/profile');
        await page.getByRole('button', { name: 'Edit Profile' }).click();
        await page.getByRole('button', { name: 'Save' }).waitFor();
      },
    },
    {
      screen: 'fencer',
      who: 'ana',
      reach: fencerPage(
        () => world.ben.user,
        (page) => page.getByTestId('post-card').first(),
      ),
    },
    {
      // Ana's own page: her competition record lists the achievement.
      screen: 'fencer-own',
      who: 'ana',
      reach: fencerPage(
        () => world.ana.user,
        (page) => page.getByText('Regional Open').first(),
      ),
    },
    {
      screen: 'tag',
      who: 'ana',
      reach: visit('/tags/lungeladder', (page) => page.getByTestId('post-card').first()),
    },
    {
      screen: 'drills',
      who: 'ana',
      reach: visit('/drills?level=Beginner&sort=saved', (page) =>
        page.getByTestId('post-card').filter({ hasText: 'Lunge ladder' }),
      ),
    },
    {
      screen: 'saved',
      who: 'ana',
      reach: visit('/saved', (page) => page.getByTestId('post-card').filter({ hasText: 'Lunge ladder' })),
    },
    {
      screen: 'clubs',
      who: 'ana',
      reach: visit('/clubs', (page) => page.getByTestId('club-card').filter({ hasText: world.club.name })),
    },
    {
      // The club opens on its posts: Ana writes for the members by default.
      screen: 'club',
      who: 'ana',
      reach: visit(
        () => `/clubs/${world.club.slug}`,
        (page) => page.getByRole('heading', { level: 1, name: world.club.name }),
        (page) => page.getByRole('form', { name: 'Create a post' }),
      ),
    },
    {
      // Ana owns the club: Ben's row has her role select and Remove.
      screen: 'club-members',
      who: 'ana',
      reach: async (page) => {
        await visit(
          () => `/clubs/${world.club.slug}`,
          (shown) => shown.getByRole('heading', { level: 1, name: world.club.name }),
        )(page);
        await page.getByRole('tab', { name: 'Members' }).click();
        await page.getByRole('combobox', { name: `Role of ${world.ben.user.name}` }).waitFor();
      },
    },
    {
      screen: 'club-new',
      who: 'ana',
      reach: visit('/clubs/new', (page) => page.getByRole('form', { name: 'Create a club' })),
    },
    {
      screen: 'events',
      who: 'ana',
      reach: visit('/events', (page) =>
        page.getByTestId('event-card').filter({ hasText: world.event.title }),
      ),
    },
    {
      // Ana runs it: Edit and Cancel event; Ben is going, and connected with her.
      screen: 'event',
      who: 'ana',
      reach: visit(
        () => `/events/${world.event.id}`,
        (page) => page.getByRole('heading', { level: 1, name: world.event.title }),
        (page) => page.getByTestId('event-attendee').filter({ hasText: world.ben.user.name }),
        (page) => page.getByTestId('event-going-count').filter({ hasText: '1 going' }),
      ),
    },
    {
      screen: 'event-new',
      who: 'ana',
      reach: visit('/events/new', (page) => page.getByRole('form', { name: 'Create an event' })),
    },
    {
      screen: 'search',
      who: 'ana',
      reach: visit('/search?q=lunge', (page) =>
        page.getByTestId('search-post').filter({ hasText: 'Lunge ladder' }),
      ),
    },
    {
      // Ana's address is confirmed, and a new one waits for its link.
      screen: 'settings-account',
      who: 'ana',
      async reach(page) {
        await page.goto('/profile');
        await page.getByRole('main').getByRole('link', { name: 'Settings' }).click();
        await page.getByRole('tab', { name: 'Account', selected: true }).waitFor();
        await page.getByText('Waiting for confirmation:').waitFor();
        await page.getByText('Verified', { exact: true }).waitFor();
      },
    },
    {
      // Eli has not confirmed his address: the banner asks for it on every page.
      screen: 'settings-account-unverified',
      who: 'newcomer',
      async reach(page) {
        await page.goto('/settings');
        await page.getByRole('region', { name: 'Email confirmation' }).waitFor();
        await page.getByRole('tabpanel').getByText('Not verified').waitFor();
      },
    },
    {
      screen: 'settings-security',
      who: 'ana',
      async reach(page) {
        await page.goto('/settings');
        await page.getByRole('tab', { name: 'Security' }).click();
        await page.waitForURL((url) => url.search === '?tab=security');
        await page.getByTestId('account-session').filter({ hasText: 'Android' }).waitFor();
        await page.getByTestId('account-session').filter({ hasText: 'This browser' }).waitFor();
        await page.getByTestId('passkey').filter({ hasText: 'Work laptop' }).waitFor();
        await page.getByRole('button', { name: 'Add a passkey' }).waitFor();
      },
    },
    {
      // Signing another browser out asks first; Escape keeps it, with focus back on its button.
      screen: 'settings-sign-out-dialog',
      who: 'ana',
      async reach(page) {
        await page.goto('/settings?tab=security');
        const phone = page.getByTestId('account-session').filter({ hasText: 'Android' });
        await phone.getByRole('button', { name: /^Sign out / }).click();
        await page.getByRole('dialog', { name: /^Sign out .*Android/ }).waitFor();
        await expect(focusIsIn(page, 'dialog[open]')).resolves.toBe(true);
      },
      leave: escapeFocuses(/^Sign out .*Android/, (page) =>
        page.getByRole('dialog', { name: /^Sign out .*Android/ }).waitFor({ state: 'hidden' }),
      ),
    },
    {
      // What reaches Ana, per type: the defaults push what someone waits on, and no email.
      screen: 'settings-notifications',
      who: 'ana',
      async reach(page) {
        await page.goto('/settings');
        await page.getByRole('tab', { name: 'Notifications' }).click();
        await page.waitForURL((url) => url.search === '?tab=notifications');
        await page.getByTestId('notification-setting-message').waitFor();
      },
    },
    {
      // Dora is muted, and two words: one for a day, one for good.
      screen: 'settings-muted',
      who: 'ana',
      async reach(page) {
        await page.goto('/settings');
        await page.getByRole('tab', { name: 'Muted' }).click();
        await page.waitForURL((url) => url.search === '?tab=muted');
        await page.getByRole('tabpanel').getByText('Dora Duval').waitFor();
        await page.getByRole('tabpanel').getByText('Olympic final').waitFor();
      },
    },
    {
      // Ana's export is ready to download; the next one can be asked for tomorrow.
      screen: 'settings-privacy',
      who: 'ana',
      async reach(page) {
        await page.goto('/settings');
        await page.getByRole('tab', { name: 'Privacy and data' }).click();
        await page.waitForURL((url) => url.search === '?tab=privacy');
        await page.getByTestId('export-state').getByText('Your archive is ready').waitFor();
        await page.getByRole('link', { name: 'Download' }).waitFor();
      },
    },
    {
      // Deleting the account asks for the password first; Escape keeps it, with focus back on its button.
      screen: 'settings-delete-dialog',
      who: 'ana',
      async reach(page) {
        await page.goto('/settings?tab=privacy');
        await page.getByRole('button', { name: 'Delete account' }).click();
        const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
        await dialog.waitFor();
        // The password, the one thing to fill in, has the focus.
        await expect(page.evaluate(() => document.activeElement?.id)).resolves.toBe(
          'delete-account-password',
        );
      },
      leave: escapeFocuses('Delete account', (page) =>
        page.getByRole('dialog', { name: 'Delete your account?' }).waitFor({ state: 'hidden' }),
      ),
    },
    {
      screen: 'moderation',
      who: 'admin',
      async reach(page) {
        await openReport(page);
        // One report of each kind, each shown in place.
        for (const kind of ['post', 'comment', 'message', 'user']) {
          await page.locator(`article[data-target-type="${kind}"]`).waitFor();
        }
        await page.getByRole('link', { name: 'Moderation, 4 pending reports' }).waitFor();
      },
    },
    {
      screen: 'moderation-ban-dialog',
      who: 'admin',
      async reach(page) {
        await openReport(page);
        await page
          .locator('article', { hasText: world.reportedContent })
          .getByRole('button', { name: 'Ban User' })
          .click();
        await page.getByRole('dialog', { name: 'Ban User' }).waitFor();
        await expect(focusIsIn(page, 'dialog[open]')).resolves.toBe(true);
      },
      leave: escapeFocuses('Ban User', (page) =>
        page.getByRole('dialog', { name: 'Ban User' }).waitFor({ state: 'hidden' }),
      ),
    },
    {
      // Reporting a fencer from their page: a category and details, in the one report dialog.
      screen: 'report-dialog',
      who: 'ana',
      async reach(page) {
        await page.goto(`/u/${world.ben.user.username}`);
        await page.getByRole('heading', { name: world.ben.user.name }).waitFor();
        await page.getByRole('button', { name: 'Fencer options' }).click();
        await page.getByRole('menuitem', { name: 'Report fencer' }).click();
        const dialog = page.getByRole('dialog', { name: 'Report fencer' });
        await dialog.getByLabel('Harassment', { exact: true }).check();
        await expect(focusIsIn(page, 'dialog[open]')).resolves.toBe(true);
      },
      leave: escapeFocuses('Fencer options', (page) =>
        page.getByRole('dialog', { name: 'Report fencer' }).waitFor({ state: 'hidden' }),
      ),
    },
    {
      screen: 'moderation-denied',
      who: 'ana',
      reach: visit('/moderation', (page) => page.getByRole('heading', { name: 'Access Denied' })),
    },
    {
      screen: 'admin-users',
      who: 'admin',
      reach: visit('/admin/users', (page) => page.getByTestId('admin-user-card').first()),
    },
    {
      // Ben, whose post Ana reported: the reports against him show.
      screen: 'admin-user',
      who: 'admin',
      reach: visit(
        () => `/admin/users/${world.ben.user.id}`,
        (page) => page.getByTestId('report-against').first(),
      ),
    },
    {
      // Every account action asks why first; Escape changes nothing and gives the focus back to its button.
      screen: 'admin-user-reason-dialog',
      who: 'admin',
      async reach(page) {
        await page.goto(`/admin/users/${world.ana.user.id}`);
        await page.getByRole('button', { name: 'Suspend', exact: true }).click();
        await page.getByRole('dialog', { name: /^Suspend / }).waitFor();
        await expect(page.evaluate(() => document.activeElement?.id)).resolves.toBe('admin-reason');
      },
      leave: escapeFocuses('Suspend', (page) =>
        page.getByRole('dialog', { name: /^Suspend / }).waitFor({ state: 'hidden' }),
      ),
    },
    {
      screen: 'admin-audit',
      who: 'admin',
      reach: visit('/admin/audit', (page) => page.getByRole('heading', { name: 'Audit', exact: true })),
    },
    {
      screen: 'admin-users-denied',
      who: 'ana',
      reach: visit('/admin/users', (page) => page.getByRole('heading', { name: 'Access Denied' })),
    },
    {
      screen: 'not-found',
      who: 'ana',
      reach: visit('/no-such-page', (page) => page.getByRole('heading', { name: '404 Page Not Found' })),
    },
  ];

  it('the skip link is the first stop for the keyboard, shown while focused, and takes it to the page', async () => {
    const { page } = world.ana;
    await openFeed(page, '/epee');
    await page.keyboard.press('Tab');
    await expect(focusedName(page)).resolves.toBe('Skip to main content');
    // Shown while focused (sr-only otherwise).
    const skipLink = await page.getByRole('link', { name: 'Skip to main content' }).boundingBox();
    expect(skipLink?.width).toBeGreaterThan(40);
    await screenshot(page, 'skip-link-1440-light', { fullPage: false });
    await page.keyboard.press('Enter');
    await expect(page.evaluate(() => document.activeElement?.id)).resolves.toBe('main');
  });

  it.each(SCREENS)(
    '$screen ($who)',
    async ({ screen, who, reach, leave }) => {
      const { page } = world[who];
      await reach(page);
      await checkScreen(page, screen);
      await leave?.(page);
    },
    SCREENS_TIMEOUT,
  );
});
