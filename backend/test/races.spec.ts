import { randomUUID } from 'node:crypto';
import type { FeedPost } from '@piste/contracts';
import { describeRacing, makePost, makeUser, useTestApp, type TestUser } from './helpers';
import { connectedPair, conversationsBetween, conversationsOf, page, send, storedCount } from './messaging';
import { storedReactions } from './reactions';

/**
 * Writes that race each other: the same change sent several times at once must still be stored once. Only a real
 * PostgreSQL can run them side by side; the embedded PGlite takes one transaction at a time.
 */
describeRacing('concurrent writes', () => {
  const t = useTestApp();

  it('counts reactions exactly when fans like and dislike a post at the same moment', async () => {
    const author = await makeUser(t);
    const post = await makePost(author);
    const fans = await Promise.all(Array.from({ length: 8 }, () => makeUser(t)));
    const results = await Promise.all(
      fans.flatMap((f, i) => [
        f.client.post('/api/likes', { postId: post.id }),
        i % 2
          ? f.client.post('/api/dislikes', { postId: post.id })
          : f.client.post('/api/likes', { postId: post.id }),
      ]),
    );
    expect(results.every((r) => r.status === 201 || r.status === 409)).toBe(true);
    const stored = await storedReactions(t, post.id);
    const fresh = await author.client.get<FeedPost>(`/api/posts/id/${post.id}`);
    expect(fresh.body.likesCount).toBe(stored.likes);
    expect(fresh.body.dislikesCount).toBe(stored.dislikes);
    expect(fresh.body.likesCount + fresh.body.dislikesCount).toBe(8);
  });

  it('stores one message for retries with the same clientId racing each other', async () => {
    const [a, b] = await connectedPair(t);
    const racing = randomUUID();
    const replies = await Promise.all([1, 2, 3].map(() => send(a, b, 'racing', { clientId: racing })));
    expect(replies.map((r) => r.status).sort()).toEqual([200, 200, 201]);
    expect(new Set(replies.map((r) => r.body.message.id)).size).toBe(1);
    await expect(
      storedCount(t, `SELECT count(*) AS n FROM messages WHERE "senderId" = $1`, [a.user.id]),
    ).resolves.toBe(1);
  });

  it('creates exactly one conversation per pair when both send their first message at the same moment', async () => {
    const pairs: Array<[TestUser, TestUser]> = [];
    for (let i = 0; i < 10; i++) pairs.push(await connectedPair(t));
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
      await expect(conversationsBetween(t, a, b)).resolves.toBe(1);
    }
  });

  it('turns simultaneous connection requests into exactly one (the unique pair index, 409 for the rest)', async () => {
    const alice = await makeUser(t);
    const bob = await makeUser(t);
    const replies = await Promise.all([
      alice.client.post('/api/friend-requests', { receiverId: bob.user.id }),
      bob.client.post('/api/friend-requests', { receiverId: alice.user.id }),
      alice.client.post('/api/friend-requests', { receiverId: bob.user.id }),
    ]);
    expect(replies.map((r) => r.status).sort()).toEqual([201, 409, 409]);
    const incoming = await bob.client.get<unknown[]>(`/api/friend-requests/${bob.user.id}`);
    const sent = await bob.client.get<unknown[]>(`/api/sent-friend-requests/${bob.user.id}`);
    expect(incoming.body.length + sent.body.length).toBe(1);
  });
});
