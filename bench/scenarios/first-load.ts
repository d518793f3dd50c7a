import { existsSync, readFileSync, statSync } from 'node:fs';
import { get } from 'node:http';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { FEED_VIEWER } from '../dataset';
import { CHROMIUM, lighthouseTries, type LighthouseFigures } from '../lighthouse';
import { FRONTEND_DIST } from '../paths';
import { startPiste } from '../piste';
import { figure, loads, NONE, ratio, type Row } from '../report';
import { loadAverage, median } from '../stats';
import { withServers, type Scenario } from './scenario';

const TARGET_KIB = 100;
/** Lighthouse's performance score the feed aims at (mobile preset), and the layout shift it may add up to. */
const TARGET_SCORE = 95;
const TARGET_CLS = 0.1;

interface ScriptSize {
  path: string;
  raw: number;
  gzip: number;
  brotli: number;
  /** Body bytes Piste sent for `Accept-Encoding: br`. */
  transferred: number;
}

/** The entry script and its modulepreload links: what index.html makes every first visit load. */
function entryScripts(): string[] {
  const html = readFileSync(join(FRONTEND_DIST, 'index.html'), 'utf8');
  const scripts = [...html.matchAll(/<script[^>]*type="module"[^>]*src="([^"]+)"/g)].map((m) => m[1]);
  const preloads = [...html.matchAll(/<link[^>]*rel="modulepreload"[^>]*href="([^"]+)"/g)].map((m) => m[1]);
  return [...scripts, ...preloads];
}

/**
 * The scripts a signed-in first visit of the feed actually requests, seen by headless chromium (lazy chunks
 * included); undefined without chromium.
 */
async function scriptsTheFeedRequests(url: string, cookie: string): Promise<string[] | undefined> {
  if (!existsSync(CHROMIUM)) return undefined;
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--no-first-run'],
  });
  try {
    const context = await browser.newContext();
    const [name, value] = cookie.split(/=(.*)/s);
    await context.addCookies([{ name, value, url }]);
    const page = await context.newPage();
    const scripts = new Set<string>();
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.add(new URL(request.url()).pathname);
    });
    await page.goto(`${url}/`, { waitUntil: 'networkidle', timeout: 60_000 });
    return [...scripts];
  } finally {
    await browser.close();
  }
}

/** The file's size, or that of its precompressed form when the build wrote one (small files have none). */
function fileSize(path: string, suffix: '' | '.gz' | '.br'): number {
  const file = join(FRONTEND_DIST, path);
  return statSync(existsSync(file + suffix) ? file + suffix : file).size;
}

/** Body bytes as sent on the wire (node:http does not decode), for a brotli-accepting client. */
function transferredBytes(url: string, path: string): Promise<number> {
  return new Promise((resolve, reject) => {
    get(`${url}${path}`, { headers: { 'accept-encoding': 'br' } }, (res) => {
      let bytes = 0;
      res.on('data', (chunk: Buffer) => (bytes += chunk.length));
      res.on('end', () =>
        res.statusCode === 200 ? resolve(bytes) : reject(new Error(`${path}: ${res.statusCode}`)),
      );
    }).on('error', reject);
  });
}

async function measure(url: string, paths: string[]): Promise<ScriptSize[]> {
  return Promise.all(
    paths.map(async (path) => ({
      path,
      raw: fileSize(path, ''),
      gzip: fileSize(path, '.gz'),
      brotli: fileSize(path, '.br'),
      transferred: await transferredBytes(url, path),
    })),
  );
}

function rows(sizes: ScriptSize[], load: number): Row[] {
  const kib = (pick: (s: ScriptSize) => number) => sizes.reduce((sum, s) => sum + pick(s), 0) / 1024;
  const label = `first-load JS (${sizes.length} scripts)`;
  const only = (measure: string, value: number): Row => ({
    measure,
    piste: figure(value),
    baseline: NONE,
    ratio: NONE,
    load: load.toFixed(2),
  });
  const transferred = kib((s) => s.transferred);
  return [
    only(
      `${label}: raw KiB`,
      kib((s) => s.raw),
    ),
    only(
      `${label}: gzip KiB`,
      kib((s) => s.gzip),
    ),
    only(
      `${label}: brotli KiB`,
      kib((s) => s.brotli),
    ),
    {
      measure: `${label}: KiB transferred with Accept-Encoding: br (baseline: target)`,
      piste: figure(transferred),
      baseline: `${TARGET_KIB} (target)`,
      ratio: ratio(transferred, TARGET_KIB),
      load: load.toFixed(2),
    },
  ];
}

interface LighthouseRound extends LighthouseFigures {
  load: number;
  /** Runs it took (the ones before failed to record the page load). */
  tries: number;
}

