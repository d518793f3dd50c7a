import type { Page } from 'playwright-core';
import { uniqueName } from './api';
import { describeInBrowser, journeyFixture } from './journey';
import { expectNoSidewaysScroll, registerInBrowser, screenshot } from './ui';

interface ThemeState {
  dark: boolean;
  /** Relative luminance (0 black … 1 white) of the body's background. */
  bodyLuminance: number;
  themeColour: string | null;
  stored: string | null;
}

/** What the page shows: the class on <html>, how light the body's background is, the theme-color and the stored choice. */
function themeOf(page: Page): Promise<ThemeState> {
  return page.evaluate(() => {
    // The background may be any CSS colour (oklch included): let a canvas turn it into sRGB.
    const canvas = document.createElement('canvas');
    canvas.width = canvas.height = 1;
    const context = canvas.getContext('2d', { willReadFrequently: true })!;
    context.fillStyle = getComputedStyle(document.body).backgroundColor;
    context.fillRect(0, 0, 1, 1);
    const [r, g, b] = Array.from(context.getImageData(0, 0, 1, 1).data.slice(0, 3)).map((value) => {
      const channel = value / 255;
      return channel <= 0.04045 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
    });
    return {
      dark: document.documentElement.classList.contains('dark'),
      bodyLuminance: 0.2126 * r + 0.7152 * g + 0.0722 * b,
      themeColour: document.querySelector('meta[name="theme-color"]')?.getAttribute('content') ?? null,
      stored: localStorage.getItem('piste:theme'),
    };
  });
}

async function expectDark(page: Page): Promise<void> {
  const theme = await themeOf(page);
  expect(theme.dark).toBe(true);
  expect(theme.bodyLuminance).toBeLessThan(0.05);
  expect(theme.themeColour).toBe('#020617');
}

async function expectLight(page: Page): Promise<void> {
  const theme = await themeOf(page);
  expect(theme.dark).toBe(false);
  expect(theme.bodyLuminance).toBeGreaterThan(0.9);
  expect(theme.themeColour).toBe('#f8fafc');
}

/** The header's theme toggle (the one shown at the current width). */
const themeToggle = (page: Page) => page.getByRole('button', { name: /^Theme: / });

/** Waits until the page's `dark` class is as expected (a system change applies without a reload). */
async function waitForDark(page: Page, dark: boolean): Promise<void> {
  await page.waitForFunction((want) => document.documentElement.classList.contains('dark') === want, dark);
}

describeInBrowser('light and dark theme', () => {
  const journey = journeyFixture();

  it('follows a dark system, keeps a light choice across a reload, and follows the system again on "system"', async () => {
    const { page } = await journey.newTab();
    await page.emulateMedia({ colorScheme: 'dark' });
    // Records whether <html> turned dark before the app put anything in #root (no light flash): the changes are
    // read in the order they happened, as the first render may come in the same task as the theme.
    await page.addInitScript(() => {
      let rendered = false;
      // The script runs before <html> exists, so it watches the whole document.
      new MutationObserver((changes, observer) => {
        for (const change of changes) {
          const target = change.target as Element;
          if (change.type === 'childList' && target.id === 'root' && change.addedNodes.length > 0)
            rendered = true;
          if (
            change.type === 'attributes' &&
            target === document.documentElement &&
            target.classList.contains('dark')
          ) {
            (window as unknown as { darkBeforeRender: boolean }).darkBeforeRender = !rendered;
            observer.disconnect();
            return;
          }
        }
      }).observe(document, { attributes: true, attributeFilter: ['class'], childList: true, subtree: true });
    });

    // Signed out, the auth screen is dark too and offers the toggle.
    await page.goto('/');
    await page.getByRole('tab', { name: 'Login' }).waitFor();
    await expectDark(page);
    await expect(
      page.evaluate(() => (window as unknown as { darkBeforeRender?: boolean }).darkBeforeRender),
    ).resolves.toBe(true);
    await expect(themeToggle(page).getAttribute('aria-label')).resolves.toBe(
      'Theme: system theme (dark). Switch to light theme',
    );
    await screenshot(page, 'theme-auth-dark', { fullPage: false });

    await registerInBrowser(page, uniqueName('theo'));
    await page.getByTestId('composer').waitFor();
    await expectDark(page);
    await expect(themeOf(page).then((theme) => theme.stored)).resolves.toBeNull();
    await screenshot(page, 'theme-feed-dark', { fullPage: false });

    // System → light: the page turns light at once and remembers it.
    await themeToggle(page).click();
    await waitForDark(page, false);
    await expectLight(page);
    await expect(themeOf(page).then((theme) => theme.stored)).resolves.toBe('light');
    await expect(themeToggle(page).getAttribute('aria-label')).resolves.toBe(
      'Theme: light theme. Switch to dark theme',
    );

    // The choice survives a reload, although the system is still dark.
    await page.reload();
    await page.getByTestId('composer').waitFor();
    await expectLight(page);
    await screenshot(page, 'theme-feed-light', { fullPage: false });

    // Light → dark → system, which follows the (dark) system again, and its live changes.
    await themeToggle(page).click();
    await waitForDark(page, true);
    await expect(themeOf(page).then((theme) => theme.stored)).resolves.toBe('dark');
    await themeToggle(page).click();
    await expect(themeOf(page).then((theme) => theme.stored)).resolves.toBe('system');
    await expectDark(page);
    await expect(themeToggle(page).getAttribute('aria-label')).resolves.toBe(
      'Theme: system theme (dark). Switch to light theme',
    );
    await page.emulateMedia({ colorScheme: 'light' });
    await waitForDark(page, false);
    await expectLight(page);
    await page.emulateMedia({ colorScheme: 'dark' });
    await waitForDark(page, true);
    await expectDark(page);

    // On a phone the toggle sits beside the weapon tabs and still works; nothing scrolls sideways.
    await page.setViewportSize({ width: 360, height: 800 });
    await expect(themeToggle(page).count()).resolves.toBe(1);
    await themeToggle(page).click();
    await waitForDark(page, false);
    await expectNoSidewaysScroll(page);
    await screenshot(page, 'theme-feed-light-360', { fullPage: false });
  });

  it('a choice made in one tab applies in the other', async () => {
    const { context, page } = await journey.newTab();
    await page.emulateMedia({ colorScheme: 'light' });
    await page.goto('/');
    await page.getByRole('tab', { name: 'Login' }).waitFor();
    const other = await context.newPage();
    await other.emulateMedia({ colorScheme: 'light' });
    await other.goto('/');
    await other.getByRole('tab', { name: 'Login' }).waitFor();
    await expectLight(other);

    await themeToggle(page).click(); // system → light
    await themeToggle(page).click(); // light → dark
    await waitForDark(page, true);
    await waitForDark(other, true);
    await expectDark(other);
  });
});
