import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { Client } from 'pg';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { freePort } from '../backend/src/database/embedded-postgres';

export const CHROMIUM = '/usr/bin/chromium';
const ROOT = join(__dirname, '..');
export const hasBrowser = existsSync(CHROMIUM);
const requireServices = process.env.REQUIRE_SERVICES === '1';

/** Browser journeys need Debian's chromium and the built app; without them they are skipped (failed in CI). */
export const describeInBrowser =
  (hasBrowser && existsSync(join(ROOT, 'backend/dist/main.js'))) || requireServices
    ? describe
    : describe.skip;

export interface RunningApp {
  url: string;
  port: number;
  process: ChildProcess;
  stop(): Promise<void>;
  output(): string;
}

let fileDatabase: Promise<Record<string, string>> | undefined;

/**
 * Each journey file gets a database of its own (every app it starts shares it, so a restart keeps the data), so
 * one journey never sees another's rows or the API tests' reports. On PostgreSQL that is a schema of the run's
 * (test/global-teardown.ts drops them); on the embedded database, whose single session cannot keep connections
 * in different schemas, each file's apps run their own embedded PGlite in a data folder of the file's.
 */
function databaseForThisFile(): Promise<Record<string, string>> {
  fileDatabase ??= (async (): Promise<Record<string, string>> => {
    const runSchema = process.env.DATABASE_SCHEMA;
    const suffix = randomBytes(4).toString('hex');
    if (!runSchema || runSchema === 'public') {
      return { DATABASE_URL: '', DATA_DIR: await mkdtemp(join(tmpdir(), `piste-e2e-${suffix}-`)) };
    }
    const schema = `${runSchema}_j${suffix}`;
    const client = new Client({ connectionString: process.env.DATABASE_URL });
    await client.connect();
    await client.query(`CREATE SCHEMA ${schema}`);
    await client.end();
    return { DATABASE_SCHEMA: schema };
  })();
  return fileDatabase;
}

/**
 * Starts the built app (`node backend/dist/main.js`) as its own process, as `npm start` does, on a free port
 * against the test run's database (and Redis when set).
 */
export async function startApp(env: Record<string, string> = {}, port?: number): Promise<RunningApp> {
  const chosen = port ?? (await freePort());
  const database = await databaseForThisFile();
  const child = spawn(process.execPath, [join(ROOT, 'backend/dist/main.js')], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(chosen),
      HOST: '127.0.0.1',
      SEED_DEMO: 'false',
      LOG_LEVEL: 'warn',
      ...database,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (output += d.toString()));
  const url = `http://127.0.0.1:${chosen}`;
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`app exited early:\n${output}`);
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.ok) break;
    } catch {
      /* not up yet */
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`app did not start within 30 s:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 150));
  }
  return {
    url,
    port: chosen,
    process: child,
    output: () => output,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
        setTimeout(() => child.kill('SIGKILL'), 5000).unref();
      }),
  };
}

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-dev-shm-usage',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

/** What a journey file shares: its running app and its browser. */
export interface Journey {
  /** Replaced when a journey restarts the app. */
  app: RunningApp;
  browser: Browser;
}

/**
 * The one setup of a journey file: starts the built app (with `env`) and a browser before its tests, and stops
 * both after them. Read `journey.app` and `journey.browser` inside the tests.
 */
export function journeyFixture(env: Record<string, string> = {}): Journey {
  const journey = {} as Journey;
  beforeAll(async () => {
    [journey.app, journey.browser] = await Promise.all([startApp(env), launchBrowser()]);
  });
  afterAll(async () => {
    await journey.browser?.close();
    await journey.app?.stop();
  });
  return journey;
}

export async function newPage(
  browser: Browser,
  baseURL: string,
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL, viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  page.setDefaultTimeout(10_000);
  return { context, page };
}

export function uniqueName(prefix = 'fencer'): string {
  return `${prefix}_${Math.random().toString(36).slice(2, 9)}`;
}

/** Registers through the Auth screen and waits for the signed-in app. */
export async function registerInBrowser(page: Page, username: string, password = 'secret123'): Promise<void> {
  await page.goto('/');
  await page.getByRole('tab', { name: 'Register' }).click();
  await page.locator('#register-username').fill(username);
  await page.locator('#register-email').fill(`${username}@example.com`);
  await page.locator('#register-name').fill(`Fencer ${username}`);
  await page.locator('#register-password').fill(password);
  await page.locator('#register-confirm-password').fill(password);
  await page.locator('#register-accept-terms').check();
  await page.getByRole('button', { name: 'Create Account' }).click();
  await page.getByRole('link', { name: 'Your profile' }).waitFor();
}

/** Signs in through the Auth screen and waits for the signed-in app. */
export async function signInInBrowser(page: Page, username: string, password = 'secret123'): Promise<void> {
  await page.goto('/');
  await page.locator('#login-username').fill(username);
  await page.locator('#login-password').fill(password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await page.getByRole('link', { name: 'Your profile' }).waitFor();
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
  const dir = join(__dirname, 'screenshots');
  mkdirSync(dir, { recursive: true });
  const size = page.viewportSize();
  if (phone) await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: join(dir, `${name}${phone ? '-390' : ''}.png`), fullPage });
  if (phone && size) await page.setViewportSize(size);
}
