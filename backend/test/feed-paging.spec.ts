import { DataSource } from 'typeorm';
import type { FeedPost, Weapon } from '@piste/contracts';
import { makePost, startTestApp, type TestApp, type TestUser } from './helpers';
import { insertUser } from './factories';

/**
 * Keyset paging of the feed (`before={postId}`): pages follow (createdAt DESC, id DESC) from the cursor, with
 * the same visibility rules as offset paging. The posts here get times far in the future, unique to this run,
 * so they sit on top of the shared feed whatever else the database holds.
 */
describe('feed paging with before', () => {
  let t: TestApp;
  let db: DataSource;
  /** A run-unique hour far ahead: the newest posts of the feed are this suite's. */
  const top = new Date(Date.UTC(2100, 0, 1) + Math.floor(Math.random() * 1e6) * 3_600_000);
  const at = (secondsBefore: number) => new Date(top.getTime() - secondsBefore * 1000).toISOString();

  beforeAll(async () => {
    t = await startTestApp();
    db = t.app.get(DataSource);
  });
  afterAll(async () => {
    await db.query(`DELETE FROM posts WHERE "createdAt" > $1`, [at(3600)]);
    await t.close();
  });

  /** Creates posts and sets their times (seconds before the top); several share a time, so ids break ties. */
  async function postsAt(author: TestUser, weapon: Weapon, times: number[]): Promise<FeedPost[]> {
    const posts: FeedPost[] = [];
    for (const seconds of times) {
      const post = await makePost(author, { weapon, content: `At -${seconds}s` });
      await db.query(`UPDATE posts SET "createdAt" = $1 WHERE id = $2`, [at(seconds), post.id]);
      posts.push({ ...post, createdAt: at(seconds) });
    }
    return posts;
  }

  /** The feed's order: newest first, then the larger id first (uuids compare like their lowercase text). */
  function feedOrder(posts: FeedPost[]): string[] {
    return [...posts]
      .sort((a, b) =>
        a.createdAt === b.createdAt ? (a.id < b.id ? 1 : -1) : a.createdAt < b.createdAt ? 1 : -1,
      )
      .map((p) => p.id);
  }

  /** Walks the feed with `before` until `count` posts have been seen (or the feed ends). */
  async function walk(viewer: TestUser, weapon: Weapon, limit: number, count: number): Promise<string[]> {
    const seen: string[] = [];
    let before: string | undefined;
    for (;;) {
      const query = before ? `limit=${limit}&before=${before}` : `limit=${limit}`;
      const res = await viewer.client.get<FeedPost[]>(`/api/posts/${weapon}?${query}`);
      expect(res.status).toBe(200);
      seen.push(...res.body.map((p) => p.id));
      if (res.body.length < limit || seen.length >= count) return seen.slice(0, count);
      before = res.body[res.body.length - 1].id;
    }
  }

  it('walks the feed page by page in order, ties broken by id, without overlap or gap', async () => {
    const author = await insertUser(t);
    const viewer = await insertUser(t);
    const posts = await postsAt(author, 'foil', [0, 0, 0, 1, 1, 2, 5, 5]);
    const expected = feedOrder(posts);
    for (const limit of [1, 2, 3, 50]) {
      const seen = await walk(viewer, 'foil', limit, posts.length);
      expect({ limit, seen }).toEqual({ limit, seen: expected });
    }
    // The same pages as offset paging gives.
    const byOffset: string[] = [];
    for (let offset = 0; offset < posts.length; offset += 3) {
      const res = await viewer.client.get<FeedPost[]>(`/api/posts/foil?limit=3&offset=${offset}`);
      byOffset.push(...res.body.map((p) => p.id));
    }
    expect(byOffset.slice(0, posts.length)).toEqual(expected);
  });

  it('answers only posts older than the cursor', async () => {
    const author = await insertUser(t);
    const [post] = await postsAt(author, 'sabre', [3000]);
    const res = await author.client.get<FeedPost[]>(`/api/posts/sabre?limit=50&before=${post.id}`);
    expect(res.status).toBe(200);
    expect(res.body.map((p) => p.id)).not.toContain(post.id);
    expect(res.body.every((p) => p.createdAt < post.createdAt || p.id < post.id)).toBe(true);
  });

  it('leaves out hidden posts and posts across a block, as offset paging does', async () => {
    const author = await insertUser(t);
    const blocked = await insertUser(t);
    const viewer = await insertUser(t);
    const visible = await postsAt(author, 'epee', [10, 10, 11, 12]);
    const [hidden] = await postsAt(author, 'epee', [10]);
    const [acrossBlock] = await postsAt(blocked, 'epee', [11]);
    await viewer.client.post('/api/hide-post', { postId: hidden.id });
    await db.query(`INSERT INTO blocked_users ("blockerId", "blockedId") VALUES ($1, $2)`, [
      blocked.user.id,
      viewer.user.id,
    ]);
    const seen = await walk(viewer, 'epee', 2, visible.length);
    expect(seen).toEqual(feedOrder(visible));

    // A post the viewer hid still marks a place in the feed; one across a block is no cursor at all.
    const afterHidden = await viewer.client.get<FeedPost[]>(`/api/posts/epee?limit=50&before=${hidden.id}`);
    expect(afterHidden.status).toBe(200);
    const acrossBlockCursor = await viewer.client.get(`/api/posts/epee?before=${acrossBlock.id}`);
    expect(acrossBlockCursor).toMatchObject({ status: 400, body: { message: 'Unknown post in before' } });
  });

  it('refuses before with offset, a malformed id, an unknown post and a post of another weapon', async () => {
    const author = await insertUser(t);
    const [foilPost] = await postsAt(author, 'foil', [20]);
    const cases: [string, string][] = [
      [`/api/posts/foil?before=${foilPost.id}&offset=0`, 'Use either before or offset, not both'],
      [`/api/posts/foil?before=${foilPost.id}&offset=10`, 'Use either before or offset, not both'],
      ['/api/posts/foil?before=nope', 'Invalid id'],
      ['/api/posts/foil?before=00000000-0000-4000-8000-000000000000', 'Unknown post in before'],
      [`/api/posts/sabre?before=${foilPost.id}`, 'Unknown post in before'],
    ];
    for (const [path, message] of cases) {
      const res = await author.client.get(path);
      expect({ path, status: res.status, message: res.body.message }).toEqual({ path, status: 400, message });
    }
  });

  it('keeps offset paging as it was', async () => {
    const author = await insertUser(t);
    const posts = await postsAt(author, 'sabre', [30, 31, 32]);
    const expected = feedOrder(posts);
    const first = await author.client.get<FeedPost[]>('/api/posts/sabre?limit=2&offset=0');
    const second = await author.client.get<FeedPost[]>('/api/posts/sabre?limit=2&offset=2');
    expect([...first.body, ...second.body].map((p) => p.id).slice(0, 3)).toEqual(expected);
    const defaults = await author.client.get<FeedPost[]>('/api/posts/sabre');
    expect(defaults.status).toBe(200);
    expect(defaults.body.length).toBeLessThanOrEqual(10);
  });
});
