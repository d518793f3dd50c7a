/** What the screens journey checks on each screen, and the data it makes: axe, sideways scroll, screenshots. */
import { join } from 'node:path';
import type { APIRequestContext, APIResponse, Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { makePng } from '../backend/test/media-fixtures';
import { uniqueName } from './helpers';

const AXE_SCRIPT = join(__dirname, '..', 'node_modules', 'axe-core', 'axe.min.js');
export const SCREENSHOTS = join(__dirname, 'screenshots');
const THEMES = ['light', 'dark'] as const;
const SIZES = [
  { width: 1440, height: 900 },
  { width: 360, height: 800 },
] as const;
const PASSWORD = 'secret123';
export const ADMIN_USERNAME = uniqueName('admin');
export const ADMIN_PASSWORD = 'admin-secret-123';
/** Each screen is checked four times over (two themes, two sizes), so a test holding several takes a while. */
export const SCREENS_TIMEOUT = 90_000;

interface AxeViolation {
  id: string;
  impact: 'minor' | 'moderate' | 'serious' | 'critical' | null;
  help: string;
  nodes: { target: unknown[] }[];
}

export interface Fencer {
  id: string;
  username: string;
  name: string;
}

/** Injects axe-core (once per document) and runs the WCAG 2 A/AA and best-practice rules on the whole page. */
async function runAxe(page: Page): Promise<AxeViolation[]> {
  const loaded = await page.evaluate(() => 'axe' in window);
  if (!loaded) await page.addScriptTag({ path: AXE_SCRIPT });
  return page.evaluate(async () => {
    const { axe } = window as unknown as {
      axe: { run: (context: Document, options: object) => Promise<{ violations: AxeViolation[] }> };
    };
    const result = await axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] },
      resultTypes: ['violations'],
    });
    return result.violations.map(({ id, impact, help, nodes }) => ({
      id,
      impact,
      help,
      nodes: nodes.map(({ target }) => ({ target })),
    }));
  });
}

/** Waits until the page has laid out and every finite animation (a toast sliding in, a fade) has ended. */
async function settle(page: Page): Promise<void> {
  await page.evaluate(async () => {
    // From the top, so the sticky header sits at the top of a full-page screenshot.
    window.scrollTo(0, 0);
    await document.fonts.ready;
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    const finite = document
      .getAnimations()
      .filter((animation) => animation.effect?.getComputedTiming().iterations !== Infinity);
    await Promise.all(finite.map((animation) => animation.finished.catch(() => undefined)));
  });
}

/** The elements wider than the phone's viewport, to name in a failure. */
function overflowOf(page: Page): Promise<{ scrollWidth: number; clientWidth: number; widest: string[] }> {
  return page.evaluate(() => {
    const root = document.documentElement;
    const widest = Array.from(document.body.querySelectorAll<HTMLElement>('*'))
      .filter((element) => element.getBoundingClientRect().right > root.clientWidth + 0.5)
      .slice(0, 5)
      .map((element) => {
        const id = element.id ? `#${element.id}` : '';
        const classes = typeof element.className === 'string' ? element.className.slice(0, 80) : '';
        return `${element.tagName.toLowerCase()}${id} "${classes}" right=${Math.round(element.getBoundingClientRect().right)}`;
      });
    return { scrollWidth: root.scrollWidth, clientWidth: root.clientWidth, widest };
  });
}

/**
 * Checks one screen as it is now, in both themes and at both sizes, and saves its screenshots. Collects every
 * problem first, so one run lists all of them, then fails naming the screen.
 */
