import type { Client } from 'pg';
import { ROLES, WEAPONS } from '@piste/contracts';
import { hashPassword } from '../backend/src/users/password';
import {
  BENCH_PASSWORD,
  COMMENTS,
  CONNECTION_STEPS,
  CONNECTIONS,
  DISLIKES,
  LIKES,
  POSTS,
  REACTING_USERS,
  USERS,
} from './dataset';
import { withClient } from './database';
import { withDeferredIndexes } from './deferred-indexes';
import { startPiste } from './piste';
import type { BenchSettings } from './settings';

export interface SeedOutcome {
  reused: boolean;
  seconds: number;
}

/**
 * A valid version-4 uuid derived from `kind` and the SQL integer expression `n`: md5 gives 128 stable bits, the
 * version and variant nibbles are then set, as the contracts' uuid validation requires.
 */
export function benchId(kind: 'user' | 'post', n: string): string {
  return `overlay(overlay(md5('${kind}' || (${n})) placing '4' from 13) placing '8' from 17)::uuid`;
}

const sqlArray = (values: readonly string[]) => `ARRAY[${values.map((v) => `'${v}'`).join(', ')}]`;

/** Post n is 2n minutes older than the seed: one stable order, no two posts at the same time. */
const postTime = (n: string) => `$1::timestamptz - (${n}) * interval '2 minutes'`;

const POST_TEXTS = [
  'Footwork ladder before bouting, then ten minutes of lunges on the strip.',
  'Parry-riposte drill with a partner: six counts, then switch roles.',
  'Tournament recap: five wins in the pool and a close direct elimination bout.',
  'Point control at the target wall, fifty touches with each hand.',
  'Recovery day: stretching, then video review of last week’s bouts.',
];

interface SeedStep {
  label: string;
  /** The table it fills or updates. */
  table: string;
  sql: string;
  params: (hash: string, now: Date) => unknown[];
}

