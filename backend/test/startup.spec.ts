import { DataSource, type MigrationInterface, type QueryRunner } from 'typeorm';
import { loadConfig } from '../src/config/config';
import { createApp } from '../src/app.factory';
import { AuthService } from '../src/auth/auth.service';
import { hashPassword } from '../src/users/password';
import { dataSourceOptions, MIGRATIONS } from '../src/database/data-source';
import { initializeDatabase } from '../src/database/startup';
import { ApiClient, type TestApp } from './helpers';
import { ownDatabase, type OwnDatabase } from './own-database';

const ADMIN_USERNAME = 'head_referee';

// Each test starts the app several times, each admin change costing an argon2 hash.
jest.setTimeout(120_000);

/** A migration shipped after the database was last started. */
class AddedLater1763899999999 implements MigrationInterface {
  name = 'AddedLater1763899999999';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE added_later (id integer PRIMARY KEY)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE added_later`);
  }
}

/**
 * A restart skips the start-up work that an earlier start already did; these prove it still does whatever
 * changed since. Each run needs a database of its own: on PostgreSQL a schema, on the embedded database (which
 * ignores search_path options) an in-memory instance.
 */
describe('restarts', () => {
  let database: OwnDatabase;

  beforeAll(async () => {
    database = await ownDatabase('piste_start');
  });
  afterAll(async () => {
    jest.restoreAllMocks();
    await database?.drop();
  });

  const open = (migrations: (new () => MigrationInterface)[] = MIGRATIONS): Promise<DataSource> =>
    initializeDatabase({ ...dataSourceOptions(database.location, database.env.DATABASE_SCHEMA), migrations });

  const start = async (env: Record<string, string>): Promise<TestApp> => {
    const config = loadConfig({
      ...process.env,
      ...database.env,
      PORT: '0',
      NODE_ENV: 'test',
      SEED_DEMO: 'false',
      ...env,
    });
    const app = await createApp(config, database.location);
    await app.listen(0, '127.0.0.1');
    const address = app.getHttpServer().address() as { port: number };
    return { app, url: `http://127.0.0.1:${address.port}`, config, close: () => app.close() };
  };

  /** Starts the app with this admin password configured, runs `check` on it and stops it; tells whether it ran the admin step. */
  const startWithAdmin = async (
    password: string,
    check?: (t: TestApp) => Promise<void>,
  ): Promise<boolean> => {
    const ensureAdmin = jest.spyOn(AuthService.prototype, 'ensureAdmin');
    try {
      const t = await start({ ADMIN_USERNAME, ADMIN_PASSWORD: password });
      try {
        await check?.(t);
      } finally {
        await t.close();
      }
      return ensureAdmin.mock.calls.length > 0;
    } finally {
      ensureAdmin.mockRestore();
    }
  };

  const signsIn = async (t: TestApp, password: string): Promise<boolean> => {
    const reply = await new ApiClient(t.url).post('/api/login', { username: ADMIN_USERNAME, password });
    return reply.status === 200;
  };

  it('applies a migration added since the last start, and runs none when all are recorded', async () => {
    await (await open()).destroy();

    const runMigrations = jest.spyOn(DataSource.prototype, 'runMigrations');
    const unchanged = await open();
    await unchanged.destroy();
    expect(runMigrations).not.toHaveBeenCalled();

    const upgraded = await open([...MIGRATIONS, AddedLater1763899999999]);
    try {
      expect(runMigrations).toHaveBeenCalledTimes(1);
      const recorded: { name: string }[] = await upgraded.query(
        `SELECT name FROM migrations WHERE name = 'AddedLater1763899999999'`,
      );
      expect(recorded).toHaveLength(1);
      await expect(upgraded.query('SELECT count(*) FROM added_later')).resolves.toEqual([{ count: '0' }]);
    } finally {
      runMigrations.mockRestore();
      await upgraded.destroy();
    }
  });

  it('skips the admin step while nothing changed, and applies a password changed in the configuration', async () => {
    await expect(startWithAdmin('first-secret-2026')).resolves.toBe(true);
    const unchanged = startWithAdmin('first-secret-2026', async (t) => {
      await expect(signsIn(t, 'first-secret-2026')).resolves.toBe(true);
    });
    await expect(unchanged).resolves.toBe(false);

    const changed = startWithAdmin('second-secret-2026', async (t) => {
      await expect(signsIn(t, 'second-secret-2026')).resolves.toBe(true);
      await expect(signsIn(t, 'first-secret-2026')).resolves.toBe(false);
    });
    await expect(changed).resolves.toBe(true);
    await expect(startWithAdmin('second-secret-2026')).resolves.toBe(false);
  });

  it('sets the configured password again at the next start when the admin changed it in the app', async () => {
    await startWithAdmin('configured-secret', async (t) => {
      await t.app
        .get(DataSource)
        .query(`UPDATE users SET password = $1 WHERE lower(username) = lower($2)`, [
          await hashPassword('changed-in-the-app'),
          ADMIN_USERNAME,
        ]);
    });
    const next = startWithAdmin('configured-secret', async (t) => {
      await expect(signsIn(t, 'configured-secret')).resolves.toBe(true);
    });
    await expect(next).resolves.toBe(true);
  });
});
