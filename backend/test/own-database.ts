import { randomBytes } from 'node:crypto';
import { Client } from 'pg';
import type { DatabaseLocation } from '../src/database/data-source';
import { startEmbeddedPostgres } from '../src/database/embedded-postgres';
import { jobsSchemaFor } from '../src/jobs/pg-boss';
import { onEmbeddedDatabase } from './helpers';

/** An empty database for one file's apps: where it is, the variables that select it, and how to drop it. */
export interface OwnDatabase {
  location: DatabaseLocation;
  env: Record<string, string>;
  drop(): Promise<void>;
}

/**
 * A database of its own, for tests that need an empty one (a seed, a first start): on PostgreSQL a fresh schema,
 * on the embedded database (which ignores search_path options) a fresh in-memory instance.
 */
export async function ownDatabase(prefix: string): Promise<OwnDatabase> {
  if (onEmbeddedDatabase) {
    const embedded = await startEmbeddedPostgres(undefined);
    return { location: { url: embedded.url, embedded: true }, env: {}, drop: () => embedded.stop() };
  }
  const url = process.env.DATABASE_URL!;
  const schema = `${prefix}_${randomBytes(4).toString('hex')}`;
  await runSql(url, `CREATE SCHEMA ${schema}`);
  return {
    location: { url, embedded: false },
    env: { DATABASE_SCHEMA: schema },
    drop: () => runSql(url, `DROP SCHEMA IF EXISTS ${schema}, ${jobsSchemaFor(schema)} CASCADE`),
  };
}

/** Runs one statement on its own connection. */
async function runSql(url: string, sql: string): Promise<void> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}