/** Bulk inserts, in dependency order; each is one INSERT … SELECT over generate_series. */
const SEED_STEPS: SeedStep[] = [
  {
    label: `${USERS} users`,
    table: 'users',
    params: (hash, now) => [now, hash],
    sql: `INSERT INTO users (id, username, email, password, name, "firstName", "lastName", bio,
            "weaponSpecialty", role, title, location, "createdAt", "updatedAt")
          SELECT ${benchId('user', 'n')}, 'fencer' || lpad(n::text, 5, '0'), 'fencer' || n || '@bench.piste.local',
            $2, 'Fencer ' || n, 'Fencer', n::text, 'Fences for the bench.',
            (${sqlArray(WEAPONS)})[1 + n % 3], (${sqlArray(ROLES)})[1 + n % ${ROLES.length}],
            CASE WHEN n % 4 = 0 THEN 'Club captain' END, 'Bench City',
            $1::timestamptz - interval '800 days' + n * interval '1 minute',
            $1::timestamptz - interval '800 days' + n * interval '1 minute'
          FROM generate_series(1, ${USERS}) n`,
  },
  {
    label: `${POSTS} posts`,
    table: 'posts',
    params: (_hash, now) => [now],
    sql: `INSERT INTO posts (id, "authorId", content, type, weapon, "authorRole", "drillDetails",
            "achievementDetails", "createdAt")
          SELECT ${benchId('post', 'g.n')}, u.id, 'Post ' || g.n || '. ' || (${sqlArray(POST_TEXTS)})[1 + g.n % 5],
            CASE g.n % 10 WHEN 0 THEN 'drill' WHEN 5 THEN 'achievement' ELSE 'general' END,
            (${sqlArray(WEAPONS)})[1 + g.n % 3], u.role,
            CASE WHEN g.n % 10 = 0 THEN jsonb_build_object('duration', '30 min', 'level', 'Intermediate',
              'equipment', 'Target wall', 'focus', 'Point control') END,
            CASE WHEN g.n % 10 = 5 THEN jsonb_build_object('place', '2nd', 'score', '15-12',
              'competition', 'Bench Open', 'competitors', 64) END,
            ${postTime('g.n')}
          FROM (SELECT n, 1 + (n * 7919) % ${USERS} AS author FROM generate_series(1, ${POSTS}) n) g
          JOIN users u ON u.id = ${benchId('user', 'g.author')}`,
  },
  {
    // Row j likes post 1 + j % POSTS as its (j / POSTS)-th liker: five or six distinct users per post.
    label: `${LIKES} likes`,
    table: 'likes',
    params: (_hash, now) => [now],
    sql: `INSERT INTO likes ("userId", "postId", "createdAt")
          SELECT ${benchId('user', `1 + (p * 7 + k * 1009) % ${REACTING_USERS}`)}, ${benchId('post', 'p')},
            ${postTime('p')} + interval '30 seconds'
          FROM (SELECT 1 + j % ${POSTS} AS p, j / ${POSTS} AS k FROM generate_series(0, ${LIKES - 1}) j) r`,
  },
  {
    // The seventh would-be liker of each post dislikes it instead, so nobody both likes and dislikes a post.
    label: `${DISLIKES} dislikes`,
    table: 'dislikes',
    params: (_hash, now) => [now],
    sql: `INSERT INTO dislikes ("userId", "postId", "createdAt")
          SELECT ${benchId('user', `1 + (p * 7 + ${Math.ceil(LIKES / POSTS)} * 1009) % ${REACTING_USERS}`)},
            ${benchId('post', 'p')}, ${postTime('p')} + interval '40 seconds'
          FROM generate_series(1, ${DISLIKES}) p`,
  },
  {
    label: `${COMMENTS} comments`,
    table: 'comments',
    params: (_hash, now) => [now],
    sql: `INSERT INTO comments ("postId", "authorId", content, "createdAt")
          SELECT ${benchId('post', 'p')}, ${benchId('user', `1 + (j * 13) % ${REACTING_USERS}`)},
            'Nice work on the distance, keep the blade in line.', ${postTime('p')} + (1 + j / 50000) * interval '20 seconds'
          FROM (SELECT j, 1 + j % 50000 AS p FROM generate_series(0, ${COMMENTS - 1}) j) c`,
  },
  {
    label: `${CONNECTIONS} connections`,
    table: 'friend_requests',
    params: (_hash, now) => [now],
    sql: `INSERT INTO friend_requests ("senderId", "receiverId", status, "createdAt")
          SELECT ${benchId('user', 'n')}, ${benchId('user', `1 + (n - 1 + d) % ${USERS}`)}, 'accepted',
            $1::timestamptz - interval '400 days'
          FROM generate_series(1, ${USERS}) n CROSS JOIN unnest(ARRAY[${CONNECTION_STEPS.join(', ')}]) d`,
  },
  {
    label: 'post counters from the rows',
    table: 'posts',
    params: () => [],
    sql: `UPDATE posts p SET "likesCount" = c.likes, "dislikesCount" = c.dislikes, "commentsCount" = c.comments
          FROM (SELECT p2.id, coalesce(l.n, 0) AS likes, coalesce(d.n, 0) AS dislikes, coalesce(m.n, 0) AS comments
                FROM posts p2
                LEFT JOIN (SELECT "postId", count(*) AS n FROM likes GROUP BY 1) l ON l."postId" = p2.id
                LEFT JOIN (SELECT "postId", count(*) AS n FROM dislikes GROUP BY 1) d ON d."postId" = p2.id
                LEFT JOIN (SELECT "postId", count(*) AS n FROM comments GROUP BY 1) m ON m."postId" = p2.id) c
          WHERE c.id = p.id`,
  },
  {
    label: 'users’ post counters',
    table: 'users',
    params: () => [],
    sql: `UPDATE users u SET "postsCount" = c.n
          FROM (SELECT "authorId", count(*) AS n FROM posts GROUP BY 1) c WHERE u.id = c."authorId"`,
  },
];

/** What a seeded database holds; counters are compared with the rows, so a run cut short forces a reseed. */
const EXPECTED = {
  users: USERS,
  posts: POSTS,
  likes: LIKES,
  dislikes: DISLIKES,
  comments: COMMENTS,
  connections: CONNECTIONS,
  likesCounted: LIKES,
  dislikesCounted: DISLIKES,
  commentsCounted: COMMENTS,
};

async function isSeeded(db: Client): Promise<boolean> {
  try {
    const { rows } = await db.query<Record<keyof typeof EXPECTED, string>>(
      `SELECT (SELECT count(*) FROM users) AS users, (SELECT count(*) FROM posts) AS posts,
         (SELECT count(*) FROM likes) AS likes, (SELECT count(*) FROM dislikes) AS dislikes,
         (SELECT count(*) FROM comments) AS comments,
         (SELECT count(*) FROM friend_requests WHERE status = 'accepted') AS connections,
         (SELECT sum("likesCount") FROM posts) AS "likesCounted",
         (SELECT sum("dislikesCount") FROM posts) AS "dislikesCounted",
         (SELECT sum("commentsCount") FROM posts) AS "commentsCounted"`,
    );
    return Object.entries(EXPECTED).every(
      ([key, value]) => Number(rows[0][key as keyof typeof EXPECTED]) === value,
    );
  } catch {
    // No tables yet: a database created by a run that stopped before migrating.
    return false;
  }
}

