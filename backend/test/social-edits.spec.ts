import type {
  CommentHistory,
  FeedPost,
  PostComment,
  PostHistory,
  ServerNotification,
  TagPage,
  TrendingTags,
  UserSuggestion,
} from '@piste/contracts';
import {
  connectUsers,
  makePost,
  nextEvent,
  poll,
  storeBlock,
  uniqueName,
  useTestApp,
  type TestUser,
} from './helpers';
import { insertUser } from './factories';
import { barrier, record, useSockets, watchPosts, watchThreads } from './sockets';

const t = useTestApp();

async function notificationsOf(user: TestUser): Promise<ServerNotification[]> {
  const res = await user.client.get<{ notifications: ServerNotification[] }>('/api/notifications?limit=50');
  expect(res.status).toBe(200);
  return res.body.notifications;
}

const mentionsOf = async (user: TestUser) =>
  (await notificationsOf(user)).filter((n) => n.type === 'mention');

describe('editing a post', () => {
  const socketOf = useSockets(t);

  it('lets the author change the text and keeps the earlier versions, newest first', async () => {
    const author = await insertUser(t);
    const post = await makePost(author, { content: 'Lunge drils' });
    const first = await author.client.patch<FeedPost>(`/api/posts/${post.id}`, { content: 'Lunge drills' });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ id: post.id, content: 'Lunge drills', likesCount: 0 });
    expect(first.body.editedAt).toEqual(expect.any(String));
    await author.client.patch(`/api/posts/${post.id}`, { content: 'Lunge drills, 3 sets' });

    const history = await author.client.get<PostHistory>(`/api/posts/${post.id}/history`);
    expect(history.status).toBe(200);
    expect(history.body.versions.map((v) => v.content)).toEqual(['Lunge drills', 'Lunge drils']);
    expect(history.body.versions[1].writtenAt).toBe(post.createdAt);

    const reader = await insertUser(t);
    const seen = await reader.client.get<FeedPost>(`/api/posts/id/${post.id}`);
    expect(seen.body.content).toBe('Lunge drills, 3 sets');
    expect(
      (await reader.client.get<PostHistory>(`/api/posts/${post.id}/history`)).body.versions,
    ).toHaveLength(2);
  });

  it('refuses anyone but the author, and bad edits, with a clear error', async () => {
    const author = await insertUser(t);
    const other = await insertUser(t);
    const post = await makePost(author, { content: 'Mine' });
    const foreign = await other.client.patch(`/api/posts/${post.id}`, { content: 'Yours now' });
    expect(foreign.status).toBe(403);
    expect(foreign.body).toEqual({
      message: 'You can only edit your own posts',
      code: 'posts.not_your_post',
    });
    expect((await author.client.patch(`/api/posts/${post.id}`, { content: '  ' })).status).toBe(400);
    expect((await author.client.patch(`/api/posts/${post.id}`, {})).body).toEqual({
      message: 'Nothing to change',
      code: 'validation.invalid',
    });
    expect(
      (await author.client.patch(`/api/posts/${post.id}`, { drillDetails: { level: 'Beginner' } })).body,
    ).toEqual({ message: 'Drill details are only for drill posts', code: 'posts.drill_details_misplaced' });
    expect((await author.client.patch(`/api/posts/${post.id}`, { mediaAlt: 'A lunge' })).body).toEqual({
      message: 'Only an image has a description',
      code: 'posts.description_without_image',
    });
    expect(
      (await author.client.patch(`/api/posts/${post.id}`, { content: 'x', authorId: other.user.id })).status,
    ).toBe(400);
    expect(
      (await author.client.patch(`/api/posts/00000000-0000-4000-8000-000000000000`, { content: 'x' })).status,
    ).toBe(404);
    // Across a block the post is not there at all.
    await storeBlock(t, author, other);
    expect((await other.client.patch(`/api/posts/${post.id}`, { content: 'x' })).status).toBe(404);
    expect((await other.client.get(`/api/posts/${post.id}/history`)).status).toBe(404);
    expect((await author.client.get<FeedPost>(`/api/posts/id/${post.id}`)).body.content).toBe('Mine');
  });

  it("edits a drill's details, and an unchanged edit is no new version", async () => {
    const author = await insertUser(t);
    const post = await makePost(author, {
      type: 'drill',
      content: 'Parry 4 riposte',
      drillDetails: { level: 'Beginner', focus: 'parries' },
    });
    const edited = await author.client.patch<FeedPost>(`/api/posts/${post.id}`, {
      drillDetails: { level: 'Intermediate', focus: 'parries' },
    });
    expect(edited.body.drillDetails).toEqual({ level: 'Intermediate', focus: 'parries' });
    await author.client.patch(`/api/posts/${post.id}`, { content: 'Parry 4 riposte' });
    const history = await author.client.get<PostHistory>(`/api/posts/${post.id}/history`);
    expect(history.body.versions).toEqual([
      expect.objectContaining({
        content: 'Parry 4 riposte',
        drillDetails: { level: 'Beginner', focus: 'parries' },
      }),
    ]);
  });

  it("goes live to the post's watchers, but not across a block", async () => {
    const author = await insertUser(t);
    const post = await makePost(author, { content: 'Before' });
    const watcher = await socketOf(await insertUser(t));
    const blocked = await insertUser(t);
    const blockedSocket = await socketOf(blocked);
    await storeBlock(t, author, blocked);
    await watchPosts(watcher, post.id);
    await watchPosts(blockedSocket, post.id);
    const leaked = record(blockedSocket, 'post:updated');
    const updated = nextEvent(watcher, 'post:updated', (u) => u.postId === post.id);
    await author.client.patch(`/api/posts/${post.id}`, { content: 'After' });
    await expect(updated).resolves.toMatchObject({ postId: post.id, content: 'After', weapon: 'epee' });
    await barrier(blockedSocket);
    expect(leaked).toHaveLength(0);
  });

  it('is what search finds, and what notifications quote', async () => {
    const author = await insertUser(t);
    const fan = await insertUser(t);
    const word = uniqueName('zq').replace(/[^a-z0-9]/g, '');
    const post = await makePost(author, { content: 'An old text' });
    await fan.client.post('/api/likes', { postId: post.id });
    await author.client.patch(`/api/posts/${post.id}`, { content: `A new text ${word}` });
    const found = await fan.client.get<{ posts: FeedPost[] }>(`/api/search?q=${word}&type=posts`);
    expect(found.body.posts.map((p) => p.id)).toEqual([post.id]);
    const liked = (await notificationsOf(author)).find((n) => n.postId === post.id);
    expect(liked?.postContent).toBe(`A new text ${word}`);
  });
});