/** Lighthouse on the signed-in feed, once per round; none without chromium. */
async function lighthouseRounds(url: string, cookie: string, rounds: number): Promise<LighthouseRound[]> {
  if (!existsSync(CHROMIUM)) return [];
  const result: LighthouseRound[] = [];
  for (let round = 0; round < rounds; round++) {
    console.log(`    round ${round + 1}/${rounds}: Lighthouse`);
    result.push({ ...(await lighthouseTries(`${url}/`, cookie)), load: loadAverage() });
  }
  return result;
}

function lighthouseRows(runs: LighthouseRound[]): Row[] {
  const label = 'Lighthouse, signed-in feed (mobile preset)';
  const load = loads(runs.map((run) => run.load));
  const row = (
    measure: string,
    pick: (run: LighthouseRound) => number,
    digits: number,
    target?: number,
  ): Row => {
    const value = median(runs.map(pick));
    return {
      measure: `${label}: ${measure}`,
      piste: figure(value, digits),
      baseline: target === undefined ? NONE : `${target} (target)`,
      ratio: target === undefined ? NONE : ratio(value, target),
      load,
    };
  };
  return [
    row('performance score', (r) => r.score, 0, TARGET_SCORE),
    row('total blocking time ms', (r) => r.totalBlockingTimeMs, 0),
    row('cumulative layout shift', (r) => r.cumulativeLayoutShift, 3, TARGET_CLS),
    row('largest contentful paint ms', (r) => r.largestContentfulPaintMs, 0),
    row('first contentful paint ms', (r) => r.firstContentfulPaintMs, 0),
  ];
}

function lighthouseNote(runs: LighthouseRound[]): string {
  if (!runs.length) return `no ${CHROMIUM}: no Lighthouse figures.`;
  const each = runs.map(
    (r) =>
      `score ${r.score.toFixed(0)}, TBT ${r.totalBlockingTimeMs.toFixed(0)} ms, CLS ${r.cumulativeLayoutShift.toFixed(3)}, ` +
      `LCP ${r.largestContentfulPaintMs.toFixed(0)} ms, FCP ${r.firstContentfulPaintMs.toFixed(0)} ms, ` +
      `speed index ${r.speedIndexMs.toFixed(0)} ms (load ${r.load.toFixed(2)})`,
  );
  const warnings = [...new Set(runs.flatMap((r) => r.warnings))];
  const retried = runs.filter((r) => r.tries > 1).length;
  return (
    `Lighthouse ${runs.length}× on the signed-in feed, mobile preset (simulated slow 4G, 4× CPU slowdown), ` +
    `medians in the table; each run: ${each.join('; ')}.` +
    (warnings.length ? ` Lighthouse warned: ${warnings.join(' ')}` : '') +
    (retried
      ? ` ${retried} of the rounds needed another run (a page load Lighthouse failed to record).`
      : '') +
    ' The score moves with the machine’s load: compare runs with similar load averages.'
  );
}

/**
 * The JavaScript a first visit of the feed loads: index.html's entry script and modulepreload links, plus any
 * chunk a signed-in visit requests in headless chromium. Sizes of the built files (raw, .gz, .br) and the bytes
 * Piste actually sends to a client accepting brotli. Then Lighthouse's performance figures for the same visit.
 */
export const firstLoadScenario: Scenario = {
  title: 'First load of the feed',
  run: ({ settings, signIns }) =>
    withServers([() => startPiste(settings)], async ([piste]) => {
      const { cookie } = await signIns.as(piste.url, FEED_VIEWER);
      const declared = entryScripts();
      const requested = await scriptsTheFeedRequests(piste.url, cookie);
      const paths = [...new Set([...declared, ...(requested ?? [])])];
      const sizes = await measure(piste.url, paths);
      const lazy = (requested ?? []).filter((p) => !declared.includes(p));
      const sizeRows = rows(sizes, loadAverage());
      const lighthouse = await lighthouseRounds(piste.url, cookie, settings.rounds);
      return {
        title: 'First load of the feed',
        rows: [...sizeRows, ...(lighthouse.length ? lighthouseRows(lighthouse) : [])],
        notes: [
          `scripts: ${sizes.map((s) => `${s.path} (${(s.transferred / 1024).toFixed(1)} KiB sent)`).join(', ')}.`,
          requested
            ? `headless chromium, signed in, requested ${requested.length} scripts on the feed` +
              (lazy.length
                ? `, ${lazy.length} of them beyond index.html's: ${lazy.join(', ')}.`
                : ', all named by index.html.')
            : `no ${CHROMIUM}: only index.html's entry and modulepreload scripts are counted.`,
          lighthouseNote(lighthouse),
        ],
        rounds: { scripts: sizes, lighthouse },
      };
    }),
};
