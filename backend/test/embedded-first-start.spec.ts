import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import type { DataSource, MigrationInterface } from 'typeorm';
import { dataSourceOptions, MIGRATIONS } from '../src/database/data-source';
import * as fromSources from '../src/database/embedded-postgres';
import { findEmptyDatabaseTemplate } from '../src/database/empty-database';
import { initializeDatabase } from '../src/database/startup';
import { bossOptions, loadPgBoss } from '../src/jobs/pg-boss';
import { makeEmptyDatabaseTemplate } from '../src/startup/make-empty-database';

/**
 * The embedded database's first start from the template `npm run build` makes (src/database/empty-database.ts):
 * its data folder must be the database a first start without one makes, and only the build it was made for may
 * use it. The built embedded database (on its own thread) needs `npm run build`.
 */
const BUILT = join(__dirname, '../dist/database/embedded-postgres.js');
const built = existsSync(BUILT) ? jest.requireActual<typeof fromSources>(BUILT) : undefined;

// Each template, and each start without one, creates a database (initdb) and migrates it.
jest.setTimeout(240_000);

type Migration = new () => MigrationInterface;

describe('embedded first start from the template', () => {
  let folder: string;
  let template: string;
  /** The schema a first start without a template leaves: what every other start must match. */
  let created: Schema;

  beforeAll(async () => {
    folder = await mkdtemp(join(tmpdir(), 'piste-first-start-'));
    template = await makeEmptyDatabaseTemplate(join(folder, 'template'));
    const database = await fromSources.startEmbeddedPostgres(join(folder, 'created'));
    try {
      expect(database.fromTemplate).toBe(false);
      created = await startLikeTheApp(database.url);
    } finally {
      await database.stop();
    }
  });
  afterAll(async () => {
    if (folder) await rm(folder, { recursive: true, force: true });
  });

  it('is found for this build’s migrations', () => {
    expect(findEmptyDatabaseTemplate(join(folder, 'template'))).toBe(template);
  });

  it('gives the data folder the schema, migrations and job tables a start without it makes', async () => {
    const database = await fromSources.startEmbeddedPostgres(join(folder, 'from-template'), { template });
    try {
      expect(database.fromTemplate).toBe(true);
      // Before the app's start-up: every migration is recorded and pg-boss's schema is there, so a start has
      // neither to do.
      expect(await recordedMigrations(database.url)).toEqual(MIGRATIONS.map((m) => m.name));
      expect(await runSql(database.url, 'SELECT version FROM pgboss.version')).toEqual(
        created.jobsSchemaVersion,
      );
      expect(await startLikeTheApp(database.url)).toEqual(created);
    } finally {
      await database.stop();
    }
  });

  it('opens a data folder that already holds a database as it is', async () => {
    const dataDir = join(folder, 'reopened');
    const first = await fromSources.startEmbeddedPostgres(dataDir, { template });
    await runSql(first.url, `CREATE TABLE kept (note text); INSERT INTO kept VALUES ('still here')`);
    await first.stop();

    const second = await fromSources.startEmbeddedPostgres(dataDir, { template });
    try {
      expect(second.fromTemplate).toBe(false);
      await expect(runSql(second.url, 'SELECT note FROM kept')).resolves.toEqual([{ note: 'still here' }]);
    } finally {
      await second.stop();
    }
  });

  it('is not used by a build with other migrations; a database made from it takes the later ones', async () => {
    const older: Migration[] = MIGRATIONS.slice(0, -1);
    const olderFolder = join(folder, 'older-template');
    const olderTemplate = await makeEmptyDatabaseTemplate(olderFolder, older);
    expect(findEmptyDatabaseTemplate(olderFolder, older)).toBe(olderTemplate);
    expect(findEmptyDatabaseTemplate(olderFolder)).toBeUndefined();
    expect(findEmptyDatabaseTemplate(olderFolder, [...older, AddedLater1763899999999])).toBeUndefined();

    // The data folder an older build made from its template, started by this build.
    const database = await fromSources.startEmbeddedPostgres(join(folder, 'upgraded'), {
      template: olderTemplate,
    });
    try {
      expect(await recordedMigrations(database.url)).toEqual(older.map((m) => m.name));
      expect(await startLikeTheApp(database.url)).toEqual(created);
    } finally {
      await database.stop();
    }
  });

  (built ? it : it.skip)('is unpacked by the built embedded database on its own thread', async () => {
    const database = await built!.startEmbeddedPostgres(join(folder, 'built'), { template });
    try {
      expect(database.fromTemplate).toBe(true);
      expect(await recordedMigrations(database.url)).toEqual(MIGRATIONS.map((m) => m.name));
    } finally {
      await database.stop();
    }
  });
});

