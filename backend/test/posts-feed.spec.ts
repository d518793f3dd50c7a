import { DataSource } from 'typeorm';
import type { FeedPost } from '@piste/contracts';
import { makePost, storeBlock, useTestApp, type TestUser } from './helpers';
import { insertUser } from './factories';

describe('posts: the feed', () => {
  const t = useTestApp();

  it('lists a weapon newest first, with paging and the author', async () => {
    const weapon = 'sabre';
    const author = await insertUser(t, { name: 'Sabre Sam', weaponSpecialty: 'sabre' });
    const viewer = await insertUser(t);
    const created: FeedPost[] = [];
    for (let i = 0; i < 5; i++) created.push(await makePost(author, { weapon, content: `Sabre post ${i}` }));
    await makePost(author, { weapon: 'foil', content: 'A foil post' });

    const first = await viewer.client.get<FeedPost[]>(`/api/posts/${weapon}?limit=3&offset=0`);
    expect(first.status).toBe(200);
    expect(first.body.every((p) => p.weapon === weapon)).toBe(true);
    const ids = first.body.map((p) => p.id);
    expect(ids).toEqual([created[4].id, created[3].id, created[2].id]);
    expect(first.body[0].author).toMatchObject({ id: author.user.id, name: 'Sabre Sam' });

    const second = await viewer.client.get<FeedPost[]>(`/api/posts/${weapon}?limit=3&offset=3`);
    expect(second.body.slice(0, 2).map((p) => p.id)).toEqual([created[1].id, created[0].id]);
    // Default page size is the spec's 10.
    const defaults = await viewer.client.get<FeedPost[]>(`/api/posts/${weapon}`);
    expect(defaults.body.length).toBeLessThanOrEqual(10);
  });

  it('orders posts with the same time by id, so pages never overlap', async () => {
    const author = await insertUser(t);
    const weapon = 'foil';
    const posts = await Promise.all(
      [0, 1, 2, 3].map((i) => makePost(author, { weapon, content: `Tie ${i}` })),
    );
    const db = t.app.get(DataSource);
    await db.query(`UPDATE posts SET "createdAt" = '2030-01-01T00:00:00Z' WHERE id = ANY($1::uuid[])`, [
      posts.map((p) => p.id),
    ]);
    const page1 = await author.client.get<FeedPost[]>(`/api/posts/${weapon}?limit=2&offset=0`);
    const page2 = await author.client.get<FeedPost[]>(`/api/posts/${weapon}?limit=2&offset=2`);
    const seen = [...page1.body, ...page2.body].map((p) => p.id);
    expect([...seen].sort()).toEqual(posts.map((p) => p.id).sort());
    expect(seen).toEqual([...seen].sort().reverse());
    await db.query(`DELETE FROM posts WHERE id = ANY($1::uuid[])`, [posts.map((p) => p.id)]);
  });

  it('validates the weapon and the paging', async () => {
    const { client } = await insertUser(t);
    const cases: [string, number, string | undefined][] = [
      ['/api/posts/rapier', 400, 'Weapon must be epee, foil or sabre'],
      ['/api/posts/epee?limit=51', 400, undefined],
      ['/api/posts/epee?limit=0', 400, undefined],
      ['/api/posts/epee?offset=-1', 400, undefined],
      ['/api/posts/epee?limit=abc', 400, undefined],
      ['/api/posts/epee?limit=50', 200, undefined],
    ];
    for (const [path, status, message] of cases) {
      const res = await client.get(path);
      expect({ path, status: res.status }).toEqual({ path, status });
      if (message) expect(res.body.message).toBe(message);
    }
  });

  it('marks what the viewer liked or disliked, per viewer', async () => {
    const author = await insertUser(t);
    const fan = await insertUser(t);
    const critic = await insertUser(t);
    const post = await makePost(author, { weapon: 'epee' });
    await fan.client.post('/api/likes', { postId: post.id });
    await critic.client.post('/api/dislikes', { postId: post.id });
    const find = async (u: TestUser) => (await u.client.get<FeedPost>(`/api/posts/id/${post.id}`)).body;
    await expect(find(fan)).resolves.toMatchObject({
      isLiked: true,
      isDisliked: false,
      likesCount: 1,
      dislikesCount: 1,
    });
    await expect(find(critic)).resolves.toMatchObject({ isLiked: false, isDisliked: true });
    await expect(find(author)).resolves.toMatchObject({ isLiked: false, isDisliked: false });
    const feed = await fan.client.get<FeedPost[]>('/api/posts/epee?limit=50');
    expect(feed.body.find((p) => p.id === post.id)).toMatchObject({ isLiked: true, isDisliked: false });
  });

  it('hides a post from the viewer only, idempotently', async () => {
    const author = await insertUser(t);
    const hider = await insertUser(t);
    const other = await insertUser(t);
    const post = await makePost(author, { weapon: 'epee' });
    const hide = await hider.client.post('/api/hide-post', { postId: post.id });
    expect(hide.status).toBe(200);
    expect(hide.body).toEqual({ postId: post.id, hidden: true });
    await expect(hider.client.post('/api/hide-post', { postId: post.id })).resolves.toMatchObject({
      status: 200,
    });
    const hiderFeed = await hider.client.get<FeedPost[]>('/api/posts/epee?limit=50');
    expect(hiderFeed.body.map((p) => p.id)).not.toContain(post.id);
    const otherFeed = await other.client.get<FeedPost[]>('/api/posts/epee?limit=50');
    expect(otherFeed.body.map((p) => p.id)).toContain(post.id);
  });

  it('refuses to hide an unknown post or a malformed id', async () => {
    const { client } = await insertUser(t);
    const unknown = await client.post('/api/hide-post', { postId: '00000000-0000-4000-8000-000000000000' });
    expect(unknown).toMatchObject({ status: 404, body: { message: 'Post not found' } });
    const malformed = await client.post('/api/hide-post', { postId: 'nope' });
    expect(malformed).toMatchObject({ status: 400, body: { message: 'Invalid post id' } });
  });

  it('leaves out posts between users who blocked each other, either way', async () => {
    const author = await insertUser(t);
    const blocker = await insertUser(t);
    const blockedByAuthor = await insertUser(t);
    const bystander = await insertUser(t);
    const post = await makePost(author, { weapon: 'sabre' });
    await storeBlock(t, blocker, author);
    await storeBlock(t, author, blockedByAuthor);
    for (const viewer of [blocker, blockedByAuthor]) {
      const feed = await viewer.client.get<FeedPost[]>('/api/posts/sabre?limit=50');
      expect(feed.body.map((p) => p.id)).not.toContain(post.id);
      const single = await viewer.client.get(`/api/posts/id/${post.id}`);
      expect(single.status).toBe(404);
      const like = await viewer.client.post('/api/likes', { postId: post.id });
      expect(like.status).toBe(404);
    }
    const feed = await bystander.client.get<FeedPost[]>('/api/posts/sabre?limit=50');
    expect(feed.body.map((p) => p.id)).toContain(post.id);
  });
});
