import { DataSource } from 'typeorm';
import {
  ACCOUNT_DELETED_REPLY,
  EXPORT_ALREADY_PENDING,
  EXPORT_FILES,
  EXPORT_TOO_SOON,
  WRONG_CURRENT_PASSWORD,
  type AccountExport,
  type PostComment,
  type DirectMessage,
  type FeedPost,
  type NotificationsPage,
  type SessionUser,
} from '@piste/contracts';
import { Clock } from '../src/common/clock';
import { jobsSchemaFor } from '../src/jobs/pg-boss';
import { S3Server } from './cluster/services';
import {
  ApiClient,
  connectSocket,
  connectUsers,
  makeAdmin,
  makePost,
  makeUser,
  nextEvent,
  poll,
  requestConnection,
  signInAgain,
  startTestApp,
  type TestApp,
  type TestUser,
} from './helpers';
import { useMailbox } from './mailbox';
import { makePng, uploadFile } from './media-fixtures';
import { unzip } from './zip-archive';

const json = <T>(files: Map<string, Buffer>, name: string): T =>
  JSON.parse(files.get(name)!.toString('utf8')) as T;

describe('account data: export and deletion (objects on S3)', () => {
  const mailbox = useMailbox();
  let s3: S3Server;
  let t: TestApp;
  let db: DataSource;

  beforeAll(async () => {
    s3 = await S3Server.start();
    t = await startTestApp({ ...mailbox.env, ...s3.env });
    db = t.app.get(DataSource);
  });
  afterAll(async () => {
    await t?.close();
    await s3?.dispose();
  });
  afterEach(() => jest.restoreAllMocks());

  const emailOf = (who: TestUser) => `${who.user.username}@example.com`;
  const latestExport = (who: TestUser) => who.client.get<AccountExport | null>('/api/account/export');
  const readyExport = async (who: TestUser): Promise<AccountExport> =>
    (await poll(
      async () => (await latestExport(who)).body,
      (view) => view?.status === 'ready',
    ))!;
  const download = async (client: ApiClient, url: string) => {
    const res = await fetch(t.url + url, { headers: { cookie: client.cookie } });
    return { status: res.status, headers: res.headers, bytes: Buffer.from(await res.arrayBuffer()) };
  };

  describe('export', () => {
    it('builds a ZIP of what the API shows the user, announces it, and serves it to its owner alone', async () => {
      const [owner, friend, stranger] = await Promise.all([makeUser(t), makeUser(t), makeUser(t)]);
      await connectUsers(t, owner, friend);
      const png = makePng(40, 30);
      const upload = await uploadFile(owner.client, png, 'image/png');
      const post = await makePost(owner, {
        content: 'Parry four, riposte',
        mediaUrl: upload.objectPath,
        mediaType: 'image',
      });
      const friendPost = await makePost(friend, { content: 'Flèche drill' });
      expect((await owner.client.post('/api/likes', { postId: friendPost.id })).status).toBe(201);
      const comment = await owner.client.post<PostComment>('/api/comments', {
        postId: friendPost.id,
        content: 'Nice distance',
      });
      expect(comment.status).toBe(201);
      const sent = await owner.client.post<{ message: DirectMessage; conversationId: string }>(
        '/api/messages',
        { receiverId: friend.user.id, content: 'Salle at six?' },
      );
      await friend.client.post('/api/messages', { receiverId: owner.user.id, content: 'Oui' });
      const bout = await friend.client.post<{ id: string }>('/api/bouts', {
        weapon: 'foil',
        opponentId: owner.user.id,
        scoreFor: 3,
        scoreAgainst: 5,
        won: false,
        kind: 'pool',
        date: '2026-11-01',
      });
      expect(bout.status).toBe(201);
      const socket = await connectSocket(t.url, owner.client);

      const requested = await owner.client.post<AccountExport>('/api/account/export');
      expect(requested.status).toBe(202);
      expect(requested.body).toMatchObject({ status: 'pending', url: null });
      const again = await owner.client.post('/api/account/export');
      expect(again.status).toBe(429);
      expect(again.body).toEqual({ message: EXPORT_ALREADY_PENDING, code: 'account_data.export_pending' });

      const announced = nextEvent(socket, 'notification', () => true, 20_000);
      const ready = await readyExport(owner);
      expect(ready.id).toBe(requested.body.id);
      expect(ready.url).toBe(`/api/account/export/${ready.id}/download`);
      expect(Date.parse(ready.expiresAt!) - Date.parse(ready.readyAt!)).toBe(7 * 24 * 60 * 60 * 1000);
      const notification = await announced;
      expect(notification).toMatchObject({
        type: 'other',
        message: 'Your data export is ready to download.',
        path: '/settings?tab=privacy',
      });
      socket.disconnect();
      const stored = await owner.client.get<NotificationsPage>('/api/notifications');
      expect(stored.body.notifications[0]).toMatchObject({
        id: notification.id,
        path: '/settings?tab=privacy',
      });
      const mail = await mailbox.waitForMail(
        emailOf(owner),
        (m) => m.subject === 'Your Piste data is ready to download',
      );
      expect(mail.text).toContain('/settings?tab=privacy');

      const archive = await download(owner.client, ready.url!);
      expect(archive.status).toBe(200);
      expect(archive.headers.get('content-type')).toBe('application/zip');
      expect(archive.headers.get('content-disposition')).toMatch(
        new RegExp(`attachment; filename="piste-${owner.user.username}-\\d{4}-\\d\\d-\\d\\d\\.zip"`),
      );
      expect(archive.headers.get('cache-control')).toBe('private, no-store');
      const files = await unzip(archive.bytes);
      for (const name of EXPORT_FILES) expect(files.has(name)).toBe(true);

      const profile = json<Record<string, unknown>>(files, 'profile.json');
      expect(profile).toMatchObject({
        id: owner.user.id,
        username: owner.user.username,
        email: emailOf(owner),
      });
      expect(profile).not.toHaveProperty('password');
      // The posts the fencer page lists, with the same content and media.
      const shown = await owner.client.get<FeedPost[]>(`/api/profiles/${owner.user.username}/posts`);
      const exported = json<Array<{ id: string; content: string; mediaUrl: string }>>(files, 'posts.json');
      expect(exported.map((p) => [p.id, p.content, p.mediaUrl])).toEqual(
        shown.body.map((p) => [p.id, p.content, p.mediaUrl]),
      );
      expect(exported[0].id).toBe(post.id);
      expect(json<Array<{ id: string }>>(files, 'comments.json').map((c) => c.id)).toEqual([comment.body.id]);
      expect(json<{ likes: Array<{ postId: string }> }>(files, 'reactions.json').likes).toEqual([
        expect.objectContaining({ postId: friendPost.id }),
      ]);
      expect(
        json<{ connections: Array<{ fencer: { id: string } }> }>(files, 'connections.json').connections,
      ).toEqual([expect.objectContaining({ fencer: expect.objectContaining({ id: friend.user.id }) })]);
      // The conversation as the API shows it, oldest first.
      const thread = await owner.client.get<DirectMessage[]>(
        `/api/messages?conversationId=${sent.body.conversationId}`,
      );
      const conversations = json<Array<{ conversationId: string; messages: Array<{ content: string }> }>>(
        files,
        'messages.json',
      );
      expect(conversations).toHaveLength(1);
      expect(conversations[0].messages.map((m) => m.content)).toEqual(thread.body.map((m) => m.content));
      expect(json<Array<{ message: string }>>(files, 'notifications.json').length).toBeGreaterThan(0);
      // The bout the friend logged, from the owner's side.
      expect(json<{ bouts: unknown[] }>(files, 'fencing.json').bouts).toEqual([
        expect.objectContaining({
          id: bout.body.id,
          loggedBy: 'your opponent',
          yourTouches: 5,
          theirTouches: 3,
          youWon: true,
          opponent: { id: friend.user.id, username: friend.user.username, name: friend.user.name },
        }),
      ]);
      // The uploaded picture, byte for byte.
      const media = [...files.keys()].filter((name) => name.startsWith('media/'));
      expect(media).toEqual([`media/${upload.objectPath.slice('/objects/'.length)}.png`]);
      expect(files.get(media[0])!.equals(png)).toBe(true);
      expect(files.get('README.txt')!.toString()).toContain(`@${owner.user.username}`);

      // Nobody else gets it, signed in or not, and it is not an ordinary object.
      expect((await download(stranger.client, ready.url!)).status).toBe(404);
      expect((await download(new ApiClient(t.url), ready.url!)).status).toBe(401);
      const none = await stranger.client.get<AccountExport | null>('/api/account/export');
      expect([none.status, none.headers.get('content-type'), none.body]).toEqual([
        200,
        expect.stringContaining('application/json'),
        null,
      ]);
      const key = (
        await db.query<{ objectKey: string }[]>(`SELECT "objectKey" FROM account_exports WHERE "id" = $1`, [
          ready.id,
        ])
      )[0].objectKey;
      expect(await s3.keys()).toContain(key);
      expect((await download(owner.client, `/objects/${key}`)).status).toBe(404);
    });

    it('allows one export a day, and a failed one does not count', async () => {
      const owner = await makeUser(t);
      expect((await owner.client.post('/api/account/export')).status).toBe(202);
      const ready = await readyExport(owner);
      const soon = await owner.client.post('/api/account/export');
      expect(soon.status).toBe(429);
      expect(soon.body).toEqual({ message: EXPORT_TOO_SOON, code: 'account_data.export_too_soon' });
      expect(Date.parse(ready.nextAllowedAt) - Date.parse(ready.createdAt)).toBe(24 * 60 * 60 * 1000);

      jest.spyOn(Clock.prototype, 'now').mockReturnValue(new Date(Date.parse(ready.nextAllowedAt) + 1000));
      expect((await owner.client.post('/api/account/export')).status).toBe(202);
      jest.restoreAllMocks();
      await readyExport(owner);

      await db.query(`UPDATE account_exports SET "status" = 'failed' WHERE "userId" = $1`, [owner.user.id]);
      expect((await owner.client.post('/api/account/export')).status).toBe(202);
    });

    it('expires after seven days: the link stops working and the archive leaves the store', async () => {
      const owner = await makeUser(t);
      await owner.client.post('/api/account/export');
      const ready = await readyExport(owner);
      const [{ objectKey }] = await db.query<{ objectKey: string }[]>(
        `SELECT "objectKey" FROM account_exports WHERE "id" = $1`,
        [ready.id],
      );

      jest.spyOn(Clock.prototype, 'now').mockReturnValue(new Date(Date.parse(ready.expiresAt!) + 1000));
      expect((await latestExport(owner)).body).toMatchObject({ status: 'expired', url: null });
      expect((await download(owner.client, ready.url!)).status).toBe(404);
      jest.restoreAllMocks();

      // Its job was queued for seven days on; bring it forward to now.
      const jobs = jobsSchemaFor(t.config.databaseSchema);
      const moved = await db.query<[unknown[], number]>(
        `UPDATE ${jobs}.job SET "start_after" = now()
          WHERE "name" = 'account-data.expire-export' AND "data" ->> 'exportId' = $1 RETURNING "id"`,
        [ready.id],
      );
      expect(moved[1]).toBe(1);
      await poll(
        async () => (await latestExport(owner)).body,
        (view) => view?.status === 'expired',
        40_000,
      );
      await poll(
        () => s3.keys(),
        (keys) => !keys.includes(objectKey),
      );
    });
  });

  describe('deletion', () => {
    /** Every row of every table in the app's schema that mentions `value` in any column. */
    async function rowsMentioning(value: string): Promise<string[]> {
      const columns = await db.query<{ table: string; column: string }[]>(
        `SELECT c.table_name AS "table", c.column_name AS "column"
           FROM information_schema.columns c
           JOIN information_schema.tables t
             ON t.table_schema = c.table_schema AND t.table_name = c.table_name AND t.table_type = 'BASE TABLE'
          WHERE c.table_schema = current_schema()
            AND c.data_type IN ('uuid', 'text', 'character varying', 'json', 'jsonb')`,
      );
      const found: string[] = [];
      for (const { table, column } of columns) {
        const [{ count }] = await db.query<{ count: string }[]>(
          `SELECT count(*) FROM "${table}" WHERE "${column}"::text LIKE $1`,
          [`%${value}%`],
        );
        if (Number(count) > 0) found.push(`${table}.${column}`);
      }
      return found;
    }

    /** Counters that differ from a count of the rows they count. */
    async function wrongCounters(): Promise<unknown[]> {
      return db.query(
        `SELECT p."id", 'post' AS "kind" FROM posts p
          WHERE p."likesCount" <> (SELECT count(*) FROM likes x WHERE x."postId" = p."id")
             OR p."dislikesCount" <> (SELECT count(*) FROM dislikes x WHERE x."postId" = p."id")
             OR p."savesCount" <> (SELECT count(*) FROM saves x WHERE x."postId" = p."id")
             OR p."commentsCount" <> (SELECT count(*) FROM comments x WHERE x."postId" = p."id")
         UNION ALL
         SELECT c."id", 'comment' FROM comments c
          WHERE c."likesCount" <> (SELECT count(*) FROM comment_likes x WHERE x."commentId" = c."id")
         UNION ALL
         SELECT u."id", 'user' FROM users u
          WHERE u."postsCount" <> (SELECT count(*) FROM posts x WHERE x."authorId" = u."id")
         UNION ALL
         SELECT e."id", 'event' FROM events e
          WHERE e."goingCount" <> (SELECT count(*) FROM event_attendance x WHERE x."eventId" = e."id" AND x."status" = 'going')
             OR e."interestedCount" <> (SELECT count(*) FROM event_attendance x WHERE x."eventId" = e."id" AND x."status" = 'interested')`,
      );
    }

    it('removes everything of the user, corrects every counter, keeps reports without them, and says goodbye', async () => {
      const [leaver, friend, other, admin] = await Promise.all([
        makeUser(t),
        makeUser(t),
        makeUser(t),
        makeAdmin(t),
      ]);
      await connectUsers(t, leaver, friend);
      await requestConnection(leaver, other);
      await other.client.post('/api/block-user', { blockedId: leaver.user.id });
      await leaver.client.post('/api/block-user', { blockedId: admin.user.id });

      const upload = await uploadFile(leaver.client, makePng(), 'image/png');
      const avatar = await uploadFile(leaver.client, makePng(16, 16), 'image/png', 'avatar');
      const profile = await leaver.client.put(`/api/users/${leaver.user.id}`, {
        name: `Leaving ${leaver.user.username}`,
        email: emailOf(leaver),
        avatar: avatar.objectPath,
      });
      expect(profile.status).toBe(200);
      const own = await makePost(leaver, {
        mediaUrl: upload.objectPath,
        mediaType: 'image',
        weapon: 'sabre',
      });
      const ownKeys = (await s3.keys()).filter((key) => key.startsWith(upload.objectPath.slice(9)));
      expect(ownKeys).toHaveLength(2); // the original and its display version
      // Others react to the leaver's post and report it.
      await friend.client.post('/api/likes', { postId: own.id });
      await friend.client.post('/api/comments', { postId: own.id, content: 'Sharp!' });
      expect((await friend.client.post('/api/reports', { postId: own.id, reason: 'Spam' })).status).toBe(201);

      // The leaver's traces on the friend's post: a like, a dislike elsewhere, comments, a comment like, a save.
      const friendPost = await makePost(friend, { content: 'Footwork ladder' });
      const friendOther = await makePost(friend, { content: 'Lunge series' });
      await leaver.client.post('/api/likes', { postId: friendPost.id });
      await leaver.client.post('/api/dislikes', { postId: friendOther.id });
      const leaverComment = await leaver.client.post<PostComment>('/api/comments', {
        postId: friendPost.id,
        content: 'Try it slower',
      });
      // A reply to the leaver's comment goes with the thread it answers.
      await friend.client.post('/api/comments', {
        postId: friendPost.id,
        parentId: leaverComment.body.id,
        content: 'Will do',
      });
      const friendComment = await friend.client.post<PostComment>('/api/comments', {
        postId: friendPost.id,
        content: 'Session at 7',
      });
      await leaver.client.post(`/api/comment-likes/${friendComment.body.id}`);
      await db.query(`INSERT INTO saves ("userId", "postId") VALUES ($1, $2)`, [
        leaver.user.id,
        friendPost.id,
      ]);
      await db.query(`UPDATE posts SET "savesCount" = "savesCount" + 1 WHERE "id" = $1`, [friendPost.id]);
      // A report the leaver filed, and a conversation.
      expect(
        (await leaver.client.post('/api/reports', { postId: friendOther.id, reason: 'Off-topic' })).status,
      ).toBe(201);
      const sent = await leaver.client.post<{ message: { id: string } }>('/api/messages', {
        receiverId: friend.user.id,
        content: 'À demain',
      });
      await friend.client.post('/api/messages', { receiverId: leaver.user.id, content: 'Oui' });
      // Reports against the leaver's comment, message and profile.
      for (const [targetType, targetId] of [
        ['comment', leaverComment.body.id],
        ['message', sent.body.message.id],
        ['user', leaver.user.id],
      ]) {
        const filed = await friend.client.post('/api/reports', { targetType, targetId, reason: 'spam' });
        expect(filed.status).toBe(201);
      }
      // Events: the leaver goes to the friend's and announced one of their own, with a calendar feed.
      const eventTimes = { startsAt: '2031-03-01T09:00:00Z', endsAt: '2031-03-01T18:00:00Z' };
      const event = {
        kind: 'competition',
        timezone: 'Europe/Paris',
        city: 'Lyon',
        country: 'FR',
        weapons: ['epee'],
      };
      const friendEvent = await friend.client.post<{ event: { id: string } }>('/api/events', {
        ...event,
        ...eventTimes,
        title: 'Friend’s open',
      });
      expect(
        (await leaver.client.put(`/api/events/${friendEvent.body.event.id}/attendance`, { status: 'going' }))
          .status,
      ).toBe(200);
      expect(
        (await leaver.client.post('/api/events', { ...event, ...eventTimes, title: 'Mine' })).status,
      ).toBe(201);
      expect((await leaver.client.post('/api/account/calendar')).status).toBe(201);
      // A club the leaver owns, with a logo they uploaded: it passes to the friend, logo and all.
      const club = await leaver.client.post<{ club: { slug: string } }>('/api/clubs', {
        name: `Salle ${leaver.user.username}`.slice(0, 100),
        city: 'Lyon',
        country: 'FR',
        weapons: ['epee'],
      });
      const logo = await uploadFile(leaver.client, makePng(32, 32), 'image/png', 'club');
      expect(
        (await leaver.client.patch(`/api/clubs/${club.body.club.slug}`, { logo: logo.objectPath })).status,
      ).toBe(200);
      expect((await friend.client.post(`/api/clubs/${club.body.club.slug}/join`)).status).toBe(201);
      expect((await leaver.client.post('/api/account/export')).status).toBe(202);
      await readyExport(leaver);
      expect(await wrongCounters()).toEqual([]);
      const [{ objectKey: exportKey }] = await db.query<{ objectKey: string }[]>(
        `SELECT "objectKey" FROM account_exports WHERE "userId" = $1`,
        [leaver.user.id],
      );
      const leaverKeys = [...ownKeys, avatar.objectPath.slice(9), exportKey];
      expect((await s3.keys()).filter((key) => leaverKeys.includes(key))).toHaveLength(4);

      const secondBrowser = await signInAgain(t, leaver);
      const leaverSocket = await connectSocket(t.url, secondBrowser);
      const watcher = await connectSocket(t.url, friend.client);
      watcher.emit('feed:watch', { weapon: 'sabre' });
      await new Promise((resolve) => setTimeout(resolve, 200));
      // A browser subscribed to push, and notification settings of their own (nothing is sent to it from here on).
      const pushKeys = {
        p256dh: Buffer.alloc(65, 4).toString('base64url'),
        auth: Buffer.alloc(16, 1).toString('base64url'),
      };
      expect(
        (
          await leaver.client.post('/api/push/subscriptions', {
            endpoint: `https://push.example.org/${leaver.user.id}`,
            keys: pushKeys,
          })
        ).status,
      ).toBe(201);
      expect(
        (await leaver.client.put('/api/account/notification-settings', { like: { push: true } })).status,
      ).toBe(200);

      // A wrong password changes nothing.
      const refused = await leaver.client.post('/api/account/delete', { password: 'not-my-password' });
      expect(refused.status).toBe(400);
      expect(refused.body).toEqual({ message: WRONG_CURRENT_PASSWORD, code: 'accounts.wrong_password' });
      expect((await leaver.client.get('/api/user')).status).toBe(200);

      const dropped = nextEvent(watcher, 'post:deleted', () => true, 20_000);
      const disconnected = new Promise<void>((resolve) => leaverSocket.on('disconnect', () => resolve()));
      const deleted = await leaver.client.post('/api/account/delete', { password: leaver.password });
      expect(deleted.status).toBe(202);
      expect(deleted.body).toEqual({ message: ACCOUNT_DELETED_REPLY });
      // Signed out at once, everywhere, and the password no longer signs in.
      expect((await leaver.client.get('/api/user')).status).toBe(401);
      expect((await secondBrowser.get('/api/user')).status).toBe(401);
      await disconnected;
      const login = await new ApiClient(t.url).post('/api/login', {
        username: leaver.user.username,
        password: leaver.password,
      });
      expect(login.status).toBe(401);

      expect(await dropped).toEqual({ postId: own.id, weapon: 'sabre' });
      watcher.disconnect();
      await poll(
        () => db.query<unknown[]>(`SELECT 1 FROM users WHERE "id" = $1`, [leaver.user.id]),
        (rows) => rows.length === 0,
      );
      const goodbye = await mailbox.waitForMail(
        emailOf(leaver),
        (m) => m.subject === 'Your Piste account has been deleted',
      );
      expect(goodbye.text).toContain(leaver.user.username);

      // No row anywhere names them, every counter is right, and their files leave the bucket.
      expect(await rowsMentioning(leaver.user.id)).toEqual([]);
      // Nor by name: what they did is gone from others' notifications too.
      expect(await rowsMentioning(`Leaving ${leaver.user.username}`)).toEqual([]);
      expect(await wrongCounters()).toEqual([]);
      await poll(
        () => s3.keys(),
        (keys) => !keys.some((key) => leaverKeys.includes(key)),
      );
      const clubAfter = await friend.client.get<{ club: { logo: string }; viewerRole: string }>(
        `/api/clubs/${club.body.club.slug}`,
      );
      expect(clubAfter.body).toMatchObject({ club: { logo: logo.objectPath }, viewerRole: 'owner' });
      expect(await s3.keys()).toContain(logo.objectPath.slice(9));
      const friendView = await friend.client.get<FeedPost>(`/api/posts/id/${friendPost.id}`);
      expect(friendView.body).toMatchObject({ likesCount: 0, commentsCount: 1 });
      expect((await friend.client.get(`/api/posts/id/${own.id}`)).status).toBe(404);

      // The reports stay for the moderators, without the person.
      const reports = await db.query<
        Array<{
          postId: string;
          reporterId: string | null;
          postAuthorId: string | null;
          postDeleted: boolean;
        }>
      >(
        `SELECT "postId", "reporterId", "postAuthorId", "postDeleted" FROM reported_posts WHERE "postId" IN ($1, $2)`,
        [own.id, friendOther.id],
      );
      expect(reports).toEqual(
        expect.arrayContaining([
          expect.objectContaining({
            postId: own.id,
            reporterId: friend.user.id,
            postAuthorId: null,
            postDeleted: true,
          }),
          expect.objectContaining({ postId: friendOther.id, reporterId: null }),
        ]),
      );

      // The username and the address are free again.
      const again = await makeUser(t, { username: leaver.user.username });
      expect(again.user.username).toBe(leaver.user.username);
    });

    it('needs the password and a session, and only ever deletes the caller', async () => {
      const [owner, other] = await Promise.all([makeUser(t), makeUser(t, { password: 'other-secret' })]);
      expect((await new ApiClient(t.url).post('/api/account/delete', { password: 'x' })).status).toBe(401);
      expect((await owner.client.post('/api/account/delete', {})).status).toBe(400);
      expect((await owner.client.post('/api/account/delete', { password: other.password })).status).toBe(400);
      // The other user's own password deletes the other user only.
      expect((await other.client.post('/api/account/delete', { password: other.password })).status).toBe(202);
      expect((await owner.client.get<SessionUser>('/api/user')).body.id).toBe(owner.user.id);
      await poll(
        () => db.query<unknown[]>(`SELECT 1 FROM users WHERE "id" = $1`, [other.user.id]),
        (rows) => rows.length === 0,
      );
      expect((await db.query(`SELECT 1 FROM users WHERE "id" = $1`, [owner.user.id])).length).toBe(1);
    });
  });
});