/**
 * Creates the bench database (`piste_bench` unless BENCH_DATABASE names another) on the server of DATABASE_URL,
 * dropping it first when asked; touches no other database.
 */
async function createBenchDatabase(settings: BenchSettings, dropFirst: boolean): Promise<void> {
  await withClient(settings.serverUrl, async (server) => {
    if (dropFirst) await server.query(`DROP DATABASE IF EXISTS ${settings.benchDatabase} WITH (FORCE)`);
    await server.query(`CREATE DATABASE ${settings.benchDatabase}`);
  });
}

async function benchDatabaseExists(settings: BenchSettings): Promise<boolean> {
  return withClient(settings.serverUrl, async (server) => {
    const { rowCount } = await server.query(`SELECT 1 FROM pg_database WHERE datname = $1`, [
      settings.benchDatabase,
    ]);
    return rowCount === 1;
  });
}

/** Piste's own migrations make the schema: start it once on the empty database and stop it. */
async function migrate(settings: BenchSettings): Promise<void> {
  const piste = await startPiste(settings);
  await piste.stop();
}

/** The tables the seed fills, whose indexes and constraints are built once the rows are in. */
const SEEDED_TABLES = ['users', 'posts', 'likes', 'dislikes', 'comments', 'friend_requests'];

const seconds = (since: number) => `${((performance.now() - since) / 1000).toFixed(1)} s`;

async function seed(settings: BenchSettings): Promise<void> {
  // One hash for everyone: argon2 is slow by design, and the bench signs in as many users.
  const hash = await hashPassword(BENCH_PASSWORD);
  const now = new Date();
  await withClient(settings.databaseUrl, async (db) => {
    // A throw-away database: losing the last commits in a crash costs a reseed, nothing more.
    await db.query(`SET synchronous_commit = off`);
    await db.query(`SET maintenance_work_mem = '256MB'`);
    await db.query('BEGIN');
    let loaded = 0;
    await withDeferredIndexes(db, SEEDED_TABLES, async () => {
      for (const step of SEED_STEPS) {
        const started = performance.now();
        await db.query(step.sql, step.params(hash, now));
        // The next step's plan needs to know how big this table now is (joining 10,000 users unanalyzed as if
        // they were a handful takes minutes).
        await db.query(`ANALYZE ${step.table}`);
        console.log(`  ${step.label}: ${seconds(started)}`);
      }
      loaded = performance.now();
    });
    console.log(`  indexes and constraints: ${seconds(loaded)}`);
    await db.query('COMMIT');
    const started = performance.now();
    // The counter update left a dead version of every post: compact the table, then plan with fresh statistics.
    await db.query('VACUUM (FULL, ANALYZE) posts');
    await db.query('VACUUM ANALYZE');
    console.log(`  vacuum and analyze: ${seconds(started)}`);
  });
}

/** Leaves nothing of earlier runs that would make this one differ: sessions, messages, conversations. */
async function clearRunState(settings: BenchSettings): Promise<void> {
  await withClient(settings.databaseUrl, (db) => db.query('TRUNCATE sessions, messages, conversations'));
}

/**
 * A seeded `piste_bench` with the schema up to date: reused when its rows match the data set (and BENCH_RESEED
 * is not set), otherwise dropped, recreated, migrated by Piste and filled with bulk SQL.
 */
export async function prepareBenchDatabase(settings: BenchSettings): Promise<SeedOutcome> {
  const started = performance.now();
  const exists = await benchDatabaseExists(settings);
  const reusable =
    exists && !settings.reseed && (await withClient(settings.databaseUrl, (db) => isSeeded(db)));
  if (reusable) {
    console.log(`Re-using the seeded ${settings.benchDatabase} database (BENCH_RESEED=1 to seed it again).`);
    // Migrations added since the seed run now, before any measurement starts Piste.
    await migrate(settings);
  } else {
    console.log(`Seeding ${settings.benchDatabase} …`);
    await createBenchDatabase(settings, exists);
    await migrate(settings);
    await seed(settings);
  }
  await clearRunState(settings);
  return { reused: reusable, seconds: (performance.now() - started) / 1000 };
}
