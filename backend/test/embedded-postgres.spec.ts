import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client, Pool } from 'pg';
import { DataSource } from 'typeorm';
import { CONNECT_TIMEOUT_MS, dataSourceOptions } from '../src/database/data-source';
import * as fromSources from '../src/database/embedded-postgres';
import { requireServices } from './helpers';

/**
 * The embedded database as `npm start` runs it (the built module, PGlite on a thread of its own) and as the
 * test runner does (from the sources, on the calling thread). The built one needs `npm run build`.
 */
const BUILT = join(__dirname, '../dist/database/embedded-postgres.js');
const variants: [string, typeof fromSources | undefined][] = [
  ['from the sources', fromSources],
  ['built, on its own thread', existsSync(BUILT) ? jest.requireActual<typeof fromSources>(BUILT) : undefined],
];

// A start on an empty folder, and every start in memory, first creates the database (initdb).
jest.setTimeout(90_000);

describe.each(variants)('embedded PostgreSQL %s', (_name, embedded) => {
  const run = embedded || requireServices ? it : it.skip;
  let dataDir: string;

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'piste-embedded-'));
  });
  afterAll(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  run('keeps the parameterised queries of concurrent connections apart', async () => {
    const database = await embedded!.startEmbeddedPostgres(undefined);
    const pool = new Pool({ connectionString: database.url, max: 8 });
    try {
      const sums = await Promise.all(
        Array.from({ length: 40 }, (_, i) =>
          pool.query<{ sum: number }>('SELECT $1::int + $2::int AS sum', [i, 1000]),
        ),
      );
      expect(sums.map((result) => result.rows[0].sum)).toEqual(
        Array.from({ length: 40 }, (_, i) => i + 1000),
      );
    } finally {
      await pool.end();
      await database.stop();
    }
  });

  run(
    'lets a new connection wait while another connection holds a transaction, instead of failing',
    async () => {
      const database = await embedded!.startEmbeddedPostgres(undefined);
      const holder = new Client({ connectionString: database.url });
      const app = new DataSource(dataSourceOptions({ url: database.url, embedded: true }));
      try {
        await app.initialize(); // one idle pooled connection
        await holder.connect();
        await holder.query('BEGIN; CREATE TABLE held (n int)');
        // Two requests at once: one on the idle connection, one on a new connection whose start waits too.
        const waiting = Promise.all([app.query('SELECT 1 AS n'), app.query('SELECT 2 AS n')]);
        const held = 2 * CONNECT_TIMEOUT_MS.postgres;
        await new Promise((resolve) => setTimeout(resolve, held));
        await holder.query('COMMIT');
        const started = Date.now();
        await expect(waiting).resolves.toEqual([[{ n: 1 }], [{ n: 2 }]]);
        expect(Date.now() - started).toBeLessThan(held);
      } finally {
        await holder.end();
        if (app.isInitialized) await app.destroy();
        await database.stop();
      }
    },
  );

  run(
    'keeps its data in the data folder from one start to the next',
    async () => {
      const first = await embedded!.startEmbeddedPostgres(dataDir);
      expect(first.location).toBe(join(dataDir, 'pglite'));
      await query(first.url, `CREATE TABLE kept (note text); INSERT INTO kept VALUES ('still here')`);
      await first.stop();

      const second = await embedded!.startEmbeddedPostgres(dataDir);
      try {
        await expect(query(second.url, 'SELECT note FROM kept')).resolves.toEqual([{ note: 'still here' }]);
      } finally {
        await second.stop();
      }
    },
    60_000,
  ); // the first start creates the database
});

async function query(url: string, sql: string): Promise<unknown[]> {
  const pool = new Pool({ connectionString: url, max: 1 });
  try {
    const result = await pool.query(sql);
    return Array.isArray(result) ? [] : result.rows;
  } finally {
    await pool.end();
  }
}
