import { DataSource } from 'typeorm';
import type { FeedPost, PostComment, PostPage, SaveReply, SearchReply, TagPage } from '@piste/contracts';
import { makePng, uploadFile } from './media-fixtures';
import { connectUsers, makePost, nextEvent, uniqueName, useTestApp, type TestUser } from './helpers';
import { insertUser } from './factories';
import { barrier, record, useSockets, watchPosts, watchThreads } from './sockets';

const t = useTestApp();

const word = (prefix: string) => uniqueName(prefix).replace(/[^a-z0-9]/g, '');
const idsOf = (posts: FeedPost[]) => posts.map((p) => p.id);

/** Whether the post is in the viewer's feed: pages back until it, or older posts, come (other tests post too). */
async function inFeed(viewer: TestUser, post: FeedPost): Promise<boolean> {
  let before = '';
  for (;;) {
    const page = (await viewer.client.get<FeedPost[]>(`/api/posts/${post.weapon}?limit=50${before}`)).body;
    if (page.some((p) => p.id === post.id)) return true;
    const last = page[page.length - 1];
    if (!last || last.createdAt < post.createdAt) return false;
    before = `&before=${last.id}`;
  }
}

/** Every list a post can appear in, as `viewer` reads it. */
async function listsSeenBy(viewer: TestUser, post: FeedPost, marker: string, author: TestUser) {
  const profile = await viewer.client.get<FeedPost[]>(`/api/profiles/${author.user.username}/posts`);
  const search = await viewer.client.get<SearchReply>(`/api/search?q=${marker}&type=posts`);
  const tag = await viewer.client.get<TagPage>(`/api/tags/${marker}/posts`);
  const drills = await viewer.client.get<PostPage>(`/api/drills?q=${marker}`);
  return {
    feed: await inFeed(viewer, post),
    profile: idsOf(profile.body).includes(post.id),
    search: idsOf(search.body.posts).includes(post.id),
    tag: idsOf(tag.body.posts).includes(post.id),
    drills: idsOf(drills.body.posts).includes(post.id),
  };
}

const EVERYWHERE = { feed: true, profile: true, search: true, tag: true, drills: true };
const NOWHERE = { feed: false, profile: false, search: false, tag: false, drills: false };

