/** What the journeys do and read on the screens, in the product's words. */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { PASSWORD } from './api';

export const SCREENSHOTS = join(__dirname, 'screenshots');

/** Fills the Login form and submits it, without waiting for the outcome. */
export async function submitLogin(page: Page, username: string, password = PASSWORD): Promise<void> {
  await page.locator('#login-username').fill(username);
  await page.locator('#login-password').fill(password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
}

/** Signs in through the Auth screen and waits for the signed-in app. */
export async function signIn(page: Page, username: string, password = PASSWORD): Promise<void> {
  await page.goto('/');
  await submitLogin(page, username, password);
  await signedIn(page);
}

/** Registers through the Auth screen and waits for the signed-in app. */
export async function registerInBrowser(page: Page, username: string, password = PASSWORD): Promise<void> {
  await page.goto('/');
  await page.getByRole('tab', { name: 'Register' }).click();
  await page.locator('#register-username').fill(username);
  await page.locator('#register-email').fill(`${username}@example.com`);
  await page.locator('#register-name').fill(`Fencer ${username}`);
  await page.locator('#register-password').fill(password);
  await page.locator('#register-confirm-password').fill(password);
  await page.locator('#register-accept-terms').check();
  await page.getByRole('button', { name: 'Create Account' }).click();
  await signedIn(page);
}

/** The signed-in app is showing: the header links to the profile. */
export function signedIn(page: Page): Promise<void> {
  return page.getByRole('link', { name: 'Your profile' }).waitFor();
}

/** The tab's socket is connected, so what happens elsewhere now reaches it live. */
export function live(page: Page): Promise<void> {
  return page.locator('[data-live-connection="connected"]').waitFor({ state: 'attached' });
}

/** The feed is loaded: the composer shows and no skeletons are left. */
export async function feedLoaded(page: Page): Promise<void> {
  await page.getByTestId('composer').waitFor();
  await page.getByTestId('post-skeleton').first().waitFor({ state: 'detached' });
}

export function postCard(page: Page, content: string): Locator {
  return page.getByTestId('post-card').filter({ hasText: content });
}

/** Fills the achievement fields of the open composer (after choosing Achievement). */
export async function fillAchievement(
  page: Page,
  details: { place: string; score: string; competition: string; competitors: string },
): Promise<void> {
  await page.getByText('Achievement', { exact: true }).click();
  await page.locator('#achievement-place').fill(details.place);
  await page.locator('#achievement-score').fill(details.score);
  await page.locator('#achievement-competition').fill(details.competition);
  await page.locator('#achievement-competitors').fill(details.competitors);
}

/** The focused element's accessible name as far as a test needs it: its aria-label, else its text. */
export function focusedName(page: Page): Promise<string | undefined> {
  return page.evaluate(() => {
    const element = document.activeElement;
    return element?.getAttribute('aria-label') ?? element?.textContent?.trim();
  });
}

/**
 * The name of what has the focus once it is `expected` (a menu or popover moves the focus in just after it shows),
 * or whatever has it after five seconds, for the test to report.
 */
export async function focusSettlesOn(page: Page, expected: string): Promise<string | undefined> {
  const deadline = Date.now() + 5_000;
  for (;;) {
    const name = await focusedName(page);
    if (name === expected || Date.now() > deadline) return name;
    await page.waitForTimeout(50);
  }
}

export function focusIsIn(page: Page, selector: string): Promise<boolean> {
  return page.evaluate((within) => !!document.activeElement?.closest(within), selector);
}

/**
 * Dismisses the toast showing and waits for it to go, so the next step starts with none: from `md` on a toast
 * sits in the top right corner, over the page's own buttons there (a conversation's menu) for its 5 seconds.
 */
export async function dismissToast(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Dismiss notification' }).click();
  await page.locator('[data-toast-variant]').last().waitFor({ state: 'detached' });
}

/**
 * Opens the menu behind the button named `name` (a "⋮" menu: the menu bears the button's name) and returns it.
 * Clicks the button only while it is not expanded, and again when no menu showed within 2 s; a second click is
 * reported on the console with what the button said, so a journey that needed one shows it.
 */
export async function openMenu(page: Page, name: string): Promise<Locator> {
  const trigger = page.getByRole('button', { name });
  const menu = page.getByRole('menu', { name });
  const deadline = Date.now() + 10_000;
  for (let clicks = 0; ;) {
    const expanded = await trigger.getAttribute('aria-expanded');
    if (expanded !== 'true') {
      if (clicks > 0)
        console.warn(`openMenu(${name}): no menu after a click (aria-expanded=${expanded}); again`);
      await trigger.click();
      clicks++;
    }
    try {
      await menu.waitFor({ timeout: 2_000 });
      return menu;
    } catch (error) {
      if (Date.now() > deadline) throw error;
    }
  }
}

/** Polls `read` until `accept` holds (every 100 ms, up to 10 s), then returns the value. */
export async function until<T>(
  read: () => Promise<T>,
  accept: (value: T) => boolean,
  what: string,
): Promise<T> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const value = await read();
    if (accept(value)) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}; last value: ${String(value)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Polls `read` until it returns `expected` (every 100 ms, up to 10 s). */
export async function untilIs<T>(read: () => Promise<T>, expected: T, what: string): Promise<void> {
  await until(read, (value) => value === expected, what);
}

/** Fails when the page is wider than the window, i.e. it scrolls sideways. */
export async function expectNoSidewaysScroll(page: Page): Promise<void> {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
  }));
  expect(scrollWidth).toBeLessThanOrEqual(innerWidth);
}

/**
 * Screenshots go to e2e/screenshots (ignored by git) for a person to look at: the full page by default, the
 * visible viewport with `fullPage: false`, and at phone width (390 px) with `phone: true`.
 */
export async function screenshot(
  page: Page,
  name: string,
  { fullPage = true, phone = false }: { fullPage?: boolean; phone?: boolean } = {},
): Promise<void> {
  mkdirSync(SCREENSHOTS, { recursive: true });
  const size = page.viewportSize();
  if (phone) await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: join(SCREENSHOTS, `${name}${phone ? '-390' : ''}.png`), fullPage });
  if (phone && size) await page.setViewportSize(size);
}
