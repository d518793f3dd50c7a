import { appendFile, cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { connect, createPost, logInByApi, ok, sendMessage } from './api';
import { browserWithProfile, describeInBrowser, journeyFixture } from './journey';
import { feedLoaded, live, postCard, screenshot, signedIn } from './ui';

/** A phone: 360 px wide, touch, in the light or the dark. */
const PHONE = { viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true } as const;
const USER_DATA_CACHE = 'piste-user-data';

/** Resolves once the service worker is active and controls the page. */
async function serviceWorkerInControl(page: Page): Promise<void> {
  await page.evaluate(() => navigator.serviceWorker.ready);
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
}

/** The requests kept for offline use, by path. */
function keptReads(page: Page): Promise<string[]> {
  return page.evaluate(async (name) => {
    if (!(await caches.has(name))) return [];
    const requests = await (await caches.open(name)).keys();
    return requests.map((request) => new URL(request.url).pathname + new URL(request.url).search);
  }, USER_DATA_CACHE);
}

const offlineNotice = (page: Page) => page.getByText('You are offline.', { exact: false });

describeInBrowser('on the phone: installable, and a reload without network', () => {
  const journey = journeyFixture();

  it('is installable: a manifest with Piste’s icons and shortcuts, a service worker, no installability error', async () => {
    const { user } = await journey.signUpByApi('installer');
    const profile = await mkdtemp(join(tmpdir(), 'piste-phone-'));
    const context = await browserWithProfile(profile, { ...PHONE, baseURL: journey.app.url });
    try {
      await installable(context, user.username);
    } finally {
      await context.close();
      await rm(profile, { recursive: true, force: true });
    }
  });

  async function installable(context: BrowserContext, username: string): Promise<void> {
    await logInByApi(context.request, username);
    const page = context.pages()[0] ?? (await context.newPage());
    await page.goto('/');
    await signedIn(page);
    await serviceWorkerInControl(page);

    const manifest = await ok<{
      name: string;
      display: string;
      start_url: string;
      icons: Array<{ sizes: string; purpose: string }>;
      shortcuts: Array<{ name: string; url: string }>;
    }>(context.request.get('/manifest.webmanifest'));
    expect(manifest).toMatchObject({ name: 'Piste', display: 'standalone', start_url: '/' });
    expect(manifest.icons).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ sizes: '192x192', purpose: 'any' }),
        expect.objectContaining({ sizes: '512x512', purpose: 'any' }),
        expect.objectContaining({ sizes: '512x512', purpose: 'maskable' }),
      ]),
    );
    expect(manifest.shortcuts.map((shortcut) => [shortcut.name, shortcut.url])).toEqual([
      ['New post', '/post'],
      ['Messages', '/messages'],
    ]);
    const cdp = await context.newCDPSession(page);
    const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as {
      installabilityErrors: Array<{ errorId: string }>;
    };
    expect(installabilityErrors).toEqual([]);
    const robots = await context.request.get('/robots.txt');
    expect(robots.headers()['content-type']).toMatch(/^text\/plain/);
    expect(await robots.text()).toContain('Disallow: /api/');
    const worker = await context.request.get('/sw.js', { headers: { 'accept-encoding': 'br' } });
    expect(worker.headers()['content-encoding']).toBe('br');
  }

  it('offline, shows the shell, the last feed and conversations, read-only; back online it catches up; sign-out forgets it all', async () => {
    const fencer = await journey.signUpByApi('offline', {}, { ...PHONE, colorScheme: 'dark' });
    const coach = await journey.signUpByApi('coach');
    await connect(coach.context.request, fencer.context.request);
    await createPost(coach.context.request, { weapon: 'foil', content: 'Footwork ladder before the pools' });
    await sendMessage(coach.context.request, fencer.user.id, 'Warm up at nine');
    const { page, context } = fencer;

    await page.goto('/foil');
    await feedLoaded(page);
    await serviceWorkerInControl(page);
    // Seen once online, so kept: the feed page and the conversations.
    await page.reload();
    await feedLoaded(page);
    await postCard(page, 'Footwork ladder before the pools').waitFor();
    await page.goto(`/messages?with=${coach.user.id}`);
    await page.getByTestId('message').filter({ hasText: 'Warm up at nine' }).waitFor();
    expect(await keptReads(page)).toEqual(
      expect.arrayContaining(['/api/user', '/api/posts/foil?limit=10', '/api/conversations']),
    );

    await context.setOffline(true);
    await page.goto('/foil');
    await feedLoaded(page);
    await postCard(page, 'Footwork ladder before the pools').waitFor();
    await offlineNotice(page).waitFor();
    await screenshot(page, 'pwa-offline-feed-360-dark', { fullPage: false });
    // An action fails, and the notice says it needs a connection.
    await postCard(page, 'Footwork ladder before the pools')
      .getByRole('button', { name: /like/i })
      .first()
      .click();
    // The spec's failure toast, beside the notice that says why.
    await page.locator('[data-toast-variant="error"]', { hasText: 'Failed to update like status' }).waitFor();
    await offlineNotice(page).waitFor();

    await page.goto('/messages');
    await page.getByTestId('conversation-item').first().waitFor();
    await offlineNotice(page).waitFor();
    await screenshot(page, 'pwa-offline-messages-360-dark', { fullPage: false });

    // Meanwhile the coach writes; back online, the open page catches up by itself.
    await sendMessage(coach.context.request, fencer.user.id, 'Bring your spare mask');
    await page.getByTestId('conversation-item').first().click();
    await page.getByTestId('message').filter({ hasText: 'Warm up at nine' }).waitFor();
    await context.setOffline(false);
    await offlineNotice(page).waitFor({ state: 'detached' });
    await live(page);
    await page
      .getByTestId('message')
      .filter({ hasText: 'Bring your spare mask' })
      .waitFor({ timeout: 20_000 });

    // Signing out leaves nothing of the user on the phone.
    await page.goto('/profile');
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.getByRole('tab', { name: 'Login' }).waitFor();
    await page.waitForFunction(
      async (name) => !(await caches.has(name)) || (await (await caches.open(name)).keys()).length === 0,
      USER_DATA_CACHE,
    );
    expect(await keptReads(page)).toEqual([]);
  });
});