describe('who sees a post', () => {
  const socketOf = useSockets(t);

  it('shows a connections-only post to the author and their connections only, on every route', async () => {
    const author = await insertUser(t);
    const friend = await insertUser(t);
    const stranger = await insertUser(t);
    await connectUsers(t, author, friend);
    const marker = word('vis');
    const post = await makePost(author, {
      type: 'drill',
      content: `Secret drill #${marker}`,
      visibility: 'connections',
    });
    expect(post.visibility).toBe('connections');

    await expect(listsSeenBy(author, post, marker, author)).resolves.toEqual(EVERYWHERE);
    await expect(listsSeenBy(friend, post, marker, author)).resolves.toEqual(EVERYWHERE);
    await expect(listsSeenBy(stranger, post, marker, author)).resolves.toEqual(NOWHERE);

    for (const [method, path, body] of [
      ['GET', `/api/posts/id/${post.id}`],
      ['GET', `/api/posts/${post.id}/history`],
      ['GET', `/api/comments?postId=${post.id}`],
      ['POST', '/api/likes', { postId: post.id }],
      ['POST', '/api/dislikes', { postId: post.id }],
      ['POST', '/api/comments', { postId: post.id, content: 'Hi' }],
      ['POST', '/api/saves', { postId: post.id }],
      ['POST', '/api/hide-post', { postId: post.id }],
    ] as const) {
      const res = await stranger.client.request(method, path, body);
      expect([path, res.status]).toEqual([path, 404]);
    }
    expect((await friend.client.post('/api/likes', { postId: post.id })).status).toBe(201);

    // Not even how many there are.
    const countFor = async (viewer: TestUser) =>
      (await viewer.client.get<{ profile: { postsCount: number } }>(`/api/profiles/${author.user.username}`))
        .body.profile.postsCount;
    await expect(countFor(author)).resolves.toBe(1);
    await expect(countFor(friend)).resolves.toBe(1);
    await expect(countFor(stranger)).resolves.toBe(0);
  });

  it('stops showing it once the connection ends', async () => {
    const author = await insertUser(t);
    const friend = await insertUser(t);
    await connectUsers(t, author, friend);
    const post = await makePost(author, { visibility: 'connections' });
    await friend.client.post('/api/saves', { postId: post.id });
    expect((await friend.client.get(`/api/posts/id/${post.id}`)).status).toBe(200);
    expect((await friend.client.delete(`/api/friends/${author.user.id}`)).status).toBe(204);
    expect((await friend.client.get(`/api/posts/id/${post.id}`)).status).toBe(404);
    expect(idsOf((await friend.client.get<PostPage>('/api/saves')).body.posts)).not.toContain(post.id);
    // Not even taking the save back tells them its count.
    const unsave = await friend.client.delete(`/api/saves/${post.id}`);
    expect([unsave.status, unsave.body]).toEqual([
      404,
      { message: 'Post not found', code: 'posts.not_found' },
    ]);
  });

  it('sends its live events to connections only, whatever rooms a stranger joined', async () => {
    const author = await insertUser(t);
    const friend = await insertUser(t);
    const stranger = await insertUser(t);
    await connectUsers(t, author, friend);
    const friendSocket = await socketOf(friend, { weapon: 'foil' });
    const strangerSocket = await socketOf(stranger, { weapon: 'foil' });
    const leaked = [
      record(strangerSocket, 'post:created'),
      record(strangerSocket, 'post:counts'),
      record(strangerSocket, 'comment:created'),
      record(strangerSocket, 'post:updated'),
      record(strangerSocket, 'comment:updated'),
    ];
    const created = nextEvent(friendSocket, 'post:created', (p) => p.post.authorId === author.user.id);
    const post = await makePost(author, { weapon: 'foil', visibility: 'connections' });
    await expect(created).resolves.toMatchObject({ post: { id: post.id, visibility: 'connections' } });
    await watchThreads(strangerSocket, post.id);
    await watchThreads(friendSocket, post.id);

    const counts = nextEvent(friendSocket, 'post:counts', (c) => c.postId === post.id);
    await friend.client.post('/api/likes', { postId: post.id });
    await expect(counts).resolves.toMatchObject({ likesCount: 1 });
    const commented = nextEvent(friendSocket, 'comment:created', (c) => c.comment.postId === post.id);
    const comment = (
      await friend.client.post<PostComment>('/api/comments', { postId: post.id, content: 'Yes' })
    ).body;
    await commented;
    const edited = nextEvent(friendSocket, 'comment:updated', (c) => c.commentId === comment.id);
    await friend.client.patch(`/api/comments/${comment.id}`, { content: 'Yes!' });
    await edited;
    const updated = nextEvent(friendSocket, 'post:updated', (u) => u.postId === post.id);
    await author.client.patch(`/api/posts/${post.id}`, { content: 'Changed' });
    await updated;
    await barrier(strangerSocket);
    expect(leaked.flat()).toEqual([]);
  });

  it('is connections-only by default for youth fencers, public for others, and refuses anything else', async () => {
    const youth = await insertUser(t, { role: 'youth' });
    const adult = await insertUser(t, { role: 'adult' });
    expect((await makePost(youth)).visibility).toBe('connections');
    expect((await makePost(youth, { visibility: 'public' })).visibility).toBe('public');
    expect((await makePost(adult)).visibility).toBe('public');
    const bad = await adult.client.post('/api/posts', {
      content: 'x',
      weapon: 'epee',
      visibility: 'friends',
    });
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({
      message: 'Visibility must be public, connections or club',
      code: 'validation.invalid',
    });
  });
});

describe('saves', () => {
  const socketOf = useSockets(t);

  it('keeps the count exact, tells each viewer whether they saved it, and lists saves newest first', async () => {
    const author = await insertUser(t);
    const coach = await insertUser(t);
    const other = await insertUser(t);
    const first = await makePost(author);
    const second = await makePost(author);
    const watcher = await socketOf(author);
    await watchPosts(watcher, first.id);
    const live = nextEvent(watcher, 'post:counts', (c) => c.postId === first.id);

    const saved = await coach.client.post<SaveReply>('/api/saves', { postId: first.id });
    expect(saved.status).toBe(201);
    expect(saved.body).toEqual({ postId: first.id, savesCount: 1, isSaved: true });
    await expect(live).resolves.toMatchObject({ postId: first.id, savesCount: 1 });
    const again = await coach.client.post('/api/saves', { postId: first.id });
    expect([again.status, again.body]).toEqual([
      409,
      { message: 'Post already saved', code: 'library.already_saved' },
    ]);
    await other.client.post('/api/saves', { postId: first.id });
    await coach.client.post('/api/saves', { postId: second.id });

    expect((await coach.client.get<FeedPost>(`/api/posts/id/${first.id}`)).body).toMatchObject({
      savesCount: 2,
      isSaved: true,
    });
    expect((await author.client.get<FeedPost>(`/api/posts/id/${first.id}`)).body.isSaved).toBe(false);

    const list = await coach.client.get<PostPage>('/api/saves?limit=1');
    expect(idsOf(list.body.posts)).toEqual([second.id]);
    const rest = await coach.client.get<PostPage>(`/api/saves?limit=1&before=${list.body.nextCursor}`);
    expect(idsOf(rest.body.posts)).toEqual([first.id]);
    expect(rest.body.nextCursor).toBeNull();

    const unsaved = await coach.client.delete<SaveReply>(`/api/saves/${first.id}`);
    expect(unsaved.body).toEqual({ postId: first.id, savesCount: 1, isSaved: false });
    const twice = await coach.client.delete(`/api/saves/${first.id}`);
    expect([twice.status, twice.body]).toEqual([
      404,
      { message: 'You have not saved this post', code: 'library.not_saved' },
    ]);
    const recount = await t.app
      .get(DataSource)
      .query(
        `SELECT "savesCount", (SELECT count(*)::int FROM saves WHERE "postId" = $1) AS n FROM posts WHERE id = $1`,
        [first.id],
      );
    expect(recount[0].savesCount).toBe(recount[0].n);
    expect((await coach.client.get(`/api/saves?before=${first.id}`)).status).toBe(400);
  });
});

