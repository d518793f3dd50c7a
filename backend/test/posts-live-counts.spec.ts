import { makePost, makeUser, nextEvent, useTestApp } from './helpers';
import { barrier, record, useSockets } from './sockets';

// One app for the whole file (passport's (de)serializers are process-global), with the default interval.
const t = useTestApp();

describe('live counts of a hot post', () => {
  const socketOf = useSockets(t);

  it('folds a burst of likes into one update per interval, the last with the final counts', async () => {
    const author = await makeUser(t);
    const post = await makePost(author, { weapon: 'foil' });
    const fans = await Promise.all(Array.from({ length: 12 }, () => makeUser(t)));
    const watcher = await socketOf(await makeUser(t), { weapon: 'foil', posts: [post.id] });
    const seen = record(watcher, 'post:counts', (c) => c.postId === post.id);
    const final = nextEvent(watcher, 'post:counts', (c) => c.postId === post.id && c.likesCount === 12);

    const started = Date.now();
    const replies = await Promise.all(fans.map((fan) => fan.client.post('/api/likes', { postId: post.id })));
    expect(replies.map((reply) => reply.status)).toEqual(fans.map(() => 201));
    await expect(final).resolves.toMatchObject({ likesCount: 12, dislikesCount: 0, commentsCount: 0 });
    const intervals = Math.ceil((Date.now() - started) / t.config.postCountsIntervalMs);

    // The first change at once, then at most one update per interval that has ended since.
    expect(seen.length).toBeGreaterThanOrEqual(1);
    expect(seen.length).toBeLessThanOrEqual(1 + intervals);
    expect(seen.at(-1)).toMatchObject({ likesCount: 12 });
  });

  it('sends an update only to those who may see the post when it goes out', async () => {
    const [author, firstFan, secondFan] = [await makeUser(t), await makeUser(t), await makeUser(t)];
    const post = await makePost(author, { weapon: 'sabre' });
    const [blocker, friend] = [await makeUser(t), await makeUser(t)];
    const blockerSocket = await socketOf(blocker, { posts: [post.id] });
    const friendSocket = await socketOf(friend, { posts: [post.id] });

    const first = nextEvent(blockerSocket, 'post:counts', (c) => c.postId === post.id);
    await firstFan.client.post('/api/likes', { postId: post.id });
    await expect(first).resolves.toMatchObject({ likesCount: 1 });

    // Within the interval the first like opened (or just after it): the next update is sent with the block in place.
    expect((await blocker.client.post('/api/block-user', { blockedId: author.user.id })).status).toBe(200);
    const leaked = record(blockerSocket, 'post:counts', (c) => c.postId === post.id);
    const second = nextEvent(friendSocket, 'post:counts', (c) => c.postId === post.id && c.likesCount === 2);
    await secondFan.client.post('/api/likes', { postId: post.id });
    await expect(second).resolves.toMatchObject({ likesCount: 2 });
    await barrier(blockerSocket);
    expect(leaked).toEqual([]);
  });
});
