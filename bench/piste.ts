import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PISTE_MAIN } from './paths';
import { startServer, type ServerProcess } from './server-process';
import { benchRateLimits, type BenchSettings } from './settings';

/** Sessions made by one Piste process stay valid in the next: they share the secret and the database. */
export const BENCH_SESSION_SECRET = 'piste-bench-session-secret-0123456789';

/** How Piste runs under the bench: production mode on the bench database, quiet, no demo data, limits raised. */
export function pisteEnv(settings: BenchSettings, dataDir: string): Record<string, string> {
  return {
    NODE_ENV: 'production',
    DATABASE_URL: settings.databaseUrl,
    ...(settings.redisUrl
      ? { REDIS_URL: settings.redisUrl, REDIS_KEY_PREFIX: 'piste-bench' }
      : { REDIS_URL: '' }),
    DATA_DIR: dataDir,
    SEED_DEMO: 'false',
    SESSION_SECRET: BENCH_SESSION_SECRET,
    LOG_LEVEL: 'error',
    RATE_LIMITS: benchRateLimits(),
    SHUTDOWN_DRAIN_MS: '0',
    SHUTDOWN_GRACE_MS: '2000',
    ...(process.env.DATABASE_POOL_SIZE ? { DATABASE_POOL_SIZE: process.env.DATABASE_POOL_SIZE } : {}),
  };
}

export interface PisteOptions {
  /** Variables set beside (or instead of) the bench's own, e.g. another REDIS_URL or POST_COUNTS_INTERVAL_MS. */
  env?: Record<string, string>;
  /** Descriptors the process may hold (one per socket): see `startServer`. */
  openFiles?: number;
}

/** The built app (`backend/dist/main.js`) as its own process, with a throw-away DATA_DIR. */
export async function startPiste(
  settings: BenchSettings,
  { env = {}, openFiles }: PisteOptions = {},
): Promise<ServerProcess> {
  const dataDir = mkdtempSync(join(tmpdir(), 'piste-bench-'));
  try {
    const server = await startServer(
      'Piste',
      PISTE_MAIN,
      { ...pisteEnv(settings, dataDir), ...env },
      { openFiles },
    );
    return {
      ...server,
      stop: async () => {
        await server.stop();
        rmSync(dataDir, { recursive: true, force: true });
      },
    };
  } catch (err) {
    rmSync(dataDir, { recursive: true, force: true });
    throw err;
  }
}
