import { randomUUID } from 'node:crypto';
import type { FeedPost, PostComment } from '@piste/contracts';
import { MAX_WATCHED_POSTS } from '../src/realtime/realtime.gateway';
import {
  describeWithRedis,
  makePost,
  makeUser,
  nextEvent,
  storeBlock,
  useTestApp,
  type TestSocket,
  type TestUser,
} from './helpers';
import { barrier, emitHandled, record, useSockets, watchPosts, watchThreads } from './sockets';

// One app for the whole file: passport's (de)serializers are process-global, so an app closed mid-file would
// still be asked to load sessions for the apps started after it.
const t = useTestApp();

describe('live feed', () => {
  const socketOf = useSockets(t);
  const watcher = (user: TestUser, weapon: 'epee' | 'foil' | 'sabre') => socketOf(user, { weapon });

  it('announces a new post to the watchers of its weapon only', async () => {
    const author = await makeUser(t, { name: 'Ana Author' });
    const foilWatcher = await watcher(await makeUser(t), 'foil');
    const sabreWatcher = await watcher(await makeUser(t), 'sabre');
    const elsewhere = record(sabreWatcher, 'post:created');
    const created = nextEvent(foilWatcher, 'post:created', (p) => p.post.authorId === author.user.id);
    const post = await makePost(author, { weapon: 'foil', content: 'Live!' });
    const { post: announced } = await created;
    expect(announced).toEqual<FeedPost>({ ...post, isLiked: false, isDisliked: false });
    await barrier(sabreWatcher);
    expect(elsewhere).toHaveLength(0);
  });

  it('sends counts on likes and dislikes, and notifies the author when someone else reacts', async () => {
    const author = await makeUser(t, { name: 'Ana Author' });
    const fan = await makeUser(t, { name: 'Fay Fan' });
    const post = await makePost(author, { weapon: 'epee', content: 'x'.repeat(150) });
    const feed = await watcher(await makeUser(t), 'epee');
    await watchPosts(feed, post.id);
    const authorSocket = await watcher(author, 'foil');

    const counts = nextEvent(feed, 'post:counts', (p) => p.postId === post.id);
    const liked = nextEvent(authorSocket, 'notification', (n) => n.postId === post.id);
    await fan.client.post('/api/likes', { postId: post.id });
    await expect(counts).resolves.toEqual({
      postId: post.id,
      likesCount: 1,
      dislikesCount: 0,
      commentsCount: 0,
      weapon: 'epee',
    });
    await expect(liked).resolves.toEqual({
      type: 'like',
      user: { id: fan.user.id, name: 'Fay Fan', avatar: null },
      message: 'Fay Fan liked your post',
      postId: post.id,
      postContent: 'x'.repeat(100),
      id: expect.any(String),
      createdAt: expect.any(String),
      unread: true,
    });

    const afterDislike = nextEvent(feed, 'post:counts', (p) => p.postId === post.id && p.dislikesCount === 1);
    const disliked = nextEvent(authorSocket, 'notification', (n) => n.type === 'other');
    await fan.client.post('/api/dislikes', { postId: post.id });
    await expect(afterDislike).resolves.toMatchObject({ likesCount: 0, dislikesCount: 1 });
    await expect(disliked).resolves.toMatchObject({ message: 'Fay Fan disliked your post', postId: post.id });

    const afterUndo = nextEvent(feed, 'post:counts', (p) => p.postId === post.id && p.dislikesCount === 0);
    await fan.client.delete(`/api/dislikes/${fan.user.id}/${post.id}`);
    await expect(afterUndo).resolves.toMatchObject({ likesCount: 0, dislikesCount: 0 });
  });

  it('does not notify authors about their own reactions and comments', async () => {
    const author = await makeUser(t);
    const post = await makePost(author);
    const authorSocket = await watcher(author, 'epee');
    await watchPosts(authorSocket, post.id);
    const notifications = record(authorSocket, 'notification');
    const counts = nextEvent(
      authorSocket,
      'post:counts',
      (p) => p.postId === post.id && p.commentsCount === 1,
    );
    await author.client.post('/api/likes', { postId: post.id });
    await author.client.post('/api/comments', { postId: post.id, content: 'Own comment' });
    await counts;
    await barrier(authorSocket);
    expect(notifications).toHaveLength(0);
  });

  it('sends new comments with counts to a screen showing them, and notifies the author', async () => {
    const author = await makeUser(t);
    const commenter = await makeUser(t, { name: 'Cal Commenter' });
    const post = await makePost(author, { weapon: 'sabre', content: 'Short post' });
    const feed = await watcher(await makeUser(t), 'sabre');
    await watchThreads(feed, post.id);
    const authorSocket = await watcher(author, 'epee');
    const commented = nextEvent(feed, 'comment:created', (p) => p.comment.postId === post.id);
    const counts = nextEvent(feed, 'post:counts', (p) => p.postId === post.id);
    const notified = nextEvent(authorSocket, 'notification', (n) => n.postId === post.id);
    const res = await commenter.client.post<PostComment>('/api/comments', {
      postId: post.id,
      content: 'Nice',
    });
    await expect(commented).resolves.toEqual({ comment: res.body, weapon: 'sabre' });
    await expect(counts).resolves.toMatchObject({ commentsCount: 1 });
    await expect(notified).resolves.toEqual({
      type: 'comment',
      user: { id: commenter.user.id, name: 'Cal Commenter', avatar: null },
      message: 'Cal Commenter commented on your post',
      postId: post.id,
      postContent: 'Short post',
      id: expect.any(String),
      createdAt: expect.any(String),
      unread: true,
    });
  });

  it('announces deletions', async () => {
    const author = await makeUser(t);
    const post = await makePost(author, { weapon: 'foil' });
    const feed = await watcher(await makeUser(t), 'foil');
    const deleted = nextEvent(feed, 'post:deleted', (p) => p.postId === post.id);
    await author.client.delete(`/api/posts/${post.id}`);
    await expect(deleted).resolves.toEqual({ postId: post.id, weapon: 'foil' });
  });

  it('keeps new posts and comments away from users on either side of a block with the author', async () => {
    const author = await makeUser(t);
    const blocker = await makeUser(t);
    const bystander = await makeUser(t);
    await storeBlock(t, blocker, author);
    const blockerSocket = await watcher(blocker, 'epee');
    const bystanderSocket = await watcher(bystander, 'epee');
    const leakedPosts = record(blockerSocket, 'post:created');
    const leakedComments = record(blockerSocket, 'comment:created');
    const seen = nextEvent(bystanderSocket, 'post:created', (p) => p.post.authorId === author.user.id);
    const post = await makePost(author, { weapon: 'epee' });
    await seen;
    // Both show the post (the blocker from before the block, say): the block still keeps its comments away.
    await Promise.all([watchThreads(blockerSocket, post.id), watchThreads(bystanderSocket, post.id)]);
    const seenComment = nextEvent(bystanderSocket, 'comment:created', (p) => p.comment.postId === post.id);
    await author.client.post('/api/comments', { postId: post.id, content: 'Hidden from the blocker' });
    await seenComment;
    await barrier(blockerSocket);
    expect(leakedPosts.filter((p) => p.post.id === post.id)).toHaveLength(0);
    expect(leakedComments).toHaveLength(0);
  });
});

