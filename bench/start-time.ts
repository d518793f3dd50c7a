/**
 * Start-up time of the built app: from spawning `node backend/dist/main.js` until `GET /health/ready` answers
 * 200. Needs `npm run build` first; builds nothing itself.
 *
 * Run alone (`tsc -p bench --outDir bench/dist && node bench/dist/bench/start-time.js`) it compares the
 * embedded default with PostgreSQL (when DATABASE_URL is set) over BENCH_START_RUNS (default 5) rounds,
 * interleaved, and reports medians: first starts (the embedded database on a new, empty data folder; PostgreSQL
 * on a new, empty database, `piste_start_empty` on the server DATABASE_URL names) and restarts (on the data
 * folder of the embedded side's first round; on DATABASE_URL's database).
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { Client } from 'pg';
import { freePort } from '../test/free-port';

const MAIN = 'backend/dist/main.js';
const READY_TIMEOUT_MS = 120_000;
const POLL_INTERVAL_MS = 10;
const LOG_LINES_KEPT = 20;

export interface StartOptions {
  /** Merged over `process.env` for the child; set DATA_DIR (and DATABASE_URL for PostgreSQL) here. */
  env: Record<string, string>;
  /** How many starts, one after another. */
  runs: number;
}

/**
 * Starts the built app `runs` times in a row, each time with `process.env` merged with `options.env`, and
 * returns the milliseconds from spawn until `GET /health/ready` answered 200, one figure per run.
 *
 * - Each run gets a free loopback PORT unless `env.PORT` is given, and SHUTDOWN_DRAIN_MS=0 unless set.
 * - After each ready, the child gets SIGTERM and the next run starts only once it has exited, so every run
 *   after the first is a restart on the same data (DATA_DIR / DATABASE_URL are the caller's).
 * - A child that exits or is not ready within two minutes rejects the promise with its last log lines.
 */
export async function measureStart(options: StartOptions): Promise<number[]> {
  const times: number[] = [];
  for (let run = 0; run < options.runs; run++) times.push(await startOnce(options.env));
  return times;
}

