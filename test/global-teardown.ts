import { rm } from 'node:fs/promises';
import { Client } from 'pg';
import { createClient } from 'redis';

export default async function globalTeardown(): Promise<void> {
  const schema = globalThis.__PISTE_TEST_SCHEMA__;
  if (schema && process.env.DATABASE_URL) {
    const client = new Client({ connectionString: process.env.DATABASE_URL });
    await client.connect();
    // The run's schema and the schemas named after it: its background jobs' (backend/src/jobs/pg-boss.ts) and the
    // per-journey schemas (e2e/journey.ts) with theirs.
    const { rows } = await client.query<{ nspname: string }>(
      `SELECT nspname FROM pg_namespace WHERE nspname = $1 OR starts_with(nspname, $1 || '_')`,
      [schema],
    );
    for (const { nspname } of rows) await client.query(`DROP SCHEMA IF EXISTS ${nspname} CASCADE`);
    await client.end();
  }
  await globalThis.__PISTE_EMBEDDED__?.stop();
  const dataDir = globalThis.__PISTE_TEST_DATA_DIR__;
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
  await forgetRedisKeys();
}

/** The run's keys in Redis (the abuse limits' counts), under its REDIS_KEY_PREFIX (test/global-setup.ts). */
async function forgetRedisKeys(): Promise<void> {
  const prefix = process.env.REDIS_KEY_PREFIX;
  if (!process.env.REDIS_URL || !prefix?.startsWith('piste-test-')) return;
  const redis = createClient({ url: process.env.REDIS_URL });
  await redis.connect();
  for await (const keys of redis.scanIterator({ MATCH: `${prefix}*`, COUNT: 1000 })) {
    if (keys.length > 0) await redis.del(keys);
  }
  await redis.close();
}