export async function checkScreen(page: Page, screen: string): Promise<void> {
  const problems: string[] = [];
  for (const theme of THEMES) {
    await page.emulateMedia({ colorScheme: theme });
    // The app follows the system's theme: wait for it to switch.
    await page.waitForFunction(
      (dark) => document.documentElement.classList.contains('dark') === dark,
      theme === 'dark',
    );
    for (const size of SIZES) {
      const where = `${screen} (${size.width} px, ${theme})`;
      await page.setViewportSize(size);
      await settle(page);

      for (const violation of await runAxe(page)) {
        if (violation.impact !== 'serious' && violation.impact !== 'critical') continue;
        const targets = violation.nodes.map((node) => node.target.join(' ')).join(' | ');
        problems.push(`${where}: [${violation.impact}] ${violation.id} — ${violation.help}: ${targets}`);
      }
      // Shown, or only to screen readers (sr-only); not hidden from both.
      const headings = await page.evaluate(
        () =>
          Array.from(document.querySelectorAll('h1')).filter(
            (h1) => h1.checkVisibility({ visibilityProperty: true }) && !h1.closest('[aria-hidden="true"]'),
          ).length,
      );
      if (headings !== 1) problems.push(`${where}: ${headings} h1 elements, expected exactly one`);
      if (size.width === 360) {
        const overflow = await overflowOf(page);
        if (overflow.scrollWidth > overflow.clientWidth) {
          problems.push(
            `${where}: scrolls sideways (${overflow.scrollWidth} > ${overflow.clientWidth}): ${overflow.widest.join(', ')}`,
          );
        }
      }
      await page.screenshot({
        path: join(SCREENSHOTS, `${screen}-${size.width}-${theme}.png`),
        fullPage: true,
      });
    }
  }
  await page.emulateMedia({ colorScheme: 'light' });
  await page.setViewportSize(SIZES[0]);
  await settle(page);
  if (problems.length) throw new Error(`${screen}:\n${problems.join('\n')}`);
}

/** The JSON of a successful API reply; anything else fails the setup with the status and body. */
export async function ok<T>(response: Promise<APIResponse>): Promise<T> {
  const res = await response;
  if (!res.ok()) throw new Error(`${res.status()}: ${await res.text()}`);
  return (await res.json()) as T;
}

/** Signs a new fencer up through the API; the context's cookie jar keeps the session. */
export async function registerFencer(request: APIRequestContext, name: string): Promise<Fencer> {
  const username = uniqueName(name.toLowerCase());
  return ok<Fencer>(
    request.post('/api/register', {
      data: {
        username,
        email: `${username}@example.com`,
        name: `${name} Duval`,
        weaponSpecialty: 'epee',
        title: 'Épée fencer',
        bio: 'Fences at the city club three nights a week.',
        location: 'Lyon',
        password: PASSWORD,
      },
    }),
  );
}

export async function post(
  request: APIRequestContext,
  data: Record<string, unknown>,
): Promise<{ id: string }> {
  return ok(request.post('/api/posts', { data: { type: 'general', weapon: 'epee', ...data } }));
}

/** Uploads a picture for a post the way the app does: an upload URL, then the bytes. */
export async function uploadImage(request: APIRequestContext): Promise<string> {
  const bytes = makePng(960, 540, [37, 99, 235]);
  const ticket = await ok<{ objectPath: string; uploadUrl: string }>(
    request.post('/api/objects/upload', {
      data: { filename: 'bout.png', contentType: 'image/png', size: bytes.length, purpose: 'post' },
    }),
  );
  const put = await request.put(ticket.uploadUrl, { data: bytes, headers: { 'content-type': 'image/png' } });
  if (!put.ok()) throw new Error(`upload failed: ${put.status()}`);
  return ticket.objectPath;
}

export async function newContext(
  browser: Browser,
  baseURL: string,
): Promise<{ context: BrowserContext; page: Page }> {
  // bypassCSP: the app's script-src 'self' would refuse axe-core's injected script.
  const context = await browser.newContext({
    baseURL,
    viewport: SIZES[0],
    colorScheme: 'light',
    bypassCSP: true,
  });
  const page = await context.newPage();
  page.setDefaultTimeout(10_000);
  return { context, page };
}

/** The feed is loaded: no skeletons left. */
export async function feedLoaded(page: Page): Promise<void> {
  await page.getByTestId('composer').waitFor();
  await page.getByTestId('post-skeleton').first().waitFor({ state: 'detached' });
}

/** The focused element's accessible name as far as a test needs it: its aria-label, else its text. */
export function focusedName(page: Page): Promise<string | undefined> {
  return page.evaluate(() => {
    const element = document.activeElement;
    return element?.getAttribute('aria-label') ?? element?.textContent?.trim();
  });
}

export function focusIsIn(page: Page, selector: string): Promise<boolean> {
  return page.evaluate((within) => !!document.activeElement?.closest(within), selector);
}

export function postCard(page: Page, content: string): Locator {
  return page.getByTestId('post-card').filter({ hasText: content });
}