async function startOnce(env: Record<string, string>): Promise<number> {
  const port = env.PORT ?? String(await freePort());
  const started = performance.now();
  const child = spawn(process.execPath, [join(repositoryRoot(), MAIN)], {
    cwd: repositoryRoot(),
    env: { SHUTDOWN_DRAIN_MS: '0', ...process.env, ...env, PORT: port },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const log: string[] = [];
  const keep = (chunk: Buffer) => {
    log.push(...chunk.toString().split('\n').filter(Boolean));
    log.splice(0, log.length - LOG_LINES_KEPT);
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  const exited = new Promise<void>((resolveExit) => child.once('exit', () => resolveExit()));
  let alive = true;
  void exited.then(() => (alive = false));
  try {
    while (!(await isReady(port))) {
      if (!alive) throw new Error(`the app exited before it was ready:\n${log.join('\n')}`);
      if (performance.now() - started > READY_TIMEOUT_MS) {
        throw new Error(`the app was not ready within ${READY_TIMEOUT_MS} ms:\n${log.join('\n')}`);
      }
      await sleep(POLL_INTERVAL_MS);
    }
    return performance.now() - started;
  } finally {
    child.kill('SIGTERM');
    await exited;
  }
}

async function isReady(port: string): Promise<boolean> {
  try {
    const res = await fetch(`http://127.0.0.1:${port}/health/ready`);
    await res.arrayBuffer();
    return res.status === 200;
  } catch {
    return false;
  }
}

/** The folder holding the built app: above this script (source or `bench/dist`), else the working directory. */
function repositoryRoot(): string {
  for (let dir = __dirname; dir !== dirname(dir); dir = dirname(dir)) {
    if (existsSync(join(dir, MAIN))) return dir;
  }
  if (existsSync(MAIN)) return process.cwd();
  throw new Error(`${MAIN} not found: run \`npm run build\` first`);
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

function summary(label: string, times: number[]): string {
  const each = times.map((t) => Math.round(t)).join(', ');
  return `${label.padEnd(22)} median ${Math.round(median(times))} ms  (${each})`;
}

/** A new, empty database on the server `serverUrl` names (replacing one of that name), for a first start. */
export async function emptyPostgresDatabase(
  serverUrl: string,
  name: string,
): Promise<{ url: string; drop(): Promise<void> }> {
  const onServer = async (sql: string) => {
    const client = new Client({ connectionString: serverUrl });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await onServer(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await onServer(`CREATE DATABASE ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => onServer(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

/** One start of the embedded database on a new, empty data folder, which is removed afterwards. */
async function embeddedFirstStart(): Promise<number> {
  const dataDir = mkdtempSync(join(tmpdir(), 'piste-start-first-'));
  try {
    const [ms] = await measureStart({ env: { DATABASE_URL: '', DATA_DIR: dataDir }, runs: 1 });
    return ms;
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** One start on a new, empty PostgreSQL database, which is dropped afterwards. */
async function postgresFirstStart(serverUrl: string, dataDir: string): Promise<number> {
  const database = await emptyPostgresDatabase(serverUrl, 'piste_start_empty');
  try {
    const [ms] = await measureStart({ env: { DATABASE_URL: database.url, DATA_DIR: dataDir }, runs: 1 });
    return ms;
  } finally {
    await database.drop();
  }
}

/** First starts and restarts, embedded and PostgreSQL, interleaved so that other load on the machine hits both alike. */
async function main(): Promise<void> {
  const runs = Number(process.env.BENCH_START_RUNS ?? 5);
  const databaseUrl = process.env.DATABASE_URL;
  const embeddedDir = mkdtempSync(join(tmpdir(), 'piste-start-embedded-'));
  const postgresDir = mkdtempSync(join(tmpdir(), 'piste-start-pg-'));
  const embedded = { DATABASE_URL: '', DATA_DIR: embeddedDir };
  const postgres = databaseUrl ? { DATABASE_URL: databaseUrl, DATA_DIR: postgresDir } : undefined;
  const embeddedFirst: number[] = [];
  const postgresFirst: number[] = [];
  const embeddedRestarts: number[] = [];
  const postgresRestarts: number[] = [];
  try {
    // The restarts' data: the embedded folder, and DATABASE_URL's database migrated.
    await measureStart({ env: embedded, runs: 1 });
    if (postgres) await measureStart({ env: postgres, runs: 1 });
    for (let run = 0; run < runs; run++) {
      embeddedFirst.push(await embeddedFirstStart());
      if (databaseUrl) postgresFirst.push(await postgresFirstStart(databaseUrl, postgresDir));
      embeddedRestarts.push(...(await measureStart({ env: embedded, runs: 1 })));
      if (postgres) postgresRestarts.push(...(await measureStart({ env: postgres, runs: 1 })));
    }
    console.log(summary('embedded first start', embeddedFirst));
    console.log(summary('embedded restart', embeddedRestarts));
    if (postgres) {
      console.log(summary('PostgreSQL first start', postgresFirst));
      console.log(summary('PostgreSQL restart', postgresRestarts));
      const first = median(embeddedFirst) / median(postgresFirst);
      const restart = median(embeddedRestarts) / median(postgresRestarts);
      console.log(`embedded / PostgreSQL first start: ${first.toFixed(2)}× (target ≤ 2.5×)`);
      console.log(`embedded / PostgreSQL restart: ${restart.toFixed(2)}×`);
    }
  } finally {
    rmSync(embeddedDir, { recursive: true, force: true });
    rmSync(postgresDir, { recursive: true, force: true });
  }
}

if (require.main === module) {
  main().catch((err: unknown) => {
    console.error(err);
    process.exit(1);
  });
}
