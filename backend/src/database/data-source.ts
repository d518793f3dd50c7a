import { Client, type ClientConfig } from 'pg';
import type { DataSource, DataSourceOptions } from 'typeorm';
import { initializeDatabase } from './startup';
import { MIGRATIONS } from './migrations';
import { clientPreparingStatements } from './prepared-statements';

export { MIGRATIONS };

/** Where the database is: a PostgreSQL server, or the embedded PGlite speaking its protocol on loopback. */
export interface DatabaseLocation {
  url: string;
  /** The embedded PGlite: one transaction at a time, in this process or on a thread of it. */
  embedded: boolean;
}

/**
 * How long opening a new connection may take. A PostgreSQL server that does not answer within 800 ms is taken
 * as down, so requests answer 503 within a second instead of hanging. The embedded database cannot be down while
 * the process runs; it is busy instead: a new connection waits there until the transaction another connection
 * holds has committed, which on a loaded machine can take longer than that. It waits, bounded.
 */
export const CONNECT_TIMEOUT_MS = { postgres: 800, embedded: 15_000 };

/**
 * How long a request may wait in line for one of the pool's connections while all are busy. Load is not an
 * outage: a busy pool makes requests slower (a deep offset page under load waits its turn) but never refuses
 * them, while a server that is down still fails fast through CONNECT_TIMEOUT_MS.
 */
export const POOL_WAIT_MS = 15_000;

/** pg's Client, with the time to open a connection bounded on its own (the pool's bound is its waiting line). */
function clientConnectingWithin(ms: number): typeof Client {
  return class extends Client {
    constructor(config?: string | ClientConfig) {
      super({
        ...(typeof config === 'string' ? { connectionString: config } : config),
        connectionTimeoutMillis: ms,
      });
    }
  };
}

/** Connections a replica keeps to the database at most, unless DATABASE_POOL_SIZE says otherwise. */
export const DEFAULT_POOL_SIZE = 10;

/** How a replica uses its connections to the database. */
export interface PoolSettings {
  /** Connections kept at most. */
  size: number;
  /**
   * Statements with parameters are prepared once per connection (PostgreSQL only). Off for a pooler between
   * the replicas and PostgreSQL that hands one client's statements to another's connection.
   */
  preparedStatements: boolean;
}

export const DEFAULT_POOL: PoolSettings = { size: DEFAULT_POOL_SIZE, preparedStatements: true };

/** TypeORM options for PostgreSQL (or embedded PGlite speaking its protocol). */
export function dataSourceOptions(
  { url, embedded }: DatabaseLocation,
  schema = 'public',
  entities: NonNullable<DataSourceOptions['entities']> = [],
  pool: PoolSettings = DEFAULT_POOL,
): DataSourceOptions {
  const client = clientConnectingWithin(embedded ? CONNECT_TIMEOUT_MS.embedded : CONNECT_TIMEOUT_MS.postgres);
  return {
    type: 'postgres',
    url,
    entities,
    migrations: MIGRATIONS,
    migrationsTransactionMode: 'each',
    synchronize: false,
    // PGlite has no uuid-ossp; gen_random_uuid() is built into PostgreSQL 13+ and PGlite.
    uuidExtension: 'pgcrypto',
    installExtensions: false,
    logging: ['error'],
    extra: {
      max: pool.size,
      connectionTimeoutMillis: embedded ? CONNECT_TIMEOUT_MS.embedded : POOL_WAIT_MS,
      // The embedded PGlite is one session behind all its connections: a name prepared on one is everyone's.
      Client: pool.preparedStatements && !embedded ? clientPreparingStatements(client) : client,
      keepAlive: true,
      ...connectionOptions(embedded, schema),
    },
  };
}

/**
 * Settings each connection starts with. PostgreSQL's JIT is off: it pays off for long analytic queries, while
 * here it compiled each deep offset page for about 0.6 s to run a 50 ms query. (PGlite has no JIT.)
 */
function connectionOptions(embedded: boolean, schema: string): { options?: string } {
  const settings = [
    ...(embedded ? [] : ['-c jit=off']),
    ...(schema !== 'public' ? [`-c search_path=${schema},public`] : []),
  ];
  return settings.length ? { options: settings.join(' ') } : {};
}

/** A connected data source with the schema up to date (migrations run once across replicas). */
export function openDatabase(location: DatabaseLocation, schema = 'public'): Promise<DataSource> {
  return initializeDatabase(dataSourceOptions(location, schema));
}
