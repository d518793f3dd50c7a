/** One Lighthouse run's figures: the performance score (0–100) and the metrics it is made of. */
export interface LighthouseFigures {
  score: number;
  totalBlockingTimeMs: number;
  cumulativeLayoutShift: number;
  largestContentfulPaintMs: number;
  firstContentfulPaintMs: number;
  speedIndexMs: number;
  /** What Lighthouse warned about the run (a redirect, a slow host), if anything. */
  warnings: string[];
}

/** Debian's Chromium, headless, as the bench and the browser journeys run it. */
export const CHROMIUM = '/usr/bin/chromium';
const CHROMIUM_FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'];

/**
 * Lighthouse's performance category for `url` with its default settings: the mobile preset (a mid-range phone's
 * screen, simulated slow 4G and a 4× slower CPU). `cookie` (`name=value`) goes with every request, so the page is
 * audited as the signed-in user sees it. Both packages are ES modules, loaded with `import()` from this CommonJS
 * build.
 */
export async function lighthouseRun(url: string, cookie: string): Promise<LighthouseFigures> {
  const { launch } = await import('chrome-launcher');
  const { default: lighthouse } = await import('lighthouse');
  const chrome = await launch({ chromePath: CHROMIUM, chromeFlags: CHROMIUM_FLAGS });
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance'],
      extraHeaders: { Cookie: cookie },
    });
    if (!result) throw new Error(`Lighthouse returned no result for ${url}`);
    const { audits, categories, runtimeError, runWarnings } = result.lhr;
    if (runtimeError) throw new Error(`Lighthouse: ${runtimeError.code} ${runtimeError.message}`);
    const metric = (id: string) => {
      const value = audits[id]?.numericValue;
      if (value === undefined) throw new Error(`Lighthouse gave no ${id}`);
      return value;
    };
    return {
      score: (categories.performance?.score ?? NaN) * 100,
      totalBlockingTimeMs: metric('total-blocking-time'),
      cumulativeLayoutShift: metric('cumulative-layout-shift'),
      largestContentfulPaintMs: metric('largest-contentful-paint'),
      firstContentfulPaintMs: metric('first-contentful-paint'),
      speedIndexMs: metric('speed-index'),
      warnings: runWarnings.map(String),
    };
  } finally {
    chrome.kill();
  }
}

/** Tries per run: Lighthouse sometimes fails to record a page load (NO_NAVSTART) and asks to be run again. */
const LIGHTHOUSE_TRIES = 3;

/** `lighthouseRun`, run again when it fails, up to three times in all; with how many runs it took. */
export async function lighthouseTries(
  url: string,
  cookie: string,
): Promise<LighthouseFigures & { tries: number }> {
  for (let attempt = 1; ; attempt++) {
    try {
      return { ...(await lighthouseRun(url, cookie)), tries: attempt };
    } catch (err) {
      if (attempt === LIGHTHOUSE_TRIES) throw err;
      console.log(`      ${err instanceof Error ? err.message : String(err)}; again`);
    }
  }
}
