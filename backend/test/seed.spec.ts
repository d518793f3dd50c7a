import { Logger } from '@nestjs/common';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DataSource } from 'typeorm';
import { POST_TYPES, WEAPONS, type FeedPost } from '@piste/contracts';
import type { DatabaseLocation } from '../src/database/data-source';
import { DEMO_PASSWORD } from '../src/startup/seed';
import { loadConfig } from '../src/config/config';
import { createApp } from '../src/app.factory';
import { ApiClient, type TestApp } from './helpers';
import { ownDatabase, type OwnDatabase } from './own-database';

async function startSeedApp(database: DatabaseLocation, env: Record<string, string>): Promise<TestApp> {
  const config = loadConfig({ ...process.env, PORT: '0', NODE_ENV: 'test', SEED_DEMO: 'true', ...env });
  const app = await createApp(config, database);
  await app.listen(0, '127.0.0.1');
  const address = app.getHttpServer().address() as { port: number };
  return { app, url: `http://127.0.0.1:${address.port}`, config, close: () => app.close() };
}

describe('demo seed', () => {
  let database: OwnDatabase;
  let dataDir: string;
  let t: TestApp;
  let warnings: string[];

  beforeAll(async () => {
    // The seed needs an empty database.
    database = await ownDatabase('piste_seed');
    dataDir = await mkdtemp(join(tmpdir(), 'piste-seed-'));
    warnings = [];
    jest.spyOn(Logger.prototype, 'warn').mockImplementation((message: unknown) => {
      warnings.push(String(message));
    });
    t = await startSeedApp(database.location, { ...database.env, DATA_DIR: dataDir });
  });
  afterAll(async () => {
    jest.restoreAllMocks();
    await t?.close();
    await database?.drop();
    await rm(dataDir, { recursive: true, force: true });
  });

  const count = async (sql: string): Promise<number> => {
    const rows: { n: string }[] = await t.app.get(DataSource).query(sql);
    return Number(rows[0].n);
  };

  it('fills every weapon with posts of all three types', async () => {
    const demo = new ApiClient(t.url);
    const login = await demo.post('/api/login', { username: 'claire_dubois', password: DEMO_PASSWORD });
    expect(login.status).toBe(200);
    for (const weapon of WEAPONS) {
      const feed = await demo.get<FeedPost[]>(`/api/posts/${weapon}`);
      expect(feed.status).toBe(200);
      expect(new Set(feed.body.map((p) => p.type))).toEqual(new Set(POST_TYPES));
      const withPicture = feed.body.find((p) => p.mediaUrl);
      expect(withPicture?.mediaType).toBe('image');
      const picture = await fetch(t.url + withPicture!.mediaUrl!, { headers: { cookie: demo.cookie } });
      expect(picture.status).toBe(200);
      expect(picture.headers.get('content-type')).toBe('image/png');
    }
  });

  it('keeps every counter equal to the rows it counts', async () => {
    await expect(
      count(`SELECT count(*) AS n FROM posts p WHERE "likesCount" <> (SELECT count(*) FROM likes l WHERE l."postId" = p.id)
        OR "dislikesCount" <> (SELECT count(*) FROM dislikes d WHERE d."postId" = p.id)
        OR "commentsCount" <> (SELECT count(*) FROM comments c WHERE c."postId" = p.id)`),
    ).resolves.toBe(0);
    await expect(
      count(
        `SELECT count(*) AS n FROM users u WHERE "postsCount" <> (SELECT count(*) FROM posts p WHERE p."authorId" = u.id)`,
      ),
    ).resolves.toBe(0);
    await expect(
      count(`SELECT count(*) AS n FROM comments WHERE "parentId" IS NOT NULL`),
    ).resolves.toBeGreaterThan(0);
  });

  it('connects some users and gives them a conversation', async () => {
    await expect(
      count(`SELECT count(*) AS n FROM friend_requests WHERE status = 'accepted'`),
    ).resolves.toBeGreaterThanOrEqual(2);
    await expect(count(`SELECT count(*) AS n FROM conversations`)).resolves.toBe(1);
    await expect(count(`SELECT count(*) AS n FROM messages`)).resolves.toBeGreaterThanOrEqual(3);
    const roles = await count(`SELECT count(DISTINCT role) AS n FROM users WHERE NOT "isAdmin"`);
    expect(roles).toBeGreaterThanOrEqual(8);
  });

  it('creates an admin and shows its generated password once', async () => {
    const notices = warnings.filter((w) => w.includes("Created the admin account 'admin'"));
    expect(notices).toHaveLength(1);
    const password = /with the password '([^']+)'/.exec(notices[0])?.[1];
    const admin = new ApiClient(t.url);
    const login = await admin.post('/api/login', { username: 'admin', password });
    expect(login).toMatchObject({ status: 200, body: { isAdmin: true } });
  });

  it('seeds only once', async () => {
    const users = await count('SELECT count(*) AS n FROM users');
    const posts = await count('SELECT count(*) AS n FROM posts');
    warnings.length = 0;
    const again = await startSeedApp(database.location, { ...database.env, DATA_DIR: dataDir });
    await again.close();
    await expect(count('SELECT count(*) AS n FROM users')).resolves.toBe(users);
    await expect(count('SELECT count(*) AS n FROM posts')).resolves.toBe(posts);
    expect(warnings.filter((w) => w.includes('Created the admin account'))).toHaveLength(0);
  });
});
