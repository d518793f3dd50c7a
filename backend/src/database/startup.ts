import { Logger } from '@nestjs/common';
import type { Pool } from 'pg';
import { DataSource, type DataSourceOptions, type MigrationInterface } from 'typeorm';
import { poolOf } from './pool-rows';

const logger = new Logger('Database');

/**
 * Runs `work` while holding the start-up advisory lock of this database schema, so replicas starting together
 * run migrations, the admin step and the demo seed one after another, never at once. The lock is held by one
 * connection for the whole span; if the process dies, PostgreSQL releases it with the session.
 */
export async function withStartupLock<T>(dataSource: DataSource, work: () => Promise<T>): Promise<T> {
  const runner = dataSource.createQueryRunner();
  await runner.connect();
  const key = `SELECT hashtext('piste:startup:' || current_schema())`;
  try {
    await runner.query(`SELECT pg_advisory_lock((${key}))`);
    try {
      return await work();
    } finally {
      await runner.query(`SELECT pg_advisory_unlock((${key}))`);
    }
  } finally {
    await runner.release();
  }
}

/** Connects, watches the pool, and brings the schema up to date under the start-up lock. */
export async function initializeDatabase(options: DataSourceOptions): Promise<DataSource> {
  const dataSource = new DataSource({ ...options, migrationsRun: false });
  await dataSource.initialize();
  watchPool(poolOf(dataSource));
  // A restart finds every migration recorded and need not wait for the lock; TypeORM checks again under it.
  if (await hasUnrecordedMigrations(dataSource)) {
    const ran = await withStartupLock(dataSource, () => dataSource.runMigrations({ transaction: 'each' }));
    if (ran.length) logger.log(`Applied ${ran.length} migration(s): ${ran.map((m) => m.name).join(', ')}`);
  }
  return dataSource;
}

/**
 * Whether this build has a migration the database has not recorded yet. TypeORM's own check reads
 * information_schema, which alone takes a good part of a restart on the embedded database; the catalog
 * lookup here finds the table in the same schema (the current one) in a fraction of that.
 */
async function hasUnrecordedMigrations(dataSource: DataSource): Promise<boolean> {
  const tableName = dataSource.options.migrationsTableName ?? 'migrations';
  const [{ table }]: { table: string | null }[] = await dataSource.query(
    `SELECT to_regclass(format('%I.%I', current_schema(), $1::text))::text AS "table"`,
    [tableName],
  );
  if (!table) return true;
  const rows: { name: string }[] = await dataSource.query(`SELECT name FROM ${table}`);
  const recorded = new Set(rows.map((row) => row.name));
  return dataSource.migrations.some((migration) => !recorded.has(migrationName(migration)));
}

/** The name TypeORM records a migration under. */
function migrationName(migration: MigrationInterface): string {
  return migration.name ?? migration.constructor.name;
}

/**
 * An idle pooled connection that PostgreSQL drops (a restart, a failover) emits 'error' on the pool; unheard,
 * that would end the process. One line per dropped connection; the pool opens fresh ones on demand.
 */
function watchPool(pool: Pool): void {
  pool.on('error', (err: Error) => logger.warn(`A pooled database connection failed: ${err.message}`));
}
