import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { Client } from 'pg';
import type { Conversation, DirectMessage, FeedPost, SessionUser } from '@piste/contracts';
import { exportObjects, importObjects } from '../src/backup/objects';
import { loadConfig } from '../src/config/config';
import { S3StorageDriver } from '../src/objects/s3.driver';
import { S3Server } from './cluster/services';
import {
  ApiClient,
  connectUsers,
  makePost,
  makeUser,
  onEmbeddedDatabase,
  startTestApp,
  type TestApp,
} from './helpers';
import { makePng, uploadFile } from './media-fixtures';
import { sendOk } from './messaging';

const run = promisify(execFile);

/** Runs one statement on the server's maintenance connection. */
async function onServer(sql: string): Promise<void> {
  const client = new Client({ connectionString: process.env.DATABASE_URL });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** The URL of another database on the run's PostgreSQL server. */
const urlOf = (database: string) => {
  const url = new URL(process.env.DATABASE_URL!);
  url.pathname = `/${database}`;
  return url.toString();
};

/**
 * The backup procedure of README "Backup and restore", end to end: a populated instance is backed up while it
 * runs (pg_dump, then the object store), restored into an empty database and an empty bucket, and an app started
 * on them finds every user, post, image, message and session as they were. PostgreSQL only: the embedded database
 * is backed up by copying its DATA_DIR while the app is stopped.
 */
(onEmbeddedDatabase ? describe.skip : describe)(
  'backup and restore (PostgreSQL and the object store)',
  () => {
    const suffix = `${process.pid}_${Date.now().toString(36)}`;
    const source = `piste_backup_source_${suffix}`;
    const target = `piste_backup_target_${suffix}`;
    let sourceStore: S3Server;
    let targetStore: S3Server;
    let folder: string;
    let live: TestApp | undefined;
    let restored: TestApp | undefined;

    beforeAll(async () => {
      await onServer(`CREATE DATABASE ${source}`);
      await onServer(`CREATE DATABASE ${target}`);
      [sourceStore, targetStore] = await Promise.all([
        S3Server.start('piste-live'),
        S3Server.start('piste-restored'),
      ]);
      folder = await mkdtemp(join(tmpdir(), 'piste-backup-'));
    });

    afterAll(async () => {
      await Promise.all([live?.close(), restored?.close()]);
      await Promise.all([sourceStore?.dispose(), targetStore?.dispose()]);
      await rm(folder, { recursive: true, force: true });
      for (const database of [source, target])
        await onServer(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
    });

    it('restores every user, post, image, message and session into an empty database and bucket', async () => {
      const appOn = (database: string, store: S3Server) =>
        startTestApp({ ...store.env, DATABASE_SCHEMA: 'public' }, { url: urlOf(database), embedded: false });

      // A populated instance: two connected fencers, a post with a photo, a direct message, a signed-in browser.
      live = await appOn(source, sourceStore);
      const [ada, ben] = [await makeUser(live), await makeUser(live)];
      await connectUsers(live, ada, ben);
      const photo = makePng(48, 32, [200, 30, 60]);
      const upload = await uploadFile(ada.client, photo, 'image/png');
      const post = await makePost(ada, {
        content: 'Backup lunge',
        mediaUrl: upload.objectPath,
        mediaType: 'image',
      });
      const { message } = await sendOk(ada, ben, 'See you at the club');

      // The backup, with the app running: the database first, then the objects.
      const dump = join(folder, 'database.dump');
      await run('pg_dump', ['--format=custom', '--no-owner', `--file=${dump}`, urlOf(source)]);
      const sourceDriver = new S3StorageDriver(live.config.s3!);
      const manifest = await exportObjects(sourceDriver, join(folder, 'objects'));
      sourceDriver.onApplicationShutdown();
      expect(manifest.map((m) => m.key)).toEqual(
        expect.arrayContaining([upload.objectPath.replace(/^\/objects\//, '')]),
      );
      await live.close();
      live = undefined;

      // The restore: into an empty database and an empty bucket, then the app on them.
      await run('pg_restore', ['--no-owner', '--exit-on-error', `--dbname=${urlOf(target)}`, dump]);
      const targetDriver = new S3StorageDriver(loadConfig({ ...process.env, ...targetStore.env }).s3!);
      const imported = await importObjects(targetDriver, join(folder, 'objects'));
      targetDriver.onApplicationShutdown();
      expect(imported).toEqual({ written: manifest.length, kept: 0 });
      restored = await appOn(target, targetStore);

      // The browser that was signed in is still signed in; the other fencer signs in with their password.
      const adaAgain = ada.client.on(restored.url);
      expect((await adaAgain.get<SessionUser>('/api/user')).body).toMatchObject({ id: ada.user.id });
      const benAgain = new ApiClient(restored.url);
      const signIn = await benAgain.post<SessionUser>('/api/login', {
        username: ben.user.username,
        password: ben.password,
      });
      expect(signIn.body).toMatchObject({ id: ben.user.id });

      for (const who of [ada, ben]) {
        const profile = await benAgain.get<{ username: string }>(`/api/users/${who.user.id}`);
        expect(profile.body.username).toBe(who.user.username);
      }
      const restoredPost = await adaAgain.get<FeedPost>(`/api/posts/id/${post.id}`);
      expect(restoredPost.body).toMatchObject({
        id: post.id,
        content: 'Backup lunge',
        mediaUrl: upload.objectPath,
      });
      const image = await fetch(`${restored.url}${upload.objectPath}`, {
        headers: { cookie: adaAgain.cookie },
      });
      expect(image.status).toBe(200);
      expect(Buffer.from(await image.arrayBuffer()).equals(photo)).toBe(true);

      const conversations = await benAgain.get<Conversation[]>('/api/conversations');
      const conversation = conversations.body.find((c) => c.otherUser?.id === ada.user.id);
      expect(conversation).toBeDefined();
      const messages = await benAgain.get<DirectMessage[]>(
        `/api/messages?conversationId=${conversation!.id}`,
      );
      expect(messages.body.map((m) => [m.id, m.content])).toEqual([[message.id, 'See you at the club']]);
    });
  },
);
