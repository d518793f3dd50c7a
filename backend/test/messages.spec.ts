import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import type { Conversation, DirectMessage } from '@piste/contracts';
import {
  connectSocket,
  connectUsers,
  describeWithRedis,
  makeUser,
  nextEvent,
  settle,
  startTestApp,
  type TestApp,
  type TestSocket,
  type TestUser,
} from './helpers';

type SendReply = { message: DirectMessage; conversationId: string };

function send(from: TestUser, to: TestUser, content: string, extra: Record<string, unknown> = {}) {
  return from.client.post<SendReply>('/api/messages', { receiverId: to.user.id, content, ...extra });
}

async function sendOk(from: TestUser, to: TestUser, content: string): Promise<SendReply> {
  const res = await send(from, to, content);
  if (res.status !== 201) throw new Error(`send failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

async function conversationsOf(user: TestUser): Promise<Conversation[]> {
  const res = await user.client.get<Conversation[]>('/api/conversations');
  if (res.status !== 200) throw new Error(`list failed: ${res.status}`);
  return res.body;
}

function page(user: TestUser, conversationId: string, query = '') {
  return user.client.get<DirectMessage[]>(`/api/messages?conversationId=${conversationId}${query}`);
}

describe('direct messages', () => {
  let t: TestApp;
  let db: DataSource;

  beforeAll(async () => {
    t = await startTestApp();
    db = t.app.get(DataSource);
  });
  afterAll(async () => {
    await t.close();
  });

  async function connectedPair(): Promise<[TestUser, TestUser]> {
    const a = await makeUser(t);
    const b = await makeUser(t);
    await connectUsers(t, a, b);
    return [a, b];
  }

  async function storedCount(sql: string, params: unknown[]): Promise<number> {
    const [row] = await db.query<Array<{ n: number }>>(sql, params);
    return Number(row.n);
  }

  describe('POST /api/messages', () => {
    it('creates the conversation on the first message and replies 201 {message, conversationId}', async () => {
      const [a, b] = await connectedPair();
      const res = await send(a, b, '  En garde!  ');
      expect(res.status).toBe(201);
      expect(res.body.conversationId).toEqual(expect.any(String));
      expect(res.body.message).toMatchObject({
        conversationId: res.body.conversationId,
        senderId: a.user.id,
        receiverId: b.user.id,
        content: 'En garde!',
        isRead: false,
        clientId: null,
      });

      const second = await sendOk(b, a, 'Prêts?');
      expect(second.conversationId).toBe(res.body.conversationId);
      await expect(
        storedCount(
          `SELECT count(*) AS n FROM conversations WHERE "participant1Id" IN ($1, $2) AND "participant2Id" IN ($1, $2)`,
          [a.user.id, b.user.id],
        ),
      ).resolves.toBe(1);
    });

    it('takes the sender from the session: a matching senderId is fine, another user id is 403', async () => {
      const [a, b] = await connectedPair();
      await expect(send(a, b, 'as me', { senderId: a.user.id })).resolves.toMatchObject({ status: 201 });
      const forged = await send(a, b, 'as you', { senderId: b.user.id });
      expect(forged.status).toBe(403);
      expect(forged.body).toEqual({ message: 'You can only act as yourself' });
    });

    it('refuses bad input with a 4xx and a message', async () => {
      const [a, b] = await connectedPair();
      await expect(send(a, b, '   ')).resolves.toMatchObject({
        status: 400,
        body: { message: 'Message cannot be empty' },
      });
      await expect(send(a, a, 'hello me')).resolves.toMatchObject({
        status: 400,
        body: { message: 'You cannot message yourself' },
      });
      await expect(
        a.client.post('/api/messages', { receiverId: 'not-a-uuid', content: 'x' }),
      ).resolves.toMatchObject({ status: 400, body: { message: 'Invalid user id' } });
      await expect(
        a.client.post('/api/messages', { receiverId: randomUUID(), content: 'to nobody' }),
      ).resolves.toMatchObject({ status: 404, body: { message: 'User not found' } });
      await expect(send(a, b, 'x', { clientId: 'nope' })).resolves.toMatchObject({ status: 400 });
    });

    it('answers 403 between users who are not connected, in both directions', async () => {
      const a = await makeUser(t);
      const b = await makeUser(t);
      for (const [from, to] of [
        [a, b],
        [b, a],
      ] as const) {
        const res = await send(from, to, 'hi stranger');
        expect(res.status).toBe(403);
        expect(res.body).toEqual({ message: 'You cannot message this user' });
      }
      await expect(conversationsOf(a)).resolves.toEqual([]);
    });

    it('answers 403 when either side blocked the other; unblocking restores messaging', async () => {
      const [a, b] = await connectedPair();
      await sendOk(a, b, 'before the block');

      // The receiver blocks the sender: neither can write.
      await expect(b.client.post('/api/block-user', { blockedId: a.user.id })).resolves.toMatchObject({
        status: 200,
      });
      for (const [from, to] of [
        [a, b],
        [b, a],
      ] as const) {
        await expect(send(from, to, 'blocked?')).resolves.toMatchObject({
          status: 403,
          body: { message: 'You cannot message this user' },
        });
      }
      await expect(b.client.post('/api/unblock-user', { blockedId: a.user.id })).resolves.toMatchObject({
        status: 200,
      });
      await expect(send(a, b, 'after the unblock')).resolves.toMatchObject({ status: 201 });

      // The sender blocks the receiver: same rule.
      await a.client.post('/api/block-user', { blockedId: b.user.id });
      await expect(send(a, b, 'I blocked you')).resolves.toMatchObject({ status: 403 });
      await expect(send(b, a, 'you blocked me')).resolves.toMatchObject({ status: 403 });
      await a.client.post('/api/unblock-user', { blockedId: b.user.id });
      await expect(send(b, a, 'friends again')).resolves.toMatchObject({ status: 201 });
    });

    it('stores a retried clientId once and returns the same message', async () => {
      const [a, b] = await connectedPair();
      const clientId = randomUUID();
      const first = await send(a, b, 'only once', { clientId });
      expect(first.status).toBe(201);
      expect(first.body.message.clientId).toBe(clientId);
      const retry = await send(a, b, 'only once', { clientId });
      expect(retry.status).toBe(200);
      expect(retry.body).toEqual(first.body);

      // Retries racing each other.
      const racing = randomUUID();
      const replies = await Promise.all([1, 2, 3].map(() => send(a, b, 'racing', { clientId: racing })));
      expect(replies.map((r) => r.status).sort()).toEqual([200, 200, 201]);
      expect(new Set(replies.map((r) => r.body.message.id)).size).toBe(1);
      await expect(
        storedCount(`SELECT count(*) AS n FROM messages WHERE "senderId" = $1`, [a.user.id]),
      ).resolves.toBe(2);

      // A clientId is the sender's own: another sender may use the same value.
      await expect(send(b, a, 'same id, other sender', { clientId })).resolves.toMatchObject({ status: 201 });
    });

    it('creates exactly one conversation per pair when both send their first message at the same moment', async () => {
      const pairs: Array<[TestUser, TestUser]> = [];
      for (let i = 0; i < 10; i++) pairs.push(await connectedPair());
      await Promise.all(
        pairs.map(async ([a, b]) => {
          const [fromA, fromB] = await Promise.all([send(a, b, 'touché'), send(b, a, 'touché')]);
          expect(fromA.status).toBe(201);
          expect(fromB.status).toBe(201);
          expect(fromA.body.conversationId).toBe(fromB.body.conversationId);
        }),
      );
      for (const [a, b] of pairs) {
        const listA = await conversationsOf(a);
        expect(listA).toHaveLength(1);
        expect(listA[0].otherUser.id).toBe(b.user.id);
        const messages = await page(a, listA[0].id);
        expect(messages.body).toHaveLength(2);
        await expect(
          storedCount(
            `SELECT count(*) AS n FROM conversations WHERE "participant1Id" IN ($1, $2) AND "participant2Id" IN ($1, $2)`,
            [a.user.id, b.user.id],
          ),
        ).resolves.toBe(1);
      }
    });
  });

  describe('GET /api/conversations', () => {
    it('lists the other user, last message and unread count, newest activity first', async () => {
      const me = await makeUser(t, { weaponSpecialty: 'sabre' });
      const first = await makeUser(t, { weaponSpecialty: 'foil', role: 'coach' });
      const second = await makeUser(t);
      await connectUsers(t, me, first);
      await connectUsers(t, second, me);

      await sendOk(first, me, 'one');
      await sendOk(first, me, 'two');
      await sendOk(me, second, 'hello second');

      let list = await conversationsOf(me);
      expect(list.map((c) => c.otherUser.id)).toEqual([second.user.id, first.user.id]);
      expect(list[1]).toMatchObject({
        otherUser: {
          id: first.user.id,
          name: first.user.name,
          avatar: first.user.avatar,
          weaponSpecialty: 'foil',
          role: 'coach',
        },
        lastMessage: { content: 'two', senderId: first.user.id },
        unreadCount: 2,
      });
      expect(list[0]).toMatchObject({ lastMessage: { content: 'hello second' }, unreadCount: 0 });
      expect(new Date(list[0].lastMessageAt!).getTime()).toBeGreaterThanOrEqual(
        new Date(list[1].lastMessageAt!).getTime(),
      );

      // New activity moves a conversation to the top.
      await sendOk(first, me, 'three');
      list = await conversationsOf(me);
      expect(list.map((c) => c.otherUser.id)).toEqual([first.user.id, second.user.id]);
      expect(list[0]).toMatchObject({ unreadCount: 3 });

      const theirs = await conversationsOf(second);
      expect(theirs).toEqual([
        expect.objectContaining({ otherUser: expect.objectContaining({ id: me.user.id }), unreadCount: 1 }),
      ]);
    });
  });

  describe('GET /api/messages', () => {
    it('is for participants only: a third user gets 403, an unknown conversation 404', async () => {
      const [a, b] = await connectedPair();
      const { conversationId } = await sendOk(a, b, 'private');
      const stranger = await makeUser(t);

      await expect(page(a, conversationId)).resolves.toMatchObject({ status: 200 });
      await expect(page(b, conversationId)).resolves.toMatchObject({ status: 200 });
      await expect(page(stranger, conversationId)).resolves.toMatchObject({
        status: 403,
        body: { message: 'You are not part of this conversation' },
      });
      await expect(page(a, randomUUID())).resolves.toMatchObject({
        status: 404,
        body: { message: 'Conversation not found' },
      });
      await expect(page(a, 'nope')).resolves.toMatchObject({ status: 400 });
      await expect(a.client.get('/api/messages')).resolves.toMatchObject({ status: 400 });
      await expect(page(a, conversationId, '&limit=0')).resolves.toMatchObject({ status: 400 });
      await expect(page(a, conversationId, '&before=yesterday')).resolves.toMatchObject({ status: 400 });
    });

    it('pages backwards with before (tie-broken by id), oldest first within a page', async () => {
      const [a, b] = await connectedPair();
      let conversationId = '';
      for (let i = 1; i <= 7; i++) {
        const from = i % 2 ? a : b;
        const to = i % 2 ? b : a;
        ({ conversationId } = await sendOk(from, to, `m${i}`));
      }
      // Two messages with the very same time: paging must neither skip nor repeat one of them.
      await db.query(
        `UPDATE messages SET "createdAt" = (SELECT "createdAt" FROM messages WHERE "conversationId" = $1 AND content = 'm4')
         WHERE "conversationId" = $1 AND content = 'm5'`,
        [conversationId],
      );

      const latest = await page(a, conversationId, '&limit=3');
      expect(latest.status).toBe(200);
      const latestContents = latest.body.map((m) => m.content);
      expect(latestContents.slice(1)).toEqual(['m6', 'm7']);
      expect(['m4', 'm5']).toContain(latestContents[0]);

      const seen: string[] = [...latestContents];
      let cursor = latest.body;
      while (cursor.length === 3) {
        const oldest = cursor[0];
        const older = await page(
          a,
          conversationId,
          `&limit=3&before=${encodeURIComponent(oldest.createdAt)}&beforeId=${oldest.id}`,
        );
        expect(older.status).toBe(200);
        cursor = older.body;
        seen.unshift(...cursor.map((m) => m.content));
      }
      expect(seen).toHaveLength(7);
      expect([...seen].sort()).toEqual(['m1', 'm2', 'm3', 'm4', 'm5', 'm6', 'm7']);
      expect(seen.slice(0, 3)).toEqual(['m1', 'm2', 'm3']);

      // Without the tie-breaker `before` alone returns strictly older messages, oldest first.
      const all = await page(a, conversationId, '&limit=100');
      expect(all.body).toHaveLength(7);
      const createdAt = all.body.map((m) => new Date(m.createdAt).getTime());
      expect([...createdAt].sort((x, y) => x - y)).toEqual(createdAt);
      const m3 = all.body.find((m) => m.content === 'm3')!;
      const beforeM3 = await page(a, conversationId, `&before=${encodeURIComponent(m3.createdAt)}`);
      expect(beforeM3.body.map((m) => m.content)).toEqual(['m1', 'm2']);
    });

    it("marks the viewer's received messages read and tells the sender (read receipt)", async () => {
      const [a, b] = await connectedPair();
      await sendOk(a, b, 'one');
      const { conversationId } = await sendOk(a, b, 'two');
      await sendOk(b, a, 'from b');

      const aSocket = await connectSocket(t.url, a.client);
      try {
        // The sender reading does not mark their own sent messages read.
        const mine = await page(a, conversationId);
        expect(mine.body.filter((m) => m.senderId === a.user.id).every((m) => !m.isRead)).toBe(true);
        expect((await conversationsOf(b))[0].unreadCount).toBe(2);

        const receipt = nextEvent(aSocket, 'message:read', (p) => p.conversationId === conversationId);
        const theirs = await page(b, conversationId);
        expect(theirs.body.filter((m) => m.senderId === a.user.id).every((m) => m.isRead)).toBe(true);
        await expect(receipt).resolves.toMatchObject({
          conversationId,
          readerId: b.user.id,
          readAt: expect.any(String),
        });

        expect((await conversationsOf(b))[0].unreadCount).toBe(0);
        expect((await conversationsOf(a))[0].unreadCount).toBe(0);
        expect((await conversationsOf(a))[0].lastMessage).toMatchObject({ content: 'from b', isRead: true });
      } finally {
        aSocket.close();
      }
    });
  });

  describe('POST /api/conversations/:id/read', () => {
    it('marks read for a participant; a third user gets 403', async () => {
      const [a, b] = await connectedPair();
      const { conversationId } = await sendOk(a, b, 'read me');
      const stranger = await makeUser(t);
      await expect(stranger.client.post(`/api/conversations/${conversationId}/read`)).resolves.toMatchObject({
        status: 403,
      });
      expect((await conversationsOf(b))[0].unreadCount).toBe(1);
      await expect(b.client.post(`/api/conversations/${conversationId}/read`)).resolves.toMatchObject({
        status: 200,
        body: { conversationId, readAt: expect.any(String) },
      });
      expect((await conversationsOf(b))[0].unreadCount).toBe(0);
    });
  });

  describe('DELETE /api/conversations/:id', () => {
    it("removes it from the deleter's list only; a later message brings it back with only the new one", async () => {
      const [a, b] = await connectedPair();
      await sendOk(a, b, 'old one');
      const { conversationId } = await sendOk(b, a, 'old two');
      const stranger = await makeUser(t);

      await expect(stranger.client.delete(`/api/conversations/${conversationId}`)).resolves.toMatchObject({
        status: 403,
      });
      await expect(a.client.delete(`/api/conversations/${randomUUID()}`)).resolves.toMatchObject({
        status: 404,
      });
      await expect(a.client.delete('/api/conversations/nope')).resolves.toMatchObject({ status: 400 });
      expect(await conversationsOf(a)).toHaveLength(1);

      await expect(a.client.delete(`/api/conversations/${conversationId}`)).resolves.toMatchObject({
        status: 204,
      });
      await expect(conversationsOf(a)).resolves.toEqual([]);
      await expect(page(a, conversationId)).resolves.toMatchObject({ status: 200, body: [] });
      // The other participant keeps everything.
      expect(await conversationsOf(b)).toHaveLength(1);
      expect((await page(b, conversationId)).body.map((m) => m.content)).toEqual(['old one', 'old two']);

      await settle(5);
      await sendOk(b, a, 'new one');
      const back = await conversationsOf(a);
      expect(back).toHaveLength(1);
      expect(back[0]).toMatchObject({
        id: conversationId,
        lastMessage: { content: 'new one' },
        unreadCount: 1,
      });
      expect((await page(a, conversationId)).body.map((m) => m.content)).toEqual(['new one']);
    });
  });

  describe('live events', () => {
    let sockets: TestSocket[] = [];
    afterEach(() => {
      sockets.forEach((s) => s.close());
      sockets = [];
    });
    async function socketOf(user: TestUser): Promise<TestSocket> {
      const socket = await connectSocket(t.url, user.client);
      sockets.push(socket);
      return socket;
    }

    it("sends message:new to the receiver and the sender's other tabs, and a notification to the receiver", async () => {
      const [a, b] = await connectedPair();
      const stranger = await makeUser(t);
      const [bSocket, aOtherTab, strangerSocket] = await Promise.all([
        socketOf(b),
        socketOf(a),
        socketOf(stranger),
      ]);
      let strangerGotOne = false;
      strangerSocket.on('message:new', () => (strangerGotOne = true));

      const atReceiver = nextEvent(bSocket, 'message:new');
      const atSenderTab = nextEvent(aOtherTab, 'message:new');
      const notification = nextEvent(bSocket, 'notification');
      let senderNotified = false;
      aOtherTab.on('notification', () => (senderNotified = true));

      const sent = await sendOk(a, b, 'live!');
      await expect(atReceiver).resolves.toEqual(sent);
      await expect(atSenderTab).resolves.toEqual(sent);
      await expect(notification).resolves.toEqual({
        type: 'message',
        message: `${a.user.name} sent you a message`,
        user: { id: a.user.id, name: a.user.name, avatar: a.user.avatar },
        conversationId: sent.conversationId,
        id: expect.any(String),
        createdAt: expect.any(String),
        unread: true,
      });
      await settle();
      expect(strangerGotOne).toBe(false);
      expect(senderNotified).toBe(false);
    });

    it('publishes nothing for a refused or replayed send', async () => {
      const [a, b] = await connectedPair();
      const stranger = await makeUser(t);
      const bSocket = await socketOf(b);
      const strangerSocket = await socketOf(stranger);
      let events = 0;
      bSocket.on('message:new', () => events++);
      strangerSocket.on('message:new', () => events++);
      const clientId = randomUUID();
      const first = nextEvent(bSocket, 'message:new');
      await send(a, b, 'once', { clientId });
      await first;
      await send(a, b, 'once', { clientId });
      await send(a, stranger, 'not connected');
      await settle();
      expect(events).toBe(1);
    });

    it('relays typing only between connected users', async () => {
      const [a, b] = await connectedPair();
      const stranger = await makeUser(t);
      const [aSocket, bSocket, strangerSocket] = await Promise.all([
        socketOf(a),
        socketOf(b),
        socketOf(stranger),
      ]);
      const conversationId = randomUUID();

      const typing = nextEvent(bSocket, 'typing');
      aSocket.emit('typing', { receiverId: b.user.id, conversationId, isTyping: true });
      await expect(typing).resolves.toEqual({ conversationId, userId: a.user.id, isTyping: true });

      let strangerSawTyping = false;
      strangerSocket.on('typing', () => (strangerSawTyping = true));
      aSocket.emit('typing', { receiverId: stranger.user.id, conversationId: null, isTyping: true });
      // Garbage is ignored, not fatal.
      aSocket.emit('typing', { receiverId: 'nope', isTyping: 'yes' } as never);
      await settle(300);
      expect(strangerSawTyping).toBe(false);

      // Blocked: no relay either.
      await b.client.post('/api/block-user', { blockedId: a.user.id });
      let bSawTyping = false;
      bSocket.on('typing', () => (bSawTyping = true));
      aSocket.emit('typing', { receiverId: b.user.id, conversationId, isTyping: false });
      await settle(300);
      expect(bSawTyping).toBe(false);
    });
  });

  // Nested so that `t` stays open: it is instance A (passport's serializer is process-wide).
  describeWithRedis('across two instances', () => {
    let other: TestApp;
    beforeAll(async () => {
      other = await startTestApp();
    });
    afterAll(async () => {
      await other?.close();
    });

    it('delivers message:new to the receiver connected to the other instance', async () => {
      const [alice, bob] = await connectedPair();
      const bobOnB = await connectSocket(other.url, bob.client.on(other.url));
      try {
        const received = nextEvent(bobOnB, 'message:new');
        const notified = nextEvent(bobOnB, 'notification');
        const sent = await sendOk(alice, bob, 'hi from A');
        await expect(received).resolves.toEqual(sent);
        await expect(notified).resolves.toMatchObject({ type: 'message' });
      } finally {
        bobOnB.close();
      }
    });
  });
});