describe('post rooms', () => {
  const socketOf = useSockets(t);
  const open = (user: TestUser) => socketOf(user, { weapon: 'epee' });

  /** Events about one post that reached a socket. */
  function eventsAbout(socket: TestSocket, postId: string): string[] {
    const seen: string[] = [];
    socket.on('post:counts', (p) => {
      if (p.postId === postId) seen.push('post:counts');
    });
    socket.on('comment:created', (p) => {
      if (p.comment.postId === postId) seen.push('comment:created');
    });
    return seen;
  }

  /** A like on `sentinel`, seen by `socket`: everything the server sent it before has arrived. */
  async function likeAndAwait(fan: TestUser, socket: TestSocket, sentinel: FeedPost): Promise<void> {
    const arrived = nextEvent(socket, 'post:counts', (p) => p.postId === sentinel.id);
    await fan.client.post('/api/likes', { postId: sentinel.id });
    await arrived;
  }

  it("sends a post's counts and comments to the sockets that show it, not to the rest of its feed", async () => {
    const [author, fan] = [await makeUser(t), await makeUser(t)];
    const [shown, sentinel] = [await makePost(author), await makePost(author)];
    const showing = await open(await makeUser(t));
    const feedOnly = await open(await makeUser(t));
    await Promise.all([watchThreads(showing, shown.id), watchPosts(feedOnly, sentinel.id)]);
    const leaked = eventsAbout(feedOnly, shown.id);

    const counts = nextEvent(showing, 'post:counts', (p) => p.postId === shown.id && p.commentsCount === 1);
    const comment = nextEvent(showing, 'comment:created', (p) => p.comment.postId === shown.id);
    await fan.client.post('/api/likes', { postId: shown.id });
    await fan.client.post('/api/comments', { postId: shown.id, content: 'Seen by the watchers' });
    await expect(counts).resolves.toMatchObject({ likesCount: 1, commentsCount: 1, weapon: 'epee' });
    await expect(comment).resolves.toMatchObject({ comment: { content: 'Seen by the watchers' } });

    await likeAndAwait(fan, feedOnly, sentinel);
    expect(leaked).toEqual([]);
  });

  it("sends a new comment to the screens showing the post's comments, and only the count to a card", async () => {
    const [author, fan] = [await makeUser(t), await makeUser(t)];
    const post = await makePost(author);
    const thread = await open(await makeUser(t));
    const card = await open(await makeUser(t));
    await Promise.all([watchThreads(thread, post.id), watchPosts(card, post.id)]);
    const cardComments = record(card, 'comment:created');
    const cardEdits = record(card, 'comment:updated');

    const cardCount = nextEvent(card, 'post:counts', (p) => p.postId === post.id && p.commentsCount === 1);
    const created = nextEvent(thread, 'comment:created', (p) => p.comment.postId === post.id);
    const res = await fan.client.post<PostComment>('/api/comments', { postId: post.id, content: 'First' });
    await expect(cardCount).resolves.toMatchObject({ commentsCount: 1 });
    await expect(created).resolves.toMatchObject({ comment: { id: res.body.id } });

    const edited = nextEvent(thread, 'comment:updated', (u) => u.commentId === res.body.id);
    expect(
      (await fan.client.patch(`/api/comments/${res.body.id}`, { content: 'First, edited' })).status,
    ).toBe(200);
    await edited;
    await barrier(card);
    expect(cardComments).toEqual([]);
    expect(cardEdits).toEqual([]);
  });

  it('sends the counts of a post as it comes on screen, to a viewer who may see it only', async () => {
    const [author, fan, blocker, stranger] = await Promise.all(Array.from({ length: 4 }, () => makeUser(t)));
    const [post, connectionsOnly] = [
      await makePost(author),
      await makePost(author, { visibility: 'connections' }),
    ];
    await fan.client.post('/api/likes', { postId: post.id });
    await storeBlock(t, blocker, author);

    // Liked while off screen: the screen shows the like as the post comes (back) on it.
    const socket = await open(stranger);
    const current = nextEvent(socket, 'post:counts', (p) => p.postId === post.id);
    const leaked = record(socket, 'post:counts', (p) => p.postId === connectionsOnly.id);
    await watchPosts(socket, post.id, connectionsOnly.id);
    await expect(current).resolves.toMatchObject({ likesCount: 1, commentsCount: 0, weapon: 'epee' });

    const blockerSocket = await open(blocker);
    const blocked = record(blockerSocket, 'post:counts');
    await watchPosts(blockerSocket, post.id);
    await barrier(socket, blockerSocket);
    expect(leaked).toEqual([]);
    expect(blocked).toEqual([]);
  });

  it("stops a post's events once it is unwatched", async () => {
    const [author, fan] = [await makeUser(t), await makeUser(t)];
    const [post, sentinel] = [await makePost(author), await makePost(author)];
    const socket = await open(await makeUser(t));
    await watchThreads(socket, post.id, sentinel.id);
    const first = nextEvent(socket, 'post:counts', (p) => p.postId === post.id);
    await fan.client.post('/api/likes', { postId: post.id });
    await first;

    await emitHandled(socket, 'posts:unwatch', { postIds: [post.id] });
    await emitHandled(socket, 'comments:unwatch', { postIds: [post.id] });
    const afterUnwatch = eventsAbout(socket, post.id);
    await fan.client.post('/api/comments', { postId: post.id, content: 'Nobody is looking' });
    await likeAndAwait(fan, socket, sentinel);
    expect(afterUnwatch).toEqual([]);
  });

  it('ignores malformed posts:watch, comments:watch and their unwatch messages, and keeps the socket', async () => {
    const [author, fan] = [await makeUser(t), await makeUser(t)];
    const [post, sentinel] = [await makePost(author), await makePost(author)];
    const socket = await open(await makeUser(t));
    const leaked = eventsAbout(socket, post.id);
    const malformed: unknown[] = [
      undefined,
      null,
      42,
      'posts',
      [post.id],
      {},
      { postIds: post.id },
      { postIds: [] },
      { postIds: [post.id, 'not-a-uuid'] },
      { postIds: [post.id, 7] },
      { postIds: [post.id, { id: post.id }] },
      // One id too many: the whole message is ignored, the valid ids in it included.
      { postIds: [post.id, ...Array.from({ length: 50 }, () => randomUUID())] },
      // As large as a message may be: a long string where an id belongs.
      { postIds: [post.id, 'x'.repeat(3500)] },
    ];
    const emit = (
      event: 'posts:watch' | 'posts:unwatch' | 'comments:watch' | 'comments:unwatch',
      payload: unknown,
    ) => emitHandled(socket, event, payload as never);
    for (const payload of malformed) {
      await emit('posts:watch', payload);
      await emit('posts:unwatch', payload);
      await emit('comments:watch', payload);
      await emit('comments:unwatch', payload);
    }
    expect(socket.connected).toBe(true);

    await fan.client.post('/api/likes', { postId: post.id });
    await fan.client.post('/api/comments', { postId: post.id, content: 'Not for this socket' });
    await watchPosts(socket, sentinel.id);
    await likeAndAwait(fan, socket, sentinel);
    expect(leaked).toEqual([]);
  });

  it(`holds at most ${MAX_WATCHED_POSTS} post rooms per socket, leaving the ones watched longest ago`, async () => {
    const [author, fan] = [await makeUser(t), await makeUser(t)];
    const [oldest, newest] = [await makePost(author), await makePost(author)];
    const socket = await open(await makeUser(t));
    await watchPosts(socket, oldest.id);
    for (let sent = 0; sent < MAX_WATCHED_POSTS; sent += 50) {
      await watchPosts(socket, ...Array.from({ length: 50 }, () => randomUUID()));
    }
    await watchPosts(socket, newest.id);
    const dropped = eventsAbout(socket, oldest.id);

    await fan.client.post('/api/likes', { postId: oldest.id });
    await likeAndAwait(fan, socket, newest);
    expect(dropped).toEqual([]);
    expect(socket.connected).toBe(true);
  });
});

