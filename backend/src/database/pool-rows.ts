import type { Pool } from 'pg';
import { QueryFailedError, type DataSource } from 'typeorm';
import type { PostgresDriver } from 'typeorm/driver/postgres/PostgresDriver';

/**
 * The rows of one read sent straight through the connection pool TypeORM holds, for the hottest reads (the feed's
 * page): `dataSource.query` makes a query runner for each statement, takes and gives back its connection through
 * promises of its own and announces the statement to subscribers, about 30 µs of a feed request's CPU that a read
 * outside a transaction does not need. A failure is the `QueryFailedError` TypeORM would have thrown, so error
 * replies do not change.
 */
export async function poolRows<Row>(dataSource: DataSource, text: string, values: unknown[]): Promise<Row[]> {
  try {
    return (await poolOf(dataSource).query(text, values)).rows as Row[];
  } catch (err) {
    throw new QueryFailedError(text, values, err as Error);
  }
}

/** The `pg` pool behind a PostgreSQL data source (the embedded database's driver is PostgreSQL's too). */
export function poolOf(dataSource: DataSource): Pool {
  return (dataSource.driver as PostgresDriver).master as Pool;
}
