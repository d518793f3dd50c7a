/** What the screens journey checks on each screen: axe-core, one h1, no sideways scroll, screenshots. */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { BrowserContextOptions, Page } from 'playwright-core';
import { SCREENSHOTS } from './ui';

const AXE_SCRIPT = join(__dirname, '..', 'node_modules', 'axe-core', 'axe.min.js');
const THEMES = ['light', 'dark'] as const;
const SIZES = [
  { width: 1440, height: 900 },
  { width: 360, height: 800 },
] as const;
/** Each screen is checked four times over (two themes, two sizes), so a test holding several takes a while. */
export const SCREENS_TIMEOUT = 90_000;

interface AxeViolation {
  id: string;
  impact: 'minor' | 'moderate' | 'serious' | 'critical' | null;
  help: string;
  nodes: { target: unknown[] }[];
}

/** The tabs whose screens are checked: desktop size, light, and open to axe-core's injected script. */
export const SCREEN_TAB: BrowserContextOptions = {
  viewport: SIZES[0],
  colorScheme: 'light',
  // The app's script-src 'self' would refuse axe-core's injected script.
  bypassCSP: true,
};

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

/** How long one step of a screen's check may take: a page's evaluate has no timeout of its own. */
const STEP_TIMEOUT_MS = 20_000;
/** How long the check waits for the page's finite animations to end before it goes on without them. */
const ANIMATIONS_WAIT_MS = 5_000;

/** `work`, or a failure naming the step and the screen when it takes longer than STEP_TIMEOUT_MS. */
async function step<T>(where: string, what: string, work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`${where}: ${what} did not finish within ${STEP_TIMEOUT_MS / 1000} s`)),
      STEP_TIMEOUT_MS,
    );
  });
  try {
    return await Promise.race([work, late]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Waits until the page has laid out and every finite animation (a toast sliding in, a fade) has ended, for
 * ANIMATIONS_WAIT_MS at most; resolves with the animations still running then (none, normally).
 */
async function settle(page: Page): Promise<string[]> {
  return page.evaluate(async (waitMs) => {
    // From the top, so the sticky header sits at the top of a full-page screenshot.
    window.scrollTo(0, 0);
    await document.fonts.ready;
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    const finite = document
      .getAnimations()
      .filter((animation) => animation.effect?.getComputedTiming().iterations !== Infinity);
    const ended = Promise.all(finite.map((animation) => animation.finished.catch(() => undefined)));
    const waited = await Promise.race([
      ended.then(() => false),
      new Promise<boolean>((resolve) => setTimeout(() => resolve(true), waitMs)),
    ]);
    if (!waited) return [];
    return finite
      .filter((animation) => animation.playState !== 'finished' && animation.playState !== 'idle')
      .map((animation) => {
        const name =
          'animationName' in animation
            ? String(animation.animationName)
            : String(animation.id || 'animation');
        const target = (animation.effect as KeyframeEffect | null)?.target;
        return `${name} (${animation.playState}) on ${target ? `${target.tagName.toLowerCase()}.${String(target.className).slice(0, 60)}` : 'nothing'}`;
      });
  }, ANIMATIONS_WAIT_MS);
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
  mkdirSync(SCREENSHOTS, { recursive: true });
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
      const running = await step(where, 'waiting for the page to settle', settle(page));
      if (running.length) console.warn(`${where}: animations still running after 5 s: ${running.join(', ')}`);

      for (const violation of await step(where, 'axe-core', runAxe(page))) {
        if (violation.impact !== 'serious' && violation.impact !== 'critical') continue;
        const targets = violation.nodes.map((node) => node.target.join(' ')).join(' | ');
        problems.push(`${where}: [${violation.impact}] ${violation.id} — ${violation.help}: ${targets}`);
      }
      // Shown, or only to screen readers (sr-only); not hidden from both.
      const headings = await step(
        where,
        'counting the h1 elements',
        page.evaluate(
          () =>
            Array.from(document.querySelectorAll('h1')).filter(
              (h1) => h1.checkVisibility({ visibilityProperty: true }) && !h1.closest('[aria-hidden="true"]'),
            ).length,
        ),
      );
      if (headings !== 1) problems.push(`${where}: ${headings} h1 elements, expected exactly one`);
      if (size.width === 360) {
        const overflow = await step(where, 'measuring the overflow', overflowOf(page));
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
  await step(screen, 'waiting for the page to settle', settle(page));
  if (problems.length) throw new Error(`${screen}:\n${problems.join('\n')}`);
}
