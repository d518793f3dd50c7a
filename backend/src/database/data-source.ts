import { DataSource, DataSourceOptions } from 'typeorm';
import { ENTITIES } from './entities';
import { InitialSchema1763800000000 } from './migrations/1763800000000-InitialSchema';
import { UploadTicketDetails1763800000103 } from './migrations/1763800000103-UploadTicketDetails';

export const MIGRATIONS = [InitialSchema1763800000000, UploadTicketDetails1763800000103];

/** TypeORM options for PostgreSQL (or embedded PGlite speaking its protocol). */
export function dataSourceOptions(url: string, schema = 'public'): DataSourceOptions {
  return {
    type: 'postgres',
    url,
    entities: ENTITIES,
    migrations: MIGRATIONS,
    migrationsRun: true,
    migrationsTransactionMode: 'each',
    synchronize: false,
    // PGlite has no uuid-ossp; gen_random_uuid() is built into PostgreSQL 13+ and PGlite.
    uuidExtension: 'pgcrypto',
    installExtensions: false,
    logging: ['error'],
    extra: {
      max: 10,
      ...(schema !== 'public' ? { options: `-c search_path=${schema},public` } : {}),
    },
  };
}

export function createDataSource(url: string, schema = 'public'): DataSource {
  return new DataSource(dataSourceOptions(url, schema));
}
