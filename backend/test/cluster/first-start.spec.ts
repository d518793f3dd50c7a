import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { repositoryRoot } from '../../../deploy/cluster/replica';
import { ClusterStack, describeCluster, logLevel, showLines, type Replica } from './harness';
import type { PostgresServer } from './services';

const ADMIN_USERNAME = 'head_referee';
const ADMIN_PASSWORD = 'referee-secret-2026';
const DEMO_USERS = 12;

/** TypeORM's name for each migration file: `1763800000000-InitialSchema.ts` is `InitialSchema1763800000000`. */
function migrationNames(): string[] {
  const dir = join(repositoryRoot(), 'backend', 'src', 'database', 'migrations');
  return readdirSync(dir)
    .filter((f) => /^\d+-\w+\.ts$/.test(f))
    .map((f) => {
      const [, timestamp, name] = /^(\d+)-(\w+)\.ts$/.exec(f)!;
      return `${name}${timestamp}`;
    })
    .sort();
}

describeCluster('three replicas starting together on an empty database', ['postgres'], () => {
  const stack = new ClusterStack();
  let postgres: PostgresServer;
  let replicas: Replica[];
  const database = 'first_start';

  beforeAll(async () => {
    postgres = await stack.postgres();
    const url = await postgres.createDatabase(database);
    const env = {
      DATABASE_URL: url,
      ADMIN_USERNAME,
      ADMIN_PASSWORD,
      SEED_DEMO: 'true',
    };
    // All three are spawned in the same tick, so they race for the start-up work.
    replicas = await Promise.all(['A', 'B', 'C'].map((name) => stack.replica(name, env)));
    await Promise.allSettled(replicas.map((r) => r.waitReady(120_000)));
  });
  afterAll(() => stack.cleanup());

  const query = <T>(sql: string) => postgres.query<T>(database, sql);

  it('brings every replica to ready', async () => {
    const results = await Promise.allSettled(replicas.map((r) => r.waitReady(1_000)));
    expect(results.filter((r) => r.status === 'rejected').map((r) => String(r.reason))).toEqual([]);
  });

  it('writes no error-level line and no duplicate key in any log', () => {
    const lines = replicas.flatMap((r) => r.lines);
    expect(showLines(lines.filter((l) => (logLevel(l) ?? 0) >= 50))).toBe('');
    expect(showLines(lines.filter((l) => /duplicate key/i.test(l.text)))).toBe('');
  });

  it('creates the ADMIN_USERNAME admin exactly once, and no other admin', async () => {
    const admins = await query<{ username: string }>(
      'SELECT username FROM users WHERE "isAdmin" ORDER BY username',
    );
    expect(admins.map((a) => a.username)).toEqual([ADMIN_USERNAME]);
  });

  it('seeds the demo community once', async () => {
    const [{ n }] = await query<{ n: string }>('SELECT count(*) AS n FROM users WHERE NOT "isAdmin"');
    expect(Number(n)).toBe(DEMO_USERS);
    // Seeded twice, every demo post would appear twice.
    const [posts] = await query<{ total: string; contents: string }>(
      'SELECT count(*) AS total, count(DISTINCT content) AS contents FROM posts',
    );
    expect(Number(posts.total)).toBeGreaterThan(0);
    expect(Number(posts.total)).toBe(Number(posts.contents));
  });

  it('records each migration exactly once', async () => {
    const rows = await query<{ name: string }>('SELECT name FROM migrations ORDER BY name');
    expect(rows.map((r) => r.name)).toEqual(migrationNames());
  });
});
