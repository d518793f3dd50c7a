import type { EntityManager } from 'typeorm';
import type { ConstructorOptions, Db, PgBoss } from 'pg-boss' with { 'resolution-mode': 'import' };
import { CONNECT_TIMEOUT_MS, type DatabaseLocation } from '../database/data-source';

export type { PgBoss };

/** The schema that holds the job queues, beside the app's tables: `pgboss`, or `<schema>_jobs` for another schema. */
export function jobsSchemaFor(databaseSchema: string): string {
  return databaseSchema === 'public' ? 'pgboss' : `${databaseSchema}_jobs`;
}

/** pg-boss ships as an ES module only; the CommonJS build keeps this import() as it is (see jest.config.js). */
export async function loadPgBoss(): Promise<typeof PgBoss> {
  const { PgBoss: Boss } = await import('pg-boss');
  return Boss;
}

/** The SQL pg-boss runs to install its schema on a first start, for a database made ahead of it. */
export async function jobsSchemaInstallSql(databaseSchema: string): Promise<string> {
  const { getConstructionPlans } = await import('pg-boss');
  return getConstructionPlans(jobsSchemaFor(databaseSchema));
}

/**
 * pg-boss on its own pool of connections: small, as it only polls and settles jobs (enqueueing runs on the
 * caller's connection), and smaller still on the embedded database, which runs one statement at a time anyway.
 */
export function bossOptions({ url, embedded }: DatabaseLocation, databaseSchema: string): ConstructorOptions {
  return {
    connectionString: url,
    schema: jobsSchemaFor(databaseSchema),
    max: embedded ? 2 : 4,
    connectionTimeoutMillis: embedded ? CONNECT_TIMEOUT_MS.embedded : CONNECT_TIMEOUT_MS.postgres,
    application_name: 'piste-jobs',
    // No recurring jobs yet: the cron timers stay off until a kind needs them.
    schedule: false,
  };
}

/**
 * Runs pg-boss's statements on the caller's connection, so a job is inserted inside the caller's transaction:
 * it commits or rolls back with it. Never through a second connection — on the embedded database that one would
 * wait for the open transaction, which waits for it.
 */
export function onConnectionOf(manager: EntityManager): Db {
  return {
    async executeSql(text: string, values?: unknown[]) {
      const runner = manager.queryRunner;
      if (runner) return { rows: structured(await runner.query(text, values, true)) };
      // A manager outside any transaction: the statement commits on its own.
      const own = manager.connection.createQueryRunner();
      try {
        return { rows: structured(await own.query(text, values, true)) };
      } finally {
        await own.release();
      }
    },
  };
}

function structured(result: { records?: unknown[] }): unknown[] {
  return result.records ?? [];
}
