/**
 * The one setup of the browser journeys: the built app in a process of its own, a chromium, and the browser
 * contexts (each a signed-in fencer or a visitor) the tests open on them.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { randomBytes } from 'node:crypto';
import { Client } from 'pg';
import {
  chromium,
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  type Page,
} from 'playwright-core';
import { freePort } from '../test/free-port';
import { signUpByApi, uniqueName, type Fencer, type Profile } from './api';
import { registerInBrowser } from './ui';

const CHROMIUM = '/usr/bin/chromium';
const ROOT = join(__dirname, '..');
const hasBrowser = existsSync(CHROMIUM);
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
 * against the test run's database (and Redis when set). It listens on 127.0.0.1; with `onLocalhost` the tabs
 * open it as http://localhost:PORT, its PUBLIC_URL.
 */
async function startApp(
  env: Record<string, string> = {},
  port?: number,
  onLocalhost = false,
): Promise<RunningApp> {
  const chosen = port ?? (await freePort());
  const database = await databaseForThisFile();
  const url = `http://${onLocalhost ? 'localhost' : '127.0.0.1'}:${chosen}`;
  const child = spawn(process.execPath, [join(ROOT, 'backend/dist/main.js')], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(chosen),
      HOST: '127.0.0.1',
      SEED_DEMO: 'false',
      LOG_LEVEL: 'warn',
      ...database,
      ...(onLocalhost ? { PUBLIC_URL: url } : {}),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (output += d.toString()));
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`app exited early:\n${output}`);
    try {
      // Where it listens, whatever name the tabs use.
      const res = await fetch(`http://127.0.0.1:${chosen}/api/health`);
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

const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
}

/**
 * A browser with a profile on disk, as a person's is: what an installability check needs (Chromium does not
 * install apps from the incognito-like contexts of `newTab`). Close it, and remove `dir`, after the test.
 */
export async function browserWithProfile(
  dir: string,
  options: BrowserContextOptions,
): Promise<BrowserContext> {
  return chromium.launchPersistentContext(dir, { executablePath: CHROMIUM, args: CHROMIUM_ARGS, ...options });
}

/** A browser context of its own (its cookies are one session) with one page open. */
export interface Tab {
  context: BrowserContext;
  page: Page;
}

export interface JourneyOptions {
  /** More settings for the app. */
  env?: Record<string, string>;
  /** Boots the app with an admin account, whose name and password are `journey.admin`. */
  admin?: boolean;
  /** Keeps the app's files (uploads) in a folder of this journey's, removed after it. */
  ownDataDir?: boolean;
  /**
   * Opens the app as http://localhost:PORT, its PUBLIC_URL too, rather than 127.0.0.1: passkeys need it (browsers
   * refuse an IP address as the relying party, and localhost is a secure context).
   */
  localhost?: boolean;
}

/** What a journey's tests share: its running app, its browser, and the one way to open tabs and make fencers. */
export interface Journey {
  /** Replaced by `restartApp`. */
  app: RunningApp;
  browser: Browser;
  admin: { username: string; password: string };
  /** A new tab at 1280 × 900 unless `options` say otherwise; one opened in a test is closed after it. */
  newTab(options?: BrowserContextOptions): Promise<Tab>;
  /** A new tab in which a fencer registers through the Auth screen (as `Fencer {username}`). */
  signUp(prefix?: string, options?: BrowserContextOptions): Promise<Tab & { username: string }>;
  /** Two or more fencers registering side by side, one tab each: the usual cast of a live journey. */
  signUpEach(...prefixes: string[]): Promise<(Tab & { username: string })[]>;
  /** A new tab whose fencer (`{prefix}_…`) signed up through the API; it shows nothing until the test navigates. */
  signUpByApi(
    prefix?: string,
    profile?: Profile,
    options?: BrowserContextOptions,
  ): Promise<Tab & { user: Fencer }>;
  /** Another instance of the app, on the same database, with the same settings. */
  startApp(port?: number): Promise<RunningApp>;
  /** Starts the stopped app again on its port, as a deploy would (with `env` added to its settings, if given). */
  restartApp(env?: Record<string, string>): Promise<void>;
  /** The folder the app writes each mail into (DATA_DIR/outbox: the journeys set no SMTP_URL). */
  outbox(): string;
}

/**
 * The one setup of a journey's `describe`: starts the built app and a browser before its tests and stops both
 * after them; the tabs a test opens are closed after it. Read the journey's fields inside the tests.
 */
export function journeyFixture({
  env = {},
  admin = false,
  ownDataDir = false,
  localhost = false,
}: JourneyOptions = {}): Journey {
  const credentials = { username: uniqueName('admin'), password: 'admin-secret-123' };
  const settings: Record<string, string> = {
    ...(admin ? { ADMIN_USERNAME: credentials.username, ADMIN_PASSWORD: credentials.password } : {}),
    ...env,
  };
  let dataDir: string | undefined;
  /** The app's DATA_DIR, once it has started. */
  let appDataDir: string | undefined;
  let testTabs: BrowserContext[] | undefined;

  const journey: Journey = {
    app: undefined as unknown as RunningApp,
    browser: undefined as unknown as Browser,
    admin: credentials,
    async newTab(options = {}) {
      const context = await journey.browser.newContext({
        baseURL: journey.app.url,
        viewport: { width: 1280, height: 900 },
        ...options,
      });
      testTabs?.push(context);
      const page = await context.newPage();
      page.setDefaultTimeout(10_000);
      return { context, page };
    },
    async signUp(prefix = 'fencer', options) {
      const tab = await journey.newTab(options);
      const username = uniqueName(prefix);
      await registerInBrowser(tab.page, username);
      return { ...tab, username };
    },
    signUpEach: (...prefixes) => Promise.all(prefixes.map((prefix) => journey.signUp(prefix))),
    async signUpByApi(prefix = 'fencer', profile = {}, options) {
      const tab = await journey.newTab(options);
      return {
        ...tab,
        user: await signUpByApi(tab.context.request, { username: uniqueName(prefix), ...profile }),
      };
    },
    startApp: (port) => startApp(settings, port, localhost),
    async restartApp(env = {}) {
      journey.app = await startApp({ ...settings, ...env }, journey.app.port, localhost);
    },
    outbox() {
      if (!appDataDir) throw new Error('the app has not started yet');
      return join(appDataDir, 'outbox');
    },
  };

  beforeAll(async () => {
    if (ownDataDir) {
      dataDir = await mkdtemp(join(tmpdir(), 'piste-e2e-data-'));
      settings.DATA_DIR = dataDir;
    }
    [journey.app, journey.browser] = await Promise.all([
      startApp(settings, undefined, localhost),
      launchBrowser(),
    ]);
    // As the app sees it: this journey's setting, else the file's database's, else the environment's or the default.
    const { DATA_DIR = process.env.DATA_DIR ?? '.data' } = await databaseForThisFile();
    appDataDir = resolve(ROOT, settings.DATA_DIR ?? DATA_DIR);
  });
  beforeEach(() => {
    testTabs = [];
  });
  afterEach(async () => {
    const tabs = testTabs ?? [];
    testTabs = undefined;
    await Promise.all(tabs.map((context) => context.close()));
  });
  afterAll(async () => {
    await journey.browser?.close();
    await journey.app?.stop();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });
  return journey;
}
