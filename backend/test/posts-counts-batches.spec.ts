import type { PostCounts, ServerEventPayload } from '@piste/contracts';
import {
  connectSocket,
  connectUsers,
  describeWithRedis,
  makePost,
  makeUser,
  nextEvent,
  useTestApp,
  type TestSocket,
  type TestUser,
} from './helpers';
import { barrier, emitHandled, record, useSockets } from './sockets';

type Batch = ServerEventPayload<'posts:counts'>;

/** The next batch that holds counts of `postId` (matching `match`). */
function batchWith(socket: TestSocket, postId: string, match: (counts: PostCounts) => boolean = () => true) {
  return nextEvent(socket, 'posts:counts', (batch) =>
    batch.counts.some((c) => c.postId === postId && match(c)),
  );
}

/** Every post id of every batch the socket has received so far. */
function postIdsOf(batches: Batch[]): string[] {
  return batches.flatMap((batch) => batch.counts.map((c) => c.postId));
}

async function like(fan: TestUser, postId: string): Promise<void> {
  expect((await fan.client.post('/api/likes', { postId })).status).toBe(201);
}

describe('counts in batches (posts:counts)', () => {
  const t = useTestApp({ POST_COUNTS_BATCH_MS: '200' });
  const socketOf = useSockets(t);

  it('sends a socket that asked for batches its counts in batches, and a plain socket one frame a post', async () => {
    const author = await makeUser(t);
    const [one, two] = [await makePost(author), await makePost(author)];
    const batched = await socketOf(await makeUser(t), { posts: [one.id, two.id], batchedCounts: true });
    const plain = await socketOf(await makeUser(t), { posts: [one.id, two.id] });
    const [batches, singlesAtBatched] = [record(batched, 'posts:counts'), record(batched, 'post:counts')];
    const [singles, batchesAtPlain] = [record(plain, 'post:counts'), record(plain, 'posts:counts')];

    const fan = await makeUser(t);
    await like(fan, one.id);
    await like(fan, two.id);
    // The second like was published after the first: its batch is the first's or a later one.
    await batchWith(batched, two.id);
    await barrier(plain);
    expect(batches.flatMap((batch) => batch.counts)).toEqual([
      expect.objectContaining({ postId: one.id, likesCount: 1, weapon: one.weapon }),
      expect.objectContaining({ postId: two.id, likesCount: 1, weapon: two.weapon }),
    ]);
    expect(singles.map((c) => c.postId)).toEqual([one.id, two.id]);
    expect(singlesAtBatched).toEqual([]);
    expect(batchesAtPlain).toEqual([]);
  });

  it('sends the counts of posts coming on screen as one batch', async () => {
    const author = await makeUser(t);
    const [one, two] = [await makePost(author), await makePost(author)];
    const batched = await socketOf(await makeUser(t), { batchedCounts: true });
    const current = nextEvent(batched, 'posts:counts');
    await emitHandled(batched, 'posts:watch', { postIds: [one.id, two.id] });
    expect(postIdsOf([await current]).sort()).toEqual([one.id, two.id].sort());
  });

  it('leaves out the posts a socket does not show, across a block, or it may not see', async () => {
    const [author, other, viewer] = [await makeUser(t), await makeUser(t), await makeUser(t)];
    const shown = await makePost(other);
    const [notShown, blockedAuthors, closed] = [
      await makePost(other),
      await makePost(author),
      await makePost(other, { visibility: 'connections' }),
    ];
    expect((await viewer.client.post('/api/block-user', { blockedId: author.user.id })).status).toBe(200);
    const socket = await socketOf(viewer, {
      posts: [shown.id, blockedAuthors.id, closed.id],
      batchedCounts: true,
    });
    const batches = record(socket, 'posts:counts');

    const fan = await makeUser(t);
    await connectUsers(t, fan, other);
    await Promise.all([like(fan, notShown.id), like(fan, blockedAuthors.id), like(fan, closed.id)]);
    // Published before this one, so in its batch or an earlier one.
    await like(fan, shown.id);
    await batchWith(socket, shown.id);
    expect(postIdsOf(batches)).toEqual([shown.id]);
  });

  it('sends a connections-only post to a connection who shows it', async () => {
    const [author, friend] = [await makeUser(t), await makeUser(t)];
    await connectUsers(t, author, friend);
    const closed = await makePost(author, { visibility: 'connections' });
    const socket = await socketOf(friend, { posts: [closed.id], batchedCounts: true });
    const liked = batchWith(socket, closed.id, (c) => c.likesCount === 1);
    await like(friend, closed.id);
    await expect(liked).resolves.toBeDefined();
  });

  it('treats a handshake that says something else as a plain socket', async () => {
    const post = await makePost(await makeUser(t));
    const viewer = await makeUser(t);
    const garbled = await connectSocket(t.url, viewer.client, { batchedCounts: 'yes' } as never);
    try {
      await emitHandled(garbled, 'posts:watch', { postIds: [post.id] });
      const single = nextEvent(garbled, 'post:counts', (c) => c.postId === post.id && c.likesCount === 1);
      await like(await makeUser(t), post.id);
      await expect(single).resolves.toMatchObject({ likesCount: 1 });
    } finally {
      garbled.close();
    }
  });
});

describeWithRedis('counts in batches across replicas', () => {
  const a = useTestApp({ POST_COUNTS_BATCH_MS: '200' });
  const b = useTestApp({ POST_COUNTS_BATCH_MS: '200' });
  const socketOf = useSockets(b);

  it("batches on replica B the counts of a like made on replica A, and keeps B's plain sockets as they were", async () => {
    const author = await makeUser(a);
    const post = await makePost(author);
    const batched = await socketOf(await makeUser(b), { posts: [post.id], batchedCounts: true });
    const plain = await socketOf(await makeUser(b), { posts: [post.id] });
    const inBatch = batchWith(batched, post.id, (c) => c.likesCount === 1);
    const single = nextEvent(plain, 'post:counts', (c) => c.postId === post.id && c.likesCount === 1);
    await like(await makeUser(a), post.id);
    await expect(inBatch).resolves.toBeDefined();
    await expect(single).resolves.toBeDefined();
  });
});
