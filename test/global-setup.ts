import 'reflect-metadata';
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import { openDatabase } from '../backend/src/database/data-source';
import { startEmbeddedPostgres, type EmbeddedPostgres } from '../backend/src/database/embedded-postgres';

declare global {
  var __PISTE_EMBEDDED__: EmbeddedPostgres | undefined;
  var __PISTE_TEST_SCHEMA__: string | undefined;
  var __PISTE_TEST_DATA_DIR__: string | undefined;
}

/**
 * Prepares one database for the whole run. With DATABASE_URL (CI, REQUIRE_SERVICES=1) each run gets its own
 * fresh schema on the real PostgreSQL, so runs never see each other's rows; otherwise an in-memory PGlite.
 * Workers inherit the variables set here.
 */
export default async function globalSetup(): Promise<void> {
  const requireServices = process.env.REQUIRE_SERVICES === '1';
  const runId = `${Date.now().toString(36)}${randomBytes(3).toString('hex')}`;
  process.env.NODE_ENV = 'test';
  process.env.SEED_DEMO = 'false';
  process.env.LOG_LEVEL = process.env.LOG_LEVEL ?? 'warn';
  process.env.REDIS_KEY_PREFIX = `piste-test-${runId}`;
  // Files the apps write where a test does not give them a folder of its own (uploads, the mail outbox).
  globalThis.__PISTE_TEST_DATA_DIR__ = mkdtempSync(join(tmpdir(), 'piste-test-run-'));
  process.env.DATA_DIR = globalThis.__PISTE_TEST_DATA_DIR__;
  // The suites are scripts: they register hundreds of users from 127.0.0.1 within minutes, seed feeds, threads and
  // conversations through the API at machine speed, and send bad bodies back to back to check each answer. Only
  // the limits they meet are raised: registrations per address, and the burst limits of posts, comments and
  // messages (later entries of RATE_LIMITS win). Every other limit keeps its default, and
  // backend/test/limits.spec.ts proves the raised ones' defaults with apps of its own.
  process.env.RATE_LIMITS = [
    'register=100000/1h',
    'posts-burst=100000/1s',
    'comments-burst=100000/1s',
    'messages-burst=100000/1s',
    // Every journey asks for reset links and follows mailed links from 127.0.0.1, counted together in Redis.
    'password-forgot=100000/1h',
    'account-links=100000/1h',
    process.env.RATE_LIMITS,
  ]
    .filter(Boolean)
    .join(',');

  if (!process.env.DATABASE_URL) {
    if (requireServices) throw new Error('REQUIRE_SERVICES=1 but DATABASE_URL is not set');
    const embedded = await startEmbeddedPostgres(undefined);
    globalThis.__PISTE_EMBEDDED__ = embedded;
    process.env.DATABASE_URL = embedded.url;
    process.env.DATABASE_SCHEMA = 'public';
  } else {
    const schema = `piste_test_${runId}`;
    const client = new Client({ connectionString: process.env.DATABASE_URL });
    await client.connect();
    await client.query(`CREATE SCHEMA ${schema}`);
    await client.end();
    globalThis.__PISTE_TEST_SCHEMA__ = schema;
    process.env.DATABASE_SCHEMA = schema;
  }
  if (requireServices && !process.env.REDIS_URL)
    throw new Error('REQUIRE_SERVICES=1 but REDIS_URL is not set');

  const dataSource = await openDatabase(
    { url: process.env.DATABASE_URL, embedded: !!globalThis.__PISTE_EMBEDDED__ },
    process.env.DATABASE_SCHEMA,
  );
  await dataSource.destroy();
}