describe('the drill library', () => {
  it('filters drills by weapon, level, focus, equipment and text, newest or most saved first', async () => {
    const coach = await insertUser(t);
    const fans = await Promise.all([insertUser(t), insertUser(t)]);
    const marker = word('drl');
    const a = await makePost(coach, {
      type: 'drill',
      weapon: 'foil',
      content: `Parry ladder ${marker}`,
      drillDetails: { level: 'Débutant', focus: 'Parries and ripostes', equipment: 'Wall target, mask' },
    });
    const b = await makePost(coach, {
      type: 'drill',
      weapon: 'foil',
      content: `Advance lunge ${marker}`,
      drillDetails: { level: 'Advanced', focus: 'Footwork', equipment: 'Cones' },
    });
    const c = await makePost(coach, {
      type: 'drill',
      weapon: 'sabre',
      content: `Sabre cuts ${marker}`,
      drillDetails: { level: 'debutant', focus: 'Cuts' },
    });
    await makePost(coach, { type: 'general', weapon: 'foil', content: `Not a drill ${marker}` });
    for (const fan of fans) await fan.client.post('/api/saves', { postId: b.id });
    await fans[0].client.post('/api/saves', { postId: c.id });

    const drills = async (query: string) =>
      idsOf((await coach.client.get<PostPage>(`/api/drills?q=${marker}&${query}`)).body.posts);
    expect(await drills('')).toEqual([c.id, b.id, a.id]);
    expect(await drills('weapon=foil')).toEqual([b.id, a.id]);
    expect(await drills('level=DEBUTANT')).toEqual([c.id, a.id]);
    expect(await drills('focus=ripost')).toEqual([a.id]);
    expect(await drills('equipment=wall%20target')).toEqual([a.id]);
    expect(await drills('equipment=100%25')).toEqual([]);
    expect(await drills('sort=saved')).toEqual([b.id, c.id, a.id]);
    const page = await coach.client.get<PostPage>(`/api/drills?q=${marker}&sort=saved&limit=1`);
    const next = await coach.client.get<PostPage>(
      `/api/drills?q=${marker}&sort=saved&limit=2&before=${page.body.nextCursor}`,
    );
    expect(idsOf(next.body.posts)).toEqual([c.id, a.id]);
    expect((await coach.client.get('/api/drills?sort=best')).status).toBe(400);
    expect((await coach.client.get('/api/drills?weapon=rapier')).status).toBe(400);
  });
});

