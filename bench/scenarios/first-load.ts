import { existsSync, readFileSync, statSync } from 'node:fs';
import { get } from 'node:http';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { FEED_VIEWER } from '../dataset';
import { FRONTEND_DIST } from '../paths';
import { startPiste } from '../piste';
import { figure, NONE, ratio, type Row } from '../report';
import { loadAverage } from '../stats';
import { withServers, type Scenario } from './scenario';

const CHROMIUM = '/usr/bin/chromium';
const TARGET_KIB = 130;

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

/**
 * The JavaScript a first visit of the feed loads: index.html's entry script and modulepreload links, plus any
 * chunk a signed-in visit requests in headless chromium. Sizes of the built files (raw, .gz, .br) and the bytes
 * Piste actually sends to a client accepting brotli.
 */
export const firstLoadScenario: Scenario = {
  title: 'First-load JavaScript',
  run: ({ settings, signIns }) =>
    withServers([() => startPiste(settings)], async ([piste]) => {
      const { cookie } = await signIns.as(piste.url, FEED_VIEWER);
      const declared = entryScripts();
      const requested = await scriptsTheFeedRequests(piste.url, cookie);
      const paths = [...new Set([...declared, ...(requested ?? [])])];
      const sizes = await measure(piste.url, paths);
      const lazy = (requested ?? []).filter((p) => !declared.includes(p));
      return {
        title: 'First-load JavaScript',
        rows: rows(sizes, loadAverage()),
        notes: [
          `scripts: ${sizes.map((s) => `${s.path} (${(s.transferred / 1024).toFixed(1)} KiB sent)`).join(', ')}.`,
          requested
            ? `headless chromium, signed in, requested ${requested.length} scripts on the feed` +
              (lazy.length
                ? `, ${lazy.length} of them beyond index.html's: ${lazy.join(', ')}.`
                : ', all named by index.html.')
            : `no ${CHROMIUM}: only index.html's entry and modulepreload scripts are counted.`,
        ],
        rounds: sizes,
      };
    }),
};
