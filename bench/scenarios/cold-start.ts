import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { measureStart } from '../start-time';
import { baselineScript, ROOT } from '../paths';
import { BENCH_SESSION_SECRET, pisteEnv } from '../piste';
import { compareRuns, figure, NONE, ratio } from '../report';
import { freePort } from '../../backend/src/common/free-port';
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

/**
 * Spawn to `/health/ready` 200 of the built app, with the embedded database (PGlite on a data folder that
 * already exists: a restart) and with PostgreSQL (`piste_bench`), against a bare Node http server's start. The
 * embedded first start, which creates the database, is reported apart.
 */
export const coldStartScenario: Scenario = {
  title: 'Cold start',
  run: async ({ settings }) => {
    const embeddedDir = mkdtempSync(join(tmpdir(), 'piste-bench-embedded-'));
    const postgresDir = mkdtempSync(join(tmpdir(), 'piste-bench-pg-'));
    const embedded = {
      NODE_ENV: 'production',
      DATABASE_URL: '',
      REDIS_URL: '',
      DATA_DIR: embeddedDir,
      SEED_DEMO: 'false',
      SESSION_SECRET: BENCH_SESSION_SECRET,
      LOG_LEVEL: 'error',
    };
    const postgres = pisteEnv(settings, postgresDir);
    try {
      const firstStart = await pisteStart(embedded);
      const rounds = await interleaved(settings.rounds, {
        embedded: () => pisteStart(embedded),
        postgres: () => pisteStart(postgres),
        bare: bareStart,
      });
      const ms = (f: StartFigures) => f.ms;
      return {
        title: 'Cold start',
        rows: [
          compareRuns('start to ready, embedded PGlite (restart), ms', rounds.embedded, rounds.bare, ms, 0),
          compareRuns('start to ready, PostgreSQL, ms', rounds.postgres, rounds.bare, ms, 0),
          {
            measure: 'first start, embedded PGlite on an empty data folder, ms',
            piste: figure(firstStart.ms, 0),
            baseline: NONE,
            ratio: NONE,
            load: firstStart.load.toFixed(2),
          },
        ],
        notes: [
          'the baseline is a bare node:http server answering /health/ready: the floor of starting Node.',
          `embedded / PostgreSQL: ${ratio(median(rounds.embedded.map(ms)), median(rounds.postgres.map(ms)))}.`,
        ],
        rounds: { firstStart, ...rounds },
      };
    } finally {
      rmSync(embeddedDir, { recursive: true, force: true });
      rmSync(postgresDir, { recursive: true, force: true });
    }
  },
};
