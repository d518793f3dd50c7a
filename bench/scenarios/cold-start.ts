import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { emptyPostgresDatabase, measureStart } from '../start-time';
import { baselineScript, ROOT } from '../paths';
import { pisteEnv } from '../piste';
import { compareRuns, ratio } from '../report';
import { freePort } from '../../test/free-port';
import { interleaved, loadAverage, median } from '../stats';
import type { Scenario } from './scenario';

/** Polled as often as `measureStart` polls Piste, so both sides are timed alike. */
const POLL_INTERVAL_MS = 10;
const READY_TIMEOUT_MS = 30_000;

interface StartFigures {
  ms: number;
  load: number;
}

/** Milliseconds from spawning the bare ready-server until its `/health/ready` answers 200. */
async function bareStart(): Promise<StartFigures> {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, [baselineScript('ready-server')], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', PORT: String(port) },
    stdio: 'ignore',
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  try {
    while (performance.now() - started < READY_TIMEOUT_MS && child.exitCode === null) {
      try {
        const res = await fetch(`http://127.0.0.1:${port}/health/ready`);
        await res.arrayBuffer();
        if (res.status === 200) return { ms: performance.now() - started, load: loadAverage() };
      } catch {
        // Not listening yet.
      }
      await sleep(POLL_INTERVAL_MS);
    }
    throw new Error(`the bare ready-server was not ready within ${READY_TIMEOUT_MS} ms`);
  } finally {
    child.kill('SIGTERM');
    await exited;
  }
}

async function pisteStart(env: Record<string, string>): Promise<StartFigures> {
  const [ms] = await measureStart({ env, runs: 1 });
  return { ms, load: loadAverage() };
}

/** The goal for the embedded first start: at most this many times PostgreSQL's first start. */
const FIRST_START_TARGET = 2.5;

/** The template `npm run build` left for the embedded first start, if any (backend/src/database/empty-database.ts). */
function embeddedTemplate(): string {
  const folder = join(ROOT, 'backend/dist/database/template');
  const files = existsSync(folder) ? readdirSync(folder).filter((name) => name.endsWith('.tar.gz')) : [];
  return files.length ? `backend/dist/database/template/${files.join(', ')}` : 'none';
}

/**
 * Spawn to `/health/ready` 200 of the built app. First starts: the embedded database on a new, empty data folder
 * against PostgreSQL on a new, empty database (`<bench database>_empty`, made again for each start), both without
 * Redis, so only the database differs. Restarts: the embedded database on a data folder that already exists, and
 * PostgreSQL on the bench database, each against a bare Node http server's start.
 */
export const coldStartScenario: Scenario = {
  title: 'Cold start',
  run: async ({ settings }) => {
    const restartDir = mkdtempSync(join(tmpdir(), 'piste-bench-embedded-'));
    const postgresDir = mkdtempSync(join(tmpdir(), 'piste-bench-pg-'));
    const embedded = { ...pisteEnv(settings, restartDir), DATABASE_URL: '', REDIS_URL: '' };
    const postgres = pisteEnv(settings, postgresDir);
    const emptyDatabase = `${settings.benchDatabase}_empty`;
    try {
      // The restarts' data folder.
      await pisteStart(embedded);
      const rounds = await interleaved(settings.rounds, {
        embeddedFirst: async () => {
          const dataDir = mkdtempSync(join(tmpdir(), 'piste-bench-first-'));
          try {
            return await pisteStart({ ...embedded, DATA_DIR: dataDir });
          } finally {
            rmSync(dataDir, { recursive: true, force: true });
          }
        },
        postgresFirst: async () => {
          const database = await emptyPostgresDatabase(settings.serverUrl, emptyDatabase);
          try {
            return await pisteStart({ ...postgres, DATABASE_URL: database.url, REDIS_URL: '' });
          } finally {
            await database.drop();
          }
        },
        embedded: () => pisteStart(embedded),
        postgres: () => pisteStart(postgres),
        bare: bareStart,
      });
      const ms = (f: StartFigures) => f.ms;
      const firstRatio = median(rounds.embeddedFirst.map(ms)) / median(rounds.postgresFirst.map(ms));
      return {
        title: 'Cold start',
        rows: [
          compareRuns(
            `first start to ready, embedded PGlite on an empty data folder (baseline: PostgreSQL on an empty database; target ≤ ${FIRST_START_TARGET}×), ms`,
            rounds.embeddedFirst,
            rounds.postgresFirst,
            ms,
            0,
          ),
          compareRuns('start to ready, embedded PGlite (restart), ms', rounds.embedded, rounds.bare, ms, 0),
          compareRuns('start to ready, PostgreSQL (restart), ms', rounds.postgres, rounds.bare, ms, 0),
        ],
        notes: [
          `first starts: embedded / PostgreSQL ${firstRatio.toFixed(2)}×, ` +
            `${firstRatio <= FIRST_START_TARGET ? 'within' : 'above'} the ${FIRST_START_TARGET}× target; ` +
            `the embedded database's template: ${embeddedTemplate()}.`,
          'restarts: the baseline is a bare node:http server answering /health/ready: the floor of starting Node.',
          `restarts: embedded / PostgreSQL ${ratio(median(rounds.embedded.map(ms)), median(rounds.postgres.map(ms)))}.`,
        ],
        rounds,
      };
    } finally {
      rmSync(restartDir, { recursive: true, force: true });
      rmSync(postgresDir, { recursive: true, force: true });
    }
  },
};
