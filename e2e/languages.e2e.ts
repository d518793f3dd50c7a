import type { Page } from 'playwright-core';
import { describeInBrowser, journeyFixture } from './journey';
import { checkScreen, SCREENS_TIMEOUT } from './screen-checks';
import { buildScreensWorld, type ScreensWorld } from './screens-world';
import { screenshot } from './ui';

/** One screen to walk: whose tab shows it, where it is, and what shows that it is there (never a text). */
interface LanguageScreen {
  screen: string;
  who: 'visitor' | 'ana' | 'admin';
  path(world: ScreensWorld): string;
  shown: string;
}

const SCREENS: LanguageScreen[] = [
  { screen: 'auth-login', who: 'visitor', path: () => '/', shown: '#login-username' },
  { screen: 'forgot-password', who: 'visitor', path: () => '/forgot-password', shown: 'form' },
  { screen: 'feed-epee', who: 'ana', path: () => '/epee', shown: '[data-testid="post-card"]' },
  {
    screen: 'post',
    who: 'ana',
    path: (world) => `/posts/${world.drill.id}`,
    shown: '[data-testid="search-post"]',
  },
  {
    screen: 'messages',
    who: 'ana',
    path: (world) => `/messages?with=${world.ben.user.id}`,
    shown: '[data-testid="message-list"] [data-testid="message"]',
  },
  { screen: 'connections', who: 'ana', path: () => '/connections', shown: '[role="tabpanel"] a' },
  { screen: 'notifications', who: 'ana', path: () => '/notifications', shown: 'main li' },
  { screen: 'profile', who: 'ana', path: () => '/profile', shown: '[data-testid="rating-row"]' },
  {
    screen: 'fencer',
    who: 'ana',
    path: (world) => `/u/${world.ben.user.username}`,
    shown: '[data-testid="record-totals"]',
  },
  { screen: 'drills', who: 'ana', path: () => '/drills', shown: '[data-testid="post-card"]' },
  { screen: 'clubs', who: 'ana', path: () => '/clubs', shown: '[data-testid="club-card"]' },
  { screen: 'club', who: 'ana', path: (world) => `/clubs/${world.club.slug}`, shown: 'main h1' },
  { screen: 'events', who: 'ana', path: () => '/events', shown: '[data-testid="event-card"]' },
  {
    screen: 'event',
    who: 'ana',
    path: (world) => `/events/${world.event.id}`,
    shown: '[data-testid="event-attendee"]',
  },
  { screen: 'search', who: 'ana', path: () => '/search?q=lunge', shown: '[data-testid="search-post"]' },
  {
    screen: 'settings-account',
    who: 'ana',
    path: () => '/settings',
    shown: '#settings-account-title ~ * dl',
  },
  {
    screen: 'settings-security',
    who: 'ana',
    path: () => '/settings?tab=security',
    shown: '[data-testid="account-session"]',
  },
  {
    screen: 'settings-notifications',
    who: 'ana',
    path: () => '/settings?tab=notifications',
    shown: '[data-testid="notification-setting-message"]',
  },
  {
    screen: 'settings-muted',
    who: 'ana',
    path: () => '/settings?tab=muted',
    shown: '[data-testid="muted-word"]',
  },
  {
    screen: 'settings-privacy',
    who: 'ana',
    path: () => '/settings?tab=privacy',
    shown: '[data-testid="export-state"]',
  },
  { screen: 'moderation', who: 'admin', path: () => '/moderation', shown: 'article' },
  {
    screen: 'admin-users',
    who: 'admin',
    path: () => '/admin/users',
    shown: '[data-testid="admin-user-card"]',
  },
  { screen: 'not-found', who: 'ana', path: () => '/no-such-page', shown: 'main h1' },
];

const PHONE = { width: 360, height: 800 };
const DESKTOP = { width: 1440, height: 900 };

/** Shows the app in `language` from the next page load on: this device's choice, as the language menu keeps it. */
async function speak(page: Page, language: 'pseudo' | 'fr'): Promise<void> {
  if (!page.url().startsWith('http')) await page.goto('/no-such-page');
  await page.evaluate((chosen) => localStorage.setItem('piste:language', chosen), language);
}