describeInBrowser('a new deploy', () => {
  const journey = journeyFixture();

  it('is announced to an open app, which reloads into it only when asked', async () => {
    const { page } = await journey.signUpByApi('updater', {}, PHONE);
    await page.goto('/');
    await signedIn(page);
    await serviceWorkerInControl(page);
    const firstWorker = await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL);

    // The next deploy: the same app whose service worker has changed, on the same address.
    const nextBuild = await mkdtemp(join(tmpdir(), 'piste-next-build-'));
    try {
      await cp(join(__dirname, '..', 'frontend', 'dist'), nextBuild, { recursive: true });
      await appendFile(join(nextBuild, 'sw.js'), '\n// the next deploy\n');
      // Its compressed forms are of the worker before; a real build writes them again.
      await Promise.all(['sw.js.br', 'sw.js.gz'].map((name) => rm(join(nextBuild, name), { force: true })));
      await journey.app.stop();
      await journey.restartApp({ FRONTEND_DIST: nextBuild });

      await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.update());
      const banner = page.getByRole('region', { name: 'Update' });
      await banner.getByText('A new version of Piste is available').waitFor();
      await screenshot(page, 'pwa-update-360', { fullPage: false });
      // The new worker installs, activates and serves the reload: slow on a loaded machine, so a generous wait.
      await Promise.all([
        page.waitForEvent('load', { timeout: 30_000 }),
        banner.getByRole('button', { name: 'Reload' }).click(),
      ]);
      await signedIn(page);
      expect(await banner.count()).toBe(0);
      const waiting = await page.evaluate(
        async () => !!(await navigator.serviceWorker.getRegistration())?.waiting,
      );
      expect(waiting).toBe(false);
      expect(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL)).toBe(firstWorker);
    } finally {
      await journey.app.stop();
      await journey.restartApp();
      await rm(nextBuild, { recursive: true, force: true });
    }
  });
});

describeInBrowser('notification settings and the offer to turn them on', () => {
  const journey = journeyFixture();

  it('keeps each type’s push and email choice; the defaults push what someone waits on', async () => {
    const { page } = await journey.signUpByApi('chooser', {}, PHONE);
    await page.goto('/settings?tab=notifications');
    await page.getByRole('tab', { name: 'Notifications', selected: true }).waitFor();
    const push = (label: string) => page.getByRole('checkbox', { name: `Push for ${label}` });
    const email = (label: string) => page.getByRole('checkbox', { name: `Email for ${label}` });
    expect(await push('messages').isChecked()).toBe(true);
    expect(await push('likes').isChecked()).toBe(false);
    expect(await email('messages').isChecked()).toBe(false);

    const saved = () =>
      page.waitForResponse(
        (r) =>
          r.url().endsWith('/api/account/notification-settings') && r.request().method() === 'PUT' && r.ok(),
      );
    await Promise.all([saved(), push('messages').uncheck()]);
    await Promise.all([saved(), email('comments').check()]);
    await screenshot(page, 'settings-notifications-360');
    await page.reload();
    await page.getByRole('tab', { name: 'Notifications', selected: true }).waitFor();
    await page.getByTestId('notification-setting-message').waitFor();
    expect(await push('messages').isChecked()).toBe(false);
    expect(await email('comments').isChecked()).toBe(true);
  });

  it('offers notifications after a first like, never on load, and once only', async () => {
    const fan = await journey.signUpByApi('fan', {}, PHONE);
    // A browser that has not been asked about notifications yet (headless Chromium answers "denied" by itself).
    await fan.context.addInitScript(() => {
      Object.defineProperty(Notification, 'permission', { get: () => 'default' });
    });
    const author = await journey.signUpByApi('author');
    await createPost(author.context.request, { weapon: 'sabre', content: 'Parry five, riposte' });
    const { page } = fan;
    await page.goto('/sabre');
    await feedLoaded(page);
    const offer = page.getByRole('complementary', { name: 'Notifications on this device' });
    expect(await offer.count()).toBe(0);

    await postCard(page, 'Parry five, riposte')
      .getByRole('button', { name: /^Like,/ })
      .click();
    await offer.waitFor();
    await screenshot(page, 'push-offer-360', { fullPage: false });
    await offer.getByRole('button', { name: 'Not now' }).click();
    await offer.waitFor({ state: 'detached' });
    await page.reload();
    await feedLoaded(page);
    await postCard(page, 'Parry five, riposte')
      .getByRole('button', { name: /^Like,/ })
      .click();
    await postCard(page, 'Parry five, riposte')
      .getByRole('button', { name: /^Like,/ })
      .click();
    await page.waitForTimeout(500);
    expect(await offer.count()).toBe(0);
  });
});