describe('editing a comment', () => {
  const socketOf = useSockets(t);

  it('lets its author change it, keeps the history and tells the watchers', async () => {
    const author = await insertUser(t);
    const commenter = await insertUser(t);
    const post = await makePost(author);
    const comment = (
      await commenter.client.post<PostComment>('/api/comments', { postId: post.id, content: 'Nise' })
    ).body;
    const watcher = await socketOf(author);
    await watchThreads(watcher, post.id);
    const updated = nextEvent(watcher, 'comment:updated', (u) => u.commentId === comment.id);

    expect((await author.client.patch(`/api/comments/${comment.id}`, { content: 'Mine now' })).status).toBe(
      403,
    );
    const edited = await commenter.client.patch<PostComment>(`/api/comments/${comment.id}`, {
      content: 'Nice',
    });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ id: comment.id, content: 'Nice', editedAt: expect.any(String) });
    await expect(updated).resolves.toMatchObject({ commentId: comment.id, postId: post.id, content: 'Nice' });

    const history = await author.client.get<CommentHistory>(`/api/comments/${comment.id}/history`);
    expect(history.body.versions).toEqual([{ content: 'Nise', writtenAt: comment.createdAt }]);
    const listed = await author.client.get<PostComment[]>(`/api/comments?postId=${post.id}`);
    expect(listed.body[0]).toMatchObject({ content: 'Nice', editedAt: edited.body.editedAt });
    expect((await commenter.client.patch(`/api/comments/${comment.id}`, { content: '' })).status).toBe(400);
  });
});

describe('mentions', () => {
  const socketOf = useSockets(t);

  it('notifies the fencer named, live and stored, once however often the post is edited', async () => {
    const author = await insertUser(t, { name: 'Ana Author' });
    const marcus = await insertUser(t);
    const socket = await socketOf(marcus);
    const live = nextEvent(socket, 'notification', (n) => n.type === 'mention');
    const post = await makePost(author, { content: `Great bout with @${marcus.user.username}!` });
    await expect(live).resolves.toMatchObject({
      type: 'mention',
      message: 'Ana Author mentioned you in a post',
      postId: post.id,
      user: { id: author.user.id },
    });
    await author.client.patch(`/api/posts/${post.id}`, {
      content: `Great bout with @${marcus.user.username}!!`,
    });
    await author.client.patch(`/api/posts/${post.id}`, { content: 'Great bout!' });
    await author.client.patch(`/api/posts/${post.id}`, { content: `Great bout, @${marcus.user.username}` });
    expect(await mentionsOf(marcus)).toHaveLength(1);
  });

  it('notifies a fencer an edit adds, and one named in a comment', async () => {
    const author = await insertUser(t);
    const added = await insertUser(t);
    const inComment = await insertUser(t, { name: 'Cara' });
    const post = await makePost(author, { content: 'Training tonight' });
    expect(await mentionsOf(added)).toHaveLength(0);
    await author.client.patch(`/api/posts/${post.id}`, {
      content: `Training tonight with @${added.user.username.toUpperCase()}.`,
    });
    expect(await mentionsOf(added)).toHaveLength(1);
    await added.client.post('/api/comments', {
      postId: post.id,
      content: `@${inComment.user.username} come too`,
    });
    const [notice] = await mentionsOf(inComment);
    expect(notice).toMatchObject({
      postId: post.id,
      message: expect.stringContaining('mentioned you in a comment'),
    });
  });

  it('tells no one across a block, no one who cannot see the post, nor the author themself', async () => {
    const author = await insertUser(t);
    const blocker = await insertUser(t);
    const stranger = await insertUser(t);
    const friend = await insertUser(t);
    await storeBlock(t, blocker, author);
    await connectUsers(t, author, friend);
    await makePost(author, {
      content: `@${blocker.user.username} @${stranger.user.username} @${friend.user.username} @${author.user.username} @nobody_here`,
      visibility: 'connections',
    });
    expect(await mentionsOf(blocker)).toHaveLength(0);
    expect(await mentionsOf(stranger)).toHaveLength(0);
    expect(await mentionsOf(author)).toHaveLength(0);
    expect(await mentionsOf(friend)).toHaveLength(1);
  });

  it('suggests fencers as one types, connections first, never across a block', async () => {
    const me = await insertUser(t);
    const stem = uniqueName('sg').replace(/[^a-z0-9]/g, '');
    const stranger = await insertUser(t, { username: `${stem}a_longer_name` });
    const friend = await insertUser(t, { username: `${stem}z_friend_with_long` });
    const blocked = await insertUser(t, { username: `${stem}b` });
    await connectUsers(t, me, friend);
    await storeBlock(t, blocked, me);
    const res = await me.client.get<UserSuggestion[]>(`/api/users/suggest?q=@${stem}`);
    expect(res.status).toBe(200);
    expect(res.body.map((u) => [u.username, u.connected])).toEqual([
      [friend.user.username, true],
      [stranger.user.username, false],
    ]);
    expect(res.body[0]).not.toHaveProperty('email');
    expect((await me.client.get(`/api/users/suggest?q=${'x'.repeat(41)}`)).status).toBe(400);
  });
});