/** Goes to the screen and waits for it, its texts (fetched with it) and its fonts and animations. */
async function reach(page: Page, world: ScreensWorld, screen: LanguageScreen): Promise<void> {
  await page.goto(screen.path(world));
  await page.locator(screen.shown).first().waitFor();
  await page.locator('main h1').first().waitFor({ state: 'attached' });
  await page.evaluate(async () => {
    window.scrollTo(0, 0);
    await document.fonts.ready;
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    const finite = document
      .getAnimations()
      .filter((animation) => animation.effect?.getComputedTiming().iterations !== Infinity);
    await Promise.all(finite.map((animation) => animation.finished.catch(() => undefined)));
  });
}

/**
 * What a longer language breaks on a phone: the page scrolling sideways (named by its widest elements), and text
 * cut off. Text is cut off when a piece of it (a text node's line box) reaches past the box of an element that
 * hides its overflow (`overflow: hidden` or `clip`, on the side it passes) — unless that is by design: an ellipsis
 * (`text-overflow: ellipsis` on the text's element or the clipping one), a line clamp, or a box of a pixel or
 * less (text for screen readers only, `sr-only`). Scrolling boxes (`overflow: auto`) are not clipping.
 */
function layoutProblems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const problems: string[] = [];
    const root = document.documentElement;
    if (root.scrollWidth > window.innerWidth) {
      const widest = Array.from(document.body.querySelectorAll<HTMLElement>('*'))
        .filter((element) => element.getBoundingClientRect().right > window.innerWidth + 0.5)
        .slice(0, 5)
        .map((element) => `${element.tagName.toLowerCase()} "${String(element.className).slice(0, 80)}"`);
      problems.push(`scrolls sideways (${root.scrollWidth} > ${window.innerWidth}): ${widest.join(', ')}`);
    }

    const describe = (element: Element) =>
      `${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ''} "${String(element.className).slice(0, 60)}"`;
    const hides = (value: string) => value === 'hidden' || value === 'clip';
    const byDesign = (style: CSSStyleDeclaration) =>
      style.textOverflow === 'ellipsis' || (style.webkitLineClamp !== '' && style.webkitLineClamp !== 'none');

    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent?.trim() ?? '';
      const parent = node.parentElement;
      if (!text || !parent || !parent.checkVisibility({ visibilityProperty: true, opacityProperty: true }))
        continue;
      if (byDesign(getComputedStyle(parent))) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      const lines = Array.from(range.getClientRects()).filter((rect) => rect.width > 0 && rect.height > 0);
      for (let box = parent as Element | null; box && box !== document.body; box = box.parentElement) {
        const style = getComputedStyle(box);
        const [clipsX, clipsY] = [hides(style.overflowX), hides(style.overflowY)];
        if (!clipsX && !clipsY) continue;
        const html = box as HTMLElement;
        if (html.clientWidth <= 1 || html.clientHeight <= 1 || byDesign(style)) break;
        const edge = box.getBoundingClientRect();
        const cut = lines.some(
          (line) =>
            (clipsX && (line.left < edge.left - 1 || line.right > edge.right + 1)) ||
            (clipsY && (line.top < edge.top - 1 || line.bottom > edge.bottom + 1)),
        );
        if (cut) problems.push(`cuts off "${text.slice(0, 60)}" in ${describe(box)}`);
        break;
      }
    }
    return problems;
  });
}

/**
 * Every main screen in the pseudo-locale (English accented and about 40 % longer, in brackets) on a phone, light
 * and dark: the page never scrolls sideways and no text is cut off, so a longer language fits. Then the same
 * screens in French: axe-core's WCAG rules, one h1, no sideways scroll (screen-checks' `checkScreen`), and
 * `<html lang="fr">`. Screenshots land in e2e/screenshots/pseudo-{screen}-360-{theme}.png and fr-{screen}-….
 */