describe('mutes', () => {
  const socketOf = useSockets(t);

  it("takes a muted fencer's posts and notifications off my screens; they notice nothing and can still message me", async () => {
    const me = await insertUser(t);
    const loud = await insertUser(t);
    await connectUsers(t, me, loud);
    const marker = word('mute');
    const post = await makePost(loud, { type: 'drill', content: `Loud #${marker}` });
    const mine = await makePost(me, { content: `Mine ${marker}` });
    expect((await me.client.post('/api/mutes', { userId: loud.user.id })).status).toBe(201);
    expect((await me.client.post('/api/mutes', { userId: loud.user.id })).status).toBe(201);
    expect((await me.client.post('/api/mutes', { userId: me.user.id })).status).toBe(400);

    const seen = await listsSeenBy(me, post, marker, loud);
    expect(seen).toEqual({ feed: false, profile: true, search: false, tag: false, drills: false });
    await loud.client.post('/api/likes', { postId: mine.id });
    await loud.client.post('/api/comments', { postId: mine.id, content: 'Hey' });
    const notes = await me.client.get<{ notifications: { type: string }[] }>('/api/notifications');
    // Only the acceptance from before the mute.
    expect(notes.body.notifications.map((n) => n.type)).toEqual(['follow']);
    const sent = await loud.client.post('/api/messages', { receiverId: me.user.id, content: 'Still here' });
    expect(sent.status).toBe(201);
    const after = await me.client.get<{ notifications: { type: string }[] }>('/api/notifications');
    expect(after.body.notifications.map((n) => n.type)).toEqual(['message', 'follow']);
    // The muted side sees nothing different.
    expect((await loud.client.get<FeedPost>(`/api/posts/id/${mine.id}`)).status).toBe(200);

    const list = await me.client.get<{ username: string }[]>('/api/mutes');
    expect(list.body.map((u) => u.username)).toEqual([loud.user.username]);
    expect((await loud.client.get<unknown[]>('/api/mutes')).body).toEqual([]);
    expect((await me.client.delete(`/api/mutes/${loud.user.id}`)).status).toBe(200);
    expect((await me.client.delete(`/api/mutes/${loud.user.id}`)).status).toBe(404);
    await expect(listsSeenBy(me, post, marker, loud)).resolves.toEqual(EVERYWHERE);
  });

  it('hides posts with a muted word, accents and case aside, until it expires', async () => {
    const me = await insertUser(t);
    const author = await insertUser(t);
    const marker = word('mw');
    const post = await makePost(author, { type: 'drill', content: `Bad référé call #${marker}` });
    const kept = await me.client.put<{ word: string; expiresAt: string | null }[]>(
      '/api/account/muted-words',
      [
        { word: 'REFERE' },
        { word: 'referé' },
        { word: 'spoiler', expiresAt: new Date(Date.now() + 3_600_000).toISOString() },
      ],
    );
    expect(kept.status).toBe(200);
    expect(kept.body.map((w) => w.word)).toEqual(['referé', 'spoiler']);
    await expect(listsSeenBy(me, post, marker, author)).resolves.toEqual({ ...NOWHERE, profile: true });
    await expect(listsSeenBy(author, post, marker, author)).resolves.toEqual(EVERYWHERE);

    const past = await me.client.put('/api/account/muted-words', [
      { word: 'referee', expiresAt: new Date(Date.now() - 1000).toISOString() },
    ]);
    expect(past.status).toBe(400);
    for (const bad of [[{ word: '' }], [{ word: '!!!' }], [{ word: 'x'.repeat(101) }], { word: 'x' }]) {
      expect((await me.client.put('/api/account/muted-words', bad)).status).toBe(400);
    }
    await t.app
      .get(DataSource)
      .query(`UPDATE muted_words SET "expiresAt" = now() - interval '1 second' WHERE "userId" = $1`, [
        me.user.id,
      ]);
    expect((await me.client.get('/api/account/muted-words')).body).toEqual([]);
    await expect(listsSeenBy(me, post, marker, author)).resolves.toEqual(EVERYWHERE);
  });

  it('keeps a new post from reaching the live feed of those who muted its author', async () => {
    const me = await insertUser(t);
    const loud = await insertUser(t);
    await me.client.post('/api/mutes', { userId: loud.user.id });
    const mine = await socketOf(me, { weapon: 'sabre' });
    const other = await socketOf(await insertUser(t), { weapon: 'sabre' });
    const leaked = record(mine, 'post:created');
    const seen = nextEvent(other, 'post:created', (p) => p.post.authorId === loud.user.id);
    await makePost(loud, { weapon: 'sabre' });
    await seen;
    await barrier(mine);
    expect(leaked).toHaveLength(0);
  });
});

describe('image descriptions', () => {
  it('are kept with an image post, edited by its author, and refused on other posts', async () => {
    const author = await insertUser(t);
    const image = await uploadFile(author.client, makePng(), 'image/png');
    const post = await makePost(author, {
      content: 'Salute',
      mediaUrl: image.objectPath,
      mediaType: 'image',
      mediaAlt: 'Two fencers saluting on the piste',
    });
    expect(post.mediaAlt).toBe('Two fencers saluting on the piste');
    const edited = await author.client.patch<FeedPost>(`/api/posts/${post.id}`, {
      mediaAlt: 'Two épée fencers saluting',
    });
    expect(edited.body.mediaAlt).toBe('Two épée fencers saluting');
    const tooLong = await author.client.patch(`/api/posts/${post.id}`, { mediaAlt: 'x'.repeat(1501) });
    expect(tooLong.status).toBe(400);
    const noImage = await author.client.post('/api/posts', {
      content: 'x',
      weapon: 'epee',
      mediaAlt: 'Nothing',
    });
    expect([noImage.status, noImage.body]).toEqual([
      400,
      { message: 'Only an image has a description', code: 'validation.invalid' },
    ]);
  });
});