describe('hashtags', () => {
  it('link posts by tag, case and accents folded, per weapon and keyset paged', async () => {
    const author = await insertUser(t);
    const tag = uniqueName('Épée').replace(/[^\p{L}\p{N}]/gu, '');
    const folded = tag
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase();
    const first = await makePost(author, { content: `Morning #${tag} session`, weapon: 'epee' });
    const second = await makePost(author, { content: `#${folded.toUpperCase()} again`, weapon: 'foil' });
    const third = await makePost(author, { content: `Evening #${folded}`, weapon: 'epee' });
    await makePost(author, { content: `No tag ${folded}` });

    const all = await author.client.get<TagPage>(`/api/tags/${encodeURIComponent(tag)}/posts`);
    expect(all.status).toBe(200);
    expect(all.body.tag).toBe(folded);
    expect(all.body.posts.map((p) => p.id)).toEqual([third.id, second.id, first.id]);

    const epee = await author.client.get<TagPage>(`/api/tags/${folded}/posts?weapon=epee&limit=1`);
    expect(epee.body.posts.map((p) => p.id)).toEqual([third.id]);
    const next = await author.client.get<TagPage>(
      `/api/tags/${folded}/posts?weapon=epee&limit=1&before=${epee.body.nextCursor}`,
    );
    expect(next.body.posts.map((p) => p.id)).toEqual([first.id]);
    expect(next.body.nextCursor).toBeNull();

    // An edit that drops the tag takes the post off the page.
    await author.client.patch(`/api/posts/${third.id}`, { content: 'Evening' });
    const after = await author.client.get<TagPage>(`/api/tags/${folded}/posts`);
    expect(after.body.posts.map((p) => p.id)).toEqual([second.id, first.id]);
    expect((await author.client.get('/api/tags/no%20spaces/posts')).status).toBe(400);
    expect((await author.client.get(`/api/tags/${folded}/posts?before=${third.id}`)).status).toBe(400);
  });

  it('trend over the last 7 days of public posts, most used first', async () => {
    const author = await insertUser(t);
    const other = await insertUser(t);
    const busy = uniqueName('busy').replace(/[^a-z0-9]/g, '');
    const quiet = uniqueName('quiet').replace(/[^a-z0-9]/g, '');
    const hidden = uniqueName('secret').replace(/[^a-z0-9]/g, '');
    for (let i = 0; i < 12; i++) await makePost(author, { content: `#${busy}`, weapon: 'sabre' });
    for (let i = 0; i < 6; i++) await makePost(other, { content: `#${quiet} #${busy}`, weapon: 'sabre' });
    for (let i = 0; i < 8; i++) {
      await makePost(other, { content: `#${hidden}`, weapon: 'sabre', visibility: 'connections' });
    }
    const trending = await author.client.get<TrendingTags>('/api/tags/trending?weapon=sabre');
    expect(trending.status).toBe(200);
    const tags = trending.body.tags.map((t) => t.tag);
    expect(tags.indexOf(busy)).toBeGreaterThanOrEqual(0);
    expect(tags.indexOf(busy)).toBeLessThan(tags.indexOf(quiet));
    expect(trending.body.tags.find((t) => t.tag === busy)?.postsCount).toBe(18);
    expect(tags).not.toContain(hidden);
    await poll(
      () => author.client.get<TrendingTags>('/api/tags/trending?weapon=epee'),
      (res) => !res.body.tags.some((t) => t.tag === busy),
    );
  });
});