describeWithRedis('live feed across two instances', () => {
  const b = useTestApp();
  const socketOf = useSockets(t);

  it('a like on instance A updates a watcher of that post on instance B', async () => {
    const a = t;
    const author = await makeUser(a);
    const fan = await makeUser(a, { name: 'Remote Fan' });
    const viewer = await makeUser(a);
    const post = await makePost(author, { weapon: 'sabre' });
    const onB = await socketOf(viewer, { url: b.url, weapon: 'sabre', posts: [post.id] });
    const authorOnB = await socketOf(author, { url: b.url, weapon: 'epee' });
    const counts = nextEvent(onB, 'post:counts', (p) => p.postId === post.id);
    const notified = nextEvent(authorOnB, 'notification', (n) => n.postId === post.id);
    const like = await fan.client.post('/api/likes', { postId: post.id });
    expect(like.status).toBe(201);
    await expect(counts).resolves.toEqual({
      postId: post.id,
      likesCount: 1,
      dislikesCount: 0,
      commentsCount: 0,
      weapon: 'sabre',
    });
    await expect(notified).resolves.toMatchObject({ type: 'like', message: 'Remote Fan liked your post' });
    const created = nextEvent(onB, 'post:created', (p) => p.post.authorId === author.user.id);
    const second = await makePost(author, { weapon: 'sabre' });
    await expect(created).resolves.toMatchObject({ post: { id: second.id } });
  });
});
