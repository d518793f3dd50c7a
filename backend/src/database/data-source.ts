import { Client, type ClientConfig } from 'pg';
import type { DataSource, DataSourceOptions } from 'typeorm';
import { initializeDatabase } from './startup';
import { ENTITIES } from './entities';
import { InitialSchema1763800000000 } from './migrations/1763800000000-InitialSchema';
import { UploadTicketDetails1763800000103 } from './migrations/1763800000103-UploadTicketDetails';
import { UploadDeclaredSize1763800000200 } from './migrations/1763800000200-UploadDeclaredSize';
import { CommentParentIndex1763800000300 } from './migrations/1763800000300-CommentParentIndex';
import { ImageDisplayVersions1763800000400 } from './migrations/1763800000400-ImageDisplayVersions';
import { StartupFingerprints1763800000500 } from './migrations/1763800000500-StartupFingerprints';
import { PostSearch1763800000600 } from './migrations/1763800000600-PostSearch';
import { Notifications1763800000700 } from './migrations/1763800000700-Notifications';
import { VideoPosters1763800000800 } from './migrations/1763800000800-VideoPosters';
import { AccountLinks1763800000900 } from './migrations/1763800000900-AccountLinks';
import { AccountData1763800001000 } from './migrations/1763800001000-AccountData';
import { Push1763800001100 } from './migrations/1763800001100-Push';
import { SocialFeatures1763800001200 } from './migrations/1763800001200-SocialFeatures';
import { Clubs1763800001300 } from './migrations/1763800001300-Clubs';
import { ClubPostsAndEvents1763800001400 } from './migrations/1763800001400-ClubPostsAndEvents';
import { FencerRecord1763800001500 } from './migrations/1763800001500-FencerRecord';
import { TwoFactor1763800001600 } from './migrations/1763800001600-TwoFactor';
import { Passkeys1763800001700 } from './migrations/1763800001700-Passkeys';
import { ReportsBeyondPosts1763800001800 } from './migrations/1763800001800-ReportsBeyondPosts';
import { AdminUsers1763800001900 } from './migrations/1763800001900-AdminUsers';
import { SignInNotices1763800002000 } from './migrations/1763800002000-SignInNotices';

export const MIGRATIONS = [
  InitialSchema1763800000000,
  UploadTicketDetails1763800000103,
  UploadDeclaredSize1763800000200,
  CommentParentIndex1763800000300,
  ImageDisplayVersions1763800000400,
  StartupFingerprints1763800000500,
  PostSearch1763800000600,
  Notifications1763800000700,
  VideoPosters1763800000800,
  AccountLinks1763800000900,
  AccountData1763800001000,
  Push1763800001100,
  SocialFeatures1763800001200,
  Clubs1763800001300,
  ClubPostsAndEvents1763800001400,
  FencerRecord1763800001500,
  TwoFactor1763800001600,
  Passkeys1763800001700,
  ReportsBeyondPosts1763800001800,
  AdminUsers1763800001900,
  SignInNotices1763800002000,
];

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

/** TypeORM options for PostgreSQL (or embedded PGlite speaking its protocol). */
export function dataSourceOptions({ url, embedded }: DatabaseLocation, schema = 'public'): DataSourceOptions {
  return {
    type: 'postgres',
    url,
    entities: ENTITIES,
    migrations: MIGRATIONS,
    migrationsTransactionMode: 'each',
    synchronize: false,
    // PGlite has no uuid-ossp; gen_random_uuid() is built into PostgreSQL 13+ and PGlite.
    uuidExtension: 'pgcrypto',
    installExtensions: false,
    logging: ['error'],
    extra: {
      max: 10,
      connectionTimeoutMillis: embedded ? CONNECT_TIMEOUT_MS.embedded : POOL_WAIT_MS,
      Client: clientConnectingWithin(embedded ? CONNECT_TIMEOUT_MS.embedded : CONNECT_TIMEOUT_MS.postgres),
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