/** A migration that no template of this build holds. */
class AddedLater1763899999999 implements MigrationInterface {
  async up(): Promise<void> {}
  async down(): Promise<void> {}
}

/**
 * What a start of the app does to the database before it serves (migrations under the start-up lock, then pg-boss,
 * which installs its schema unless it is there), and the schema it leaves.
 */
async function startLikeTheApp(url: string): Promise<Schema> {
  const location = { url, embedded: true };
  const dataSource: DataSource = await initializeDatabase(dataSourceOptions(location));
  try {
    const Boss = await loadPgBoss();
    const boss = new Boss(bossOptions(location, 'public'));
    await boss.start();
    await boss.stop({ graceful: true });
    return await describeSchema(url);
  } finally {
    await dataSource.destroy();
  }
}

type Schema = Record<string, unknown[]>;

/** Everything the migrations and pg-boss define, read from the catalog, and the rows of the app's tables. */
async function describeSchema(url: string): Promise<Schema> {
  const own = `NOT IN ('pg_catalog', 'information_schema', 'pg_toast')`;
  const schema: Schema = {
    columns: await runSql(
      url,
      `SELECT table_schema, table_name, column_name, ordinal_position, data_type, udt_name, is_nullable,
              column_default, is_generated, generation_expression
         FROM information_schema.columns WHERE table_schema ${own}
        ORDER BY 1, 2, 4`,
    ),
    constraints: await runSql(
      url,
      `SELECT c.conrelid::regclass::text AS "table", c.conname, pg_get_constraintdef(c.oid) AS def
         FROM pg_constraint c JOIN pg_namespace n ON n.oid = c.connamespace
        WHERE n.nspname ${own} ORDER BY 1, 2`,
    ),
    indexes: await runSql(
      url,
      `SELECT schemaname, tablename, indexname, indexdef FROM pg_indexes WHERE schemaname ${own} ORDER BY 1, 2, 3`,
    ),
    functions: await runSql(
      url,
      `SELECT n.nspname, p.proname, pg_get_function_identity_arguments(p.oid) AS args,
              md5(pg_get_functiondef(p.oid)) AS def
         FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
        WHERE n.nspname ${own} AND p.prokind IN ('f', 'p') ORDER BY 1, 2, 3`,
    ),
    triggers: await runSql(
      url,
      `SELECT t.tgrelid::regclass::text AS "table", t.tgname, pg_get_triggerdef(t.oid) AS def
         FROM pg_trigger t WHERE NOT t.tgisinternal ORDER BY 1, 2`,
    ),
    types: await runSql(
      url,
      `SELECT n.nspname, t.typname, t.typtype,
              array(SELECT e.enumlabel FROM pg_enum e WHERE e.enumtypid = t.oid ORDER BY e.enumsortorder) AS labels
         FROM pg_type t JOIN pg_namespace n ON n.oid = t.typnamespace
        WHERE n.nspname ${own} AND t.typtype IN ('e', 'd', 'c') AND t.typrelid = 0 ORDER BY 1, 2`,
    ),
    views: await runSql(
      url,
      `SELECT schemaname, viewname, definition FROM pg_views WHERE schemaname ${own} ORDER BY 1, 2`,
    ),
    sequences: await runSql(
      url,
      `SELECT sequence_schema, sequence_name, data_type, start_value, increment
         FROM information_schema.sequences ORDER BY 1, 2`,
    ),
    extensions: await runSql(url, `SELECT extname, extversion FROM pg_extension ORDER BY 1`),
    migrations: await runSql(url, `SELECT id, "timestamp", name FROM migrations ORDER BY id`),
    jobsSchemaVersion: await runSql(url, `SELECT version FROM pgboss.version`),
  };
  // Rows of every table of the app: none but the migrations table's.
  const tables = await runSql<{ name: string }>(
    url,
    `SELECT format('%I', table_name) AS name FROM information_schema.tables
      WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY 1`,
  );
  schema.rows = [];
  for (const { name } of tables) {
    const [{ count }] = await runSql<{ count: number }>(url, `SELECT count(*)::int AS count FROM ${name}`);
    schema.rows.push({ table: name, count });
  }
  return schema;
}

async function recordedMigrations(url: string): Promise<string[]> {
  const rows = await runSql<{ name: string }>(url, 'SELECT name FROM migrations ORDER BY id');
  return rows.map((row) => row.name);
}

async function runSql<Row = Record<string, unknown>>(url: string, sql: string): Promise<Row[]> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    const result = await client.query(sql);
    return Array.isArray(result) ? [] : (result.rows as Row[]);
  } finally {
    await client.end();
  }
}
