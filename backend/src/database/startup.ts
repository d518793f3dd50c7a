import { Logger } from '@nestjs/common';
import type { Pool } from 'pg';
import { DataSource, type DataSourceOptions } from 'typeorm';
import type { PostgresDriver } from 'typeorm/driver/postgres/PostgresDriver';

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
  watchPool((dataSource.driver as PostgresDriver).master as Pool);
  const ran = await withStartupLock(dataSource, () => dataSource.runMigrations({ transaction: 'each' }));
  if (ran.length) logger.log(`Applied ${ran.length} migration(s): ${ran.map((m) => m.name).join(', ')}`);
  return dataSource;
}

/**
 * An idle pooled connection that PostgreSQL drops (a restart, a failover) emits 'error' on the pool; unheard,
 * that would end the process. One line per dropped connection; the pool opens fresh ones on demand.
 */
function watchPool(pool: Pool): void {
  pool.on('error', (err: Error) => logger.warn(`A pooled database connection failed: ${err.message}`));
}
