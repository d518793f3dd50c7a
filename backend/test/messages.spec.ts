import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { connectUsers, makeUser, nextEvent, useTestApp, waitFor } from './helpers';
import {
  connectedPair,
  conversationsBetween,
  conversationsOf,
  page,
  send,
  sendOk,
  storedCount,
} from './messaging';
import { useSockets } from './sockets';

describe('direct messages', () => {
  const t = useTestApp();
  const socketOf = useSockets(t);

  describe('POST /api/messages', () => {
    it('creates the conversation on the first message and replies 201 {message, conversationId}', async () => {
      const [a, b] = await connectedPair(t);
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
      await expect(conversationsBetween(t, a, b)).resolves.toBe(1);
    });

    it('takes the sender from the session: a matching senderId is fine, another user id is 403', async () => {
      const [a, b] = await connectedPair(t);
      await expect(send(a, b, 'as me', { senderId: a.user.id })).resolves.toMatchObject({ status: 201 });
      const forged = await send(a, b, 'as you', { senderId: b.user.id });
      expect(forged.status).toBe(403);
      expect(forged.body).toEqual({ message: 'You can only act as yourself', code: 'request.not_yourself' });
    });

    it('refuses bad input with a 4xx and a message', async () => {
      const [a, b] = await connectedPair(t);
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
        expect(res.body).toEqual({
          message: 'You cannot message this user',
          code: 'messages.cannot_message',
        });
      }
      await expect(conversationsOf(a)).resolves.toEqual([]);
    });

    it('answers 403 when either side blocked the other; unblocking restores messaging', async () => {
      const [a, b] = await connectedPair(t);
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
      const [a, b] = await connectedPair(t);
      const clientId = randomUUID();
      const first = await send(a, b, 'only once', { clientId });
      expect(first.status).toBe(201);
      expect(first.body.message.clientId).toBe(clientId);
      const retry = await send(a, b, 'only once', { clientId });
      expect(retry.status).toBe(200);
      expect(retry.body).toEqual(first.body);
      await expect(
        storedCount(t, `SELECT count(*) AS n FROM messages WHERE "senderId" = $1`, [a.user.id]),
      ).resolves.toBe(1);

      // A clientId is the sender's own: another sender may use the same value.
      await expect(send(b, a, 'same id, other sender', { clientId })).resolves.toMatchObject({ status: 201 });
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
      const [a, b] = await connectedPair(t);
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
      const [a, b] = await connectedPair(t);
      let conversationId = '';
      for (let i = 1; i <= 7; i++) {
        const from = i % 2 ? a : b;
        const to = i % 2 ? b : a;
        ({ conversationId } = await sendOk(from, to, `m${i}`));
      }
      // Two messages with the very same time: paging must neither skip nor repeat one of them.
      await t.app.get(DataSource).query(
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
      const [a, b] = await connectedPair(t);
      await sendOk(a, b, 'one');
      const { conversationId } = await sendOk(a, b, 'two');
      await sendOk(b, a, 'from b');

      const aSocket = await socketOf(a);
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
    });
  });

  describe('POST /api/conversations/:id/read', () => {
    it('marks read for a participant; a third user gets 403', async () => {
      const [a, b] = await connectedPair(t);
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
      const [a, b] = await connectedPair(t);
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

      // Later than the deletion by the clock, as a real next message is.
      await waitFor(5);
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
});
