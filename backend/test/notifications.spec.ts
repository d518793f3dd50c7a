import { DataSource } from 'typeorm';
import type { NotificationsPage, ServerNotification } from '@piste/contracts';
import { NotificationsService } from '../src/notifications/notifications.service';
import {
  ApiClient,
  connectUsers,
  makePost,
  makeUser,
  nextEvent,
  signInAgain,
  useTestApp,
  type TestUser,
} from './helpers';
import { useSockets } from './sockets';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

async function notificationsOf(who: TestUser | ApiClient, query = ''): Promise<NotificationsPage> {
  const client = who instanceof ApiClient ? who : who.client;
  const reply = await client.get<NotificationsPage>(`/api/notifications${query}`);
  expect(reply.status).toBe(200);
  return reply.body;
}

describe('notifications kept on the server', () => {
  const t = useTestApp();
  const socketOf = useSockets(t);

  it('keeps a like made while the author had no socket open, with who, what and which post', async () => {
    const [author, fan] = await Promise.all([makeUser(t), makeUser(t)]);
    const post = await makePost(author, { content: 'Parry four, riposte to the flank' });
    expect((await fan.client.post('/api/likes', { postId: post.id })).status).toBe(201);

    const { notifications, nextCursor } = await notificationsOf(author);
    expect(nextCursor).toBeNull();
    expect(notifications).toHaveLength(1);
    const [like] = notifications;
    expect(like).toMatchObject({
      type: 'like',
      user: { id: fan.user.id, name: fan.user.name, avatar: fan.user.avatar },
      message: `${fan.user.name} liked your post`,
      postId: post.id,
      postContent: 'Parry four, riposte to the flank',
      unread: true,
    });
    expect(like.id).toMatch(UUID);
    expect(Date.parse(like.createdAt)).not.toBeNaN();
    // Nobody else sees it.
    expect((await notificationsOf(fan)).notifications).toEqual([]);
  });

  it('stores one for each cause: dislike, comment, request, acceptance and message, each with its subject', async () => {
    const [author, other] = await Promise.all([makeUser(t), makeUser(t)]);
    const post = await makePost(author);
    expect((await other.client.post('/api/dislikes', { postId: post.id })).status).toBe(201);
    expect((await other.client.post('/api/comments', { postId: post.id, content: 'Nice' })).status).toBe(201);
    const request = await other.client.post<{ id: string }>('/api/friend-requests', {
      receiverId: author.user.id,
    });
    expect(request.status).toBe(201);
    expect(
      (await author.client.put(`/api/friend-requests/${request.body.id}`, { status: 'accepted' })).status,
    ).toBe(200);
    const sent = await other.client.post<{ conversationId: string }>('/api/messages', {
      senderId: other.user.id,
      receiverId: author.user.id,
      content: 'Bout tomorrow?',
    });
    expect(sent.status).toBe(201);

    const forAuthor = (await notificationsOf(author)).notifications;
    expect(forAuthor.map((n) => [n.type, n.message])).toEqual([
      ['message', `${other.user.name} sent you a message`],
      ['follow', `${other.user.name} sent you a connection request`],
      ['comment', `${other.user.name} commented on your post`],
      ['other', `${other.user.name} disliked your post`],
    ]);
    expect(forAuthor[0].conversationId).toBe(sent.body.conversationId);
    expect(forAuthor[1].requestId).toBe(request.body.id);
    expect(forAuthor[2].postId).toBe(post.id);
    expect(forAuthor[3].postId).toBe(post.id);

    const forOther = (await notificationsOf(other)).notifications;
    expect(forOther).toHaveLength(1);
    expect(forOther[0]).toMatchObject({
      type: 'follow',
      user: { id: author.user.id },
      message: `${author.user.name} accepted your connection request`,
    });
    expect(forOther[0].requestId).toBeUndefined();
  });

  it('stores nothing when the cause fails or the user acts on their own post', async () => {
    const [author, fan, stranger] = await Promise.all([makeUser(t), makeUser(t), makeUser(t)]);
    const post = await makePost(author);
    expect((await author.client.post('/api/likes', { postId: post.id })).status).toBe(201);
    expect((await fan.client.post('/api/likes', { postId: post.id })).status).toBe(201);
    expect((await fan.client.post('/api/likes', { postId: post.id })).status).toBe(409);
    // Not connected: the message is refused, and so is its notification.
    const refused = await stranger.client.post('/api/messages', {
      senderId: stranger.user.id,
      receiverId: author.user.id,
      content: 'hello?',
    });
    expect(refused.status).toBe(403);

    const { notifications } = await notificationsOf(author);
    expect(notifications.map((n) => n.user.id)).toEqual([fan.user.id]);
  });

  it('pushes the stored notification live, with the id the list gives', async () => {
    const [author, fan] = await Promise.all([makeUser(t), makeUser(t)]);
    const post = await makePost(author);
    const socket = await socketOf(author);
    const live = nextEvent(socket, 'notification');
    expect((await fan.client.post('/api/likes', { postId: post.id })).status).toBe(201);
    const event = await live;
    const [stored] = (await notificationsOf(author)).notifications;
    expect(event).toEqual(stored);
  });

  it('reads and deletes in one browser, and the other browser follows live and on its next fetch', async () => {
    const [author, fan] = await Promise.all([makeUser(t), makeUser(t)]);
    const [first, second, third] = await Promise.all([makePost(author), makePost(author), makePost(author)]);
    for (const post of [first, second, third]) {
      expect((await fan.client.post('/api/likes', { postId: post.id })).status).toBe(201);
    }
    const laptop = author.client;
    const phone = await signInAgain(t, author);
    const phoneSocket = await socketOf({ client: phone });
    const [newest, middle, oldest] = (await notificationsOf(laptop)).notifications;

    const toldRead = nextEvent(phoneSocket, 'notifications:changed');
    const read = await laptop.post<{ read: number }>('/api/notifications/read', { ids: [oldest.id] });
    expect(read).toMatchObject({ status: 200, body: { read: 1 } });
    expect(await toldRead).toEqual({ read: [oldest.id] });
    const onPhone = (await notificationsOf(phone)).notifications;
    expect(onPhone.map((n) => [n.id, n.unread])).toEqual([
      [newest.id, true],
      [middle.id, true],
      [oldest.id, false],
    ]);

    const toldDeleted = nextEvent(phoneSocket, 'notifications:changed');
    expect((await laptop.delete(`/api/notifications/${middle.id}`)).status).toBe(204);
    expect(await toldDeleted).toEqual({ deleted: [middle.id] });
    expect((await notificationsOf(phone)).notifications.map((n) => n.id)).toEqual([newest.id, oldest.id]);

    const toldAll = nextEvent(phoneSocket, 'notifications:changed');
    expect((await phone.post('/api/notifications/read', { all: true })).body).toEqual({ read: 1 });
    expect(await toldAll).toEqual({ read: 'all' });
    expect((await notificationsOf(laptop)).notifications.every((n) => !n.unread)).toBe(true);
  });

  it("never reads, deletes or lists another user's notifications, and refuses bad input", async () => {
    const [author, fan, intruder] = await Promise.all([makeUser(t), makeUser(t), makeUser(t)]);
    const post = await makePost(author);
    await fan.client.post('/api/likes', { postId: post.id });
    const [mine] = (await notificationsOf(author)).notifications;

    expect((await intruder.client.post('/api/notifications/read', { ids: [mine.id] })).body).toEqual({
      read: 0,
    });
    expect((await intruder.client.delete(`/api/notifications/${mine.id}`)).status).toBe(404);
    expect((await intruder.client.get(`/api/notifications?before=${mine.id}`)).status).toBe(400);
    const [still] = (await notificationsOf(author)).notifications;
    expect(still).toEqual(mine);

    expect((await new ApiClient(t.url).get('/api/notifications')).status).toBe(401);
    expect((await author.client.delete('/api/notifications/not-a-uuid')).status).toBe(400);
    expect((await author.client.post('/api/notifications/read', {})).status).toBe(400);
    expect((await author.client.post('/api/notifications/read', { ids: ['nope'] })).status).toBe(400);
    expect((await author.client.post('/api/notifications/read', { all: false })).status).toBe(400);
    expect((await author.client.get('/api/notifications?limit=0')).status).toBe(400);
    expect((await author.client.get('/api/notifications?limit=abc')).status).toBe(400);
    expect((await author.client.get('/api/notifications?before=x')).status).toBe(400);
  });

  it('pages back through older notifications, newest first, without repeats', async () => {
    const [author, fan] = await Promise.all([makeUser(t), makeUser(t)]);
    const post = await makePost(author);
    for (let i = 0; i < 23; i++) {
      expect(
        (await fan.client.post('/api/comments', { postId: post.id, content: `Touch ${i}` })).status,
      ).toBe(201);
    }
    const seen: ServerNotification[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const page: NotificationsPage = await notificationsOf(
        author,
        `?limit=10${cursor ? `&before=${cursor}` : ''}`,
      );
      seen.push(...page.notifications);
      cursor = page.nextCursor;
      pages++;
    } while (cursor);
    expect(pages).toBe(3);
    expect(seen).toHaveLength(23);
    expect(new Set(seen.map((n) => n.id)).size).toBe(23);
    const times = seen.map((n) => Date.parse(n.createdAt));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
  });

  it('hides the notifications of a user either side blocked', async () => {
    const [author, fan, other] = await Promise.all([makeUser(t), makeUser(t), makeUser(t)]);
    const post = await makePost(author);
    await fan.client.post('/api/likes', { postId: post.id });
    await other.client.post('/api/likes', { postId: post.id });
    expect((await fan.client.post('/api/block-user', { blockedId: author.user.id })).status).toBe(200);
    expect((await notificationsOf(author)).notifications.map((n) => n.user.id)).toEqual([other.user.id]);
  });

  it("keeps each user's newest 200 and the last 30 days, and clears the rest", async () => {
    const [quiet, busy] = await Promise.all([makeUser(t), makeUser(t)]);
    const db = t.app.get(DataSource);
    const insertOld = (userId: string, count: number, daysAgo: number) =>
      db.query(
        `INSERT INTO notifications ("recipientId", "type", "message", "createdAt")
         SELECT $1, 'other', 'old ' || i, now() - make_interval(days => $3) - make_interval(secs => i)
           FROM generate_series(1, $2) i`,
        [userId, count, daysAgo],
      );
    await insertOld(quiet.user.id, 5, 90);
    await insertOld(busy.user.id, 150, 1);
    await insertOld(busy.user.id, 80, 45);

    expect(await t.app.get(NotificationsService).prune()).toBeGreaterThanOrEqual(30);

    const count = async (userId: string) =>
      Number(
        (
          await db.query<Array<{ n: string }>>(
            `SELECT count(*) AS n FROM notifications WHERE "recipientId" = $1`,
            [userId],
          )
        )[0].n,
      );
    expect(await count(quiet.user.id)).toBe(5);
    expect(await count(busy.user.id)).toBe(200);
    const [oldest] = await db.query<Array<{ message: string }>>(
      `SELECT "message" FROM notifications WHERE "recipientId" = $1 ORDER BY "createdAt" LIMIT 1`,
      [busy.user.id],
    );
    expect(oldest.message).toBe('old 50');
  });

  it('delivers it to every browser the recipient has open', async () => {
    const [author, fan] = await Promise.all([makeUser(t), makeUser(t)]);
    await connectUsers(t, author, fan);
    const phone = await signInAgain(t, author);
    const socket = await socketOf({ client: phone });
    const live = nextEvent(socket, 'notification', (n) => n.type === 'message');
    await fan.client.post('/api/messages', {
      senderId: fan.user.id,
      receiverId: author.user.id,
      content: 'hi',
    });
    expect((await live).message).toBe(`${fan.user.name} sent you a message`);
  });
});