describeInBrowser('the interface in a longer language and in French', () => {
  const journey = journeyFixture({ admin: true });
  let world: ScreensWorld;

  beforeAll(async () => {
    world = await buildScreensWorld(journey);
    for (const who of ['visitor', 'ana', 'admin'] as const) await speak(world[who].page, 'pseudo');
  }, SCREENS_TIMEOUT);

  it.each(SCREENS)(
    'pseudo-locale: $screen fits a phone ($who)',
    async (screen) => {
      const { page } = world[screen.who];
      await page.setViewportSize(PHONE);
      await reach(page, world, screen);
      await expect(page.evaluate(() => localStorage.getItem('piste:language'))).resolves.toBe('pseudo');
      const problems: string[] = [];
      for (const theme of ['light', 'dark'] as const) {
        await page.emulateMedia({ colorScheme: theme });
        await page.waitForFunction(
          (dark) => document.documentElement.classList.contains('dark') === dark,
          theme === 'dark',
        );
        problems.push(...(await layoutProblems(page)).map((problem) => `${theme}: ${problem}`));
        await screenshot(page, `pseudo-${screen.screen}-360-${theme}`);
      }
      await page.emulateMedia({ colorScheme: 'light' });
      await page.setViewportSize(DESKTOP);
      expect({ screen: screen.screen, problems }).toEqual({ screen: screen.screen, problems: [] });
    },
    SCREENS_TIMEOUT,
  );

  it('finds text cut off and a page too wide, and leaves ellipses and screen-reader text be', async () => {
    const { page } = world.ana;
    await page.setViewportSize(PHONE);
    await reach(
      page,
      world,
      SCREENS.find((screen) => screen.screen === 'not-found')!,
    );
    await expect(layoutProblems(page)).resolves.toEqual([]);
    await page.evaluate(() => {
      document.querySelector('main')!.insertAdjacentHTML(
        'beforeend',
        `<div style="overflow: hidden; width: 120px; white-space: nowrap">A sentence far too long for its box</div>
        <div style="overflow: hidden; width: 120px; white-space: nowrap; text-overflow: ellipsis">Cut short on purpose</div>
        <p style="overflow: hidden; width: 120px; display: -webkit-box; -webkit-box-orient: vertical; -webkit-line-clamp: 1">
          Clamped to one line on purpose, however long it is</p>
        <span class="sr-only">Read out to screen readers only, however long it is</span>`,
      );
    });
    await expect(layoutProblems(page)).resolves.toEqual([
      expect.stringContaining('cuts off "A sentence far too long for its box" in div'),
    ]);
    await page.evaluate(() => {
      document.querySelector('main')!.insertAdjacentHTML('beforeend', '<p style="width: 480px">Too wide</p>');
    });
    await expect(layoutProblems(page)).resolves.toContainEqual(
      expect.stringMatching(/^scrolls sideways \(\d+ > 360\)/),
    );
    await page.setViewportSize(DESKTOP);
  });

  it('shows the settings in the pseudo-locale', async () => {
    const { page } = world.ana;
    await reach(
      page,
      world,
      SCREENS.find((screen) => screen.screen === 'settings-account')!,
    );
    // Accented and bracketed: the settings' texts come from the catalogues, none is left in the code.
    await expect(page.locator('main h1').first().textContent()).resolves.toMatch(/^\[Š/);
  });

  it('says a form’s rule in French, from the catalogue the contracts share with the server', async () => {
    const { page } = world.visitor;
    await speak(page, 'fr');
    await reach(
      page,
      world,
      SCREENS.find((screen) => screen.screen === 'forgot-password')!,
    );
    await page.locator('form button[type="submit"]').click();
    await expect(page.locator('#forgot-login-error').textContent()).resolves.toBe(
      'Saisissez votre nom d’utilisateur ou votre adresse e-mail',
    );
  });

  it.each(SCREENS)(
    'French: $screen passes axe-core, in <html lang="fr"> ($who)',
    async (screen) => {
      const { page } = world[screen.who];
      await speak(page, 'fr');
      await reach(page, world, screen);
      await expect(page.evaluate(() => document.documentElement.lang)).resolves.toBe('fr');
      await checkScreen(page, `fr-${screen.screen}`);
    },
    SCREENS_TIMEOUT,
  );
});
