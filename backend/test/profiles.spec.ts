import { DataSource } from 'typeorm';
import type { FeedPost, FencerProfile, RegisterPayload } from '@piste/contracts';
import { ApiClient, makePost, type TestUser, useTestApp } from './helpers';
import { insertUser } from './factories';

/** Every key of a JSON value, at any depth. */
function keysOf(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(keysOf);
  if (value && typeof value === 'object') {
    return Object.entries(value).flatMap(([key, inner]) => [key, ...keysOf(inner)]);
  }
  return [];
}

/** A fencer's public profile fields, as registered and as shown. */
const CLAIRE: Partial<RegisterPayload> = {
  name: 'Claire Dubois',
  title: 'Head Coach, Lyon Épée Club',
  bio: 'Distance is everything.',
  location: 'Lyon, France',
  weaponSpecialty: 'foil',
  role: 'coach',
  achievements: ['Regional champion 2019'],
};

describe('fencer profiles (/api/profiles/{username})', () => {
  const t = useTestApp();
  let db: DataSource;
  beforeAll(() => {
    db = t.app.get(DataSource);
  });

  const profileOf = (viewer: TestUser, username: string) =>
    viewer.client.get<FencerProfile>(`/api/profiles/${encodeURIComponent(username)}`);
  const postsOf = (viewer: TestUser, username: string, query = '') =>
    viewer.client.get<FeedPost[]>(`/api/profiles/${encodeURIComponent(username)}/posts${query}`);

  /** What `viewer` sees of `owner`'s connection state (and the request id, when pending). */
  async function standing(viewer: TestUser, owner: TestUser) {
    const res = await profileOf(viewer, owner.user.username);
    expect(res.status).toBe(200);
    return { connection: res.body.connection, requestId: res.body.requestId };
  }

  /** Sets a post's time, `minutes` before now (the record and the posts list are newest first). */
  async function backdate(post: FeedPost, minutes: number): Promise<string> {
    const time = new Date(Date.now() - minutes * 60_000).toISOString();
    await db.query(`UPDATE posts SET "createdAt" = $1 WHERE id = $2`, [time, post.id]);
    return time;
  }

  it('shows the public fields and never an email, to others and to yourself', async () => {
    const owner = await insertUser(t, CLAIRE);
    const viewer = await insertUser(t);
    await makePost(owner);

    for (const who of [viewer, owner]) {
      const res = await profileOf(who, owner.user.username);
      expect(res.status).toBe(200);
      expect(res.body.profile).toEqual({
        id: owner.user.id,
        username: owner.user.username,
        ...CLAIRE,
        avatar: null,
        postsCount: 1,
        createdAt: expect.any(String),
      });
      expect(keysOf(res.body)).not.toContain('email');
      expect(JSON.stringify(res.body)).not.toContain('@example.com');
      const posts = await postsOf(who, owner.user.username);
      expect(posts.status).toBe(200);
      expect(keysOf(posts.body)).not.toContain('email');
    }
  });

  it('finds the username in any case', async () => {
    const owner = await insertUser(t);
    const viewer = await insertUser(t);
    const res = await profileOf(viewer, owner.user.username.toUpperCase());
    expect(res.status).toBe(200);
    expect(res.body.profile).toMatchObject({ id: owner.user.id, username: owner.user.username });
    await expect(postsOf(viewer, owner.user.username.toUpperCase())).resolves.toMatchObject({ status: 200 });
  });

  it('answers 404 for an unknown username on both routes', async () => {
    const viewer = await insertUser(t);
    for (const res of [
      await profileOf(viewer, 'nobody_here_at_all'),
      await postsOf(viewer, 'nobody_here_at_all'),
    ]) {
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ message: 'User not found', code: 'users.not_found' });
    }
  });

  it('refuses what cannot be a username with a 400 or 404, never a 500', async () => {
    const viewer = await insertUser(t);
    await expect(profileOf(viewer, 'a\u0000b')).resolves.toMatchObject({
      status: 400,
      body: { message: 'Text must not contain NUL characters' },
    });
    await expect(postsOf(viewer, 'a\u0000b')).resolves.toMatchObject({ status: 400 });
    await expect(profileOf(viewer, 'x'.repeat(41))).resolves.toMatchObject({
      status: 400,
      body: { message: 'Invalid username' },
    });
    for (const odd of ["o'brien; drop table users", '%_%', 'ünïcödé', '...', 'a b']) {
      await expect(profileOf(viewer, odd)).resolves.toMatchObject({ status: 404 });
    }
    const malformed = await viewer.client.get('/api/profiles/%E0%A4%A');
    expect(malformed.status).toBeGreaterThanOrEqual(400);
    expect(malformed.status).toBeLessThan(500);
  });

  it('is for signed-in users only', async () => {
    const owner = await insertUser(t);
    const anonymous = new ApiClient(t.url);
    await expect(anonymous.get(`/api/profiles/${owner.user.username}`)).resolves.toMatchObject({
      status: 401,
    });
    await expect(anonymous.get(`/api/profiles/${owner.user.username}/posts`)).resolves.toMatchObject({
      status: 401,
    });
  });

  describe('connection state, from both sides', () => {
    it('is self on your own page', async () => {
      const owner = await insertUser(t);
      await expect(standing(owner, owner)).resolves.toEqual({ connection: 'self', requestId: undefined });
    });

    it('goes none → pending-sent / pending-received → connected', async () => {
      const alice = await insertUser(t);
      const bruno = await insertUser(t);
      await expect(standing(alice, bruno)).resolves.toEqual({ connection: 'none', requestId: undefined });
      await expect(standing(bruno, alice)).resolves.toEqual({ connection: 'none', requestId: undefined });

      const request = await alice.client.post<{ id: string }>('/api/friend-requests', {
        receiverId: bruno.user.id,
      });
      expect(request.status).toBe(201);
      await expect(standing(alice, bruno)).resolves.toEqual({
        connection: 'pending-sent',
        requestId: request.body.id,
      });
      await expect(standing(bruno, alice)).resolves.toEqual({
        connection: 'pending-received',
        requestId: request.body.id,
      });

      await bruno.client.put(`/api/friend-requests/${request.body.id}`, { status: 'accepted' });
      await expect(standing(alice, bruno)).resolves.toEqual({
        connection: 'connected',
        requestId: undefined,
      });
      await expect(standing(bruno, alice)).resolves.toEqual({
        connection: 'connected',
        requestId: undefined,
      });
    });

    it('is none again after a decline or a withdrawal', async () => {
      const alice = await insertUser(t);
      const bruno = await insertUser(t);
      const declined = await alice.client.post<{ id: string }>('/api/friend-requests', {
        receiverId: bruno.user.id,
      });
      await bruno.client.put(`/api/friend-requests/${declined.body.id}`, { status: 'declined' });
      await expect(standing(alice, bruno)).resolves.toMatchObject({ connection: 'none' });
      await expect(standing(bruno, alice)).resolves.toMatchObject({ connection: 'none' });

      const withdrawn = await bruno.client.post<{ id: string }>('/api/friend-requests', {
        receiverId: alice.user.id,
      });
      await expect(standing(alice, bruno)).resolves.toEqual({
        connection: 'pending-received',
        requestId: withdrawn.body.id,
      });
      await bruno.client.delete(`/api/friend-requests/${withdrawn.body.id}`);
      await expect(standing(alice, bruno)).resolves.toMatchObject({ connection: 'none' });
      await expect(standing(bruno, alice)).resolves.toMatchObject({ connection: 'none' });
    });
  });

  it('is a 404 on both routes across a block either way, until it is lifted', async () => {
    const alice = await insertUser(t);
    const bruno = await insertUser(t);
    await makePost(alice);
    await makePost(bruno);

    async function expectHidden(from: TestUser, other: TestUser) {
      for (const res of [
        await profileOf(from, other.user.username),
        await postsOf(from, other.user.username),
      ]) {
        expect(res.status).toBe(404);
        expect(res.body).toEqual({ message: 'User not found', code: 'users.not_found' });
      }
    }

    await alice.client.post('/api/block-user', { blockedId: bruno.user.id });
    await expectHidden(alice, bruno);
    await expectHidden(bruno, alice);

    await alice.client.post('/api/unblock-user', { blockedId: bruno.user.id });
    await expect(profileOf(bruno, alice.user.username)).resolves.toMatchObject({ status: 200 });
    await expect(postsOf(alice, bruno.user.username)).resolves.toMatchObject({ status: 200 });

    // The other direction: the blocked side's page is closed as well.
    await bruno.client.post('/api/block-user', { blockedId: alice.user.id });
    await expectHidden(alice, bruno);
    await expectHidden(bruno, alice);
  });

  it('builds the competition record from achievement posts, newest first, then the listed achievements', async () => {
    const owner = await insertUser(t, { achievements: ['Club champion 2021', '  '] });
    const viewer = await insertUser(t);
    const older = await makePost(owner, {
      type: 'achievement',
      content: 'Bronze at the regional circuit.',
      achievementDetails: {
        place: '3rd',
        competition: 'Regional Circuit #2',
        score: '14-15',
        competitors: 48,
      },
    });
    const newer = await makePost(owner, {
      type: 'achievement',
      content: 'First gold!',
      achievementDetails: { place: '1st', competition: 'Lyon Open', score: '15-12', competitors: 64 },
    });
    const bare = await makePost(owner, { type: 'achievement', content: 'Made my first final eight.' });
    await makePost(owner, { type: 'general', content: 'Training day' });
    const olderDate = await backdate(older, 60 * 24 * 30);
    const newerDate = await backdate(newer, 60 * 24 * 7);
    const bareDate = await backdate(bare, 60);

    const res = await profileOf(viewer, owner.user.username);
    expect(res.status).toBe(200);
    expect(res.body.record).toEqual([
      {
        postId: bare.id,
        competition: null,
        place: null,
        score: null,
        competitors: null,
        date: bareDate,
        summary: 'Made my first final eight.',
      },
      {
        postId: newer.id,
        competition: 'Lyon Open',
        place: '1st',
        score: '15-12',
        competitors: 64,
        date: newerDate,
        summary: 'First gold!',
      },
      {
        postId: older.id,
        competition: 'Regional Circuit #2',
        place: '3rd',
        score: '14-15',
        competitors: 48,
        date: olderDate,
        summary: 'Bronze at the regional circuit.',
      },
      {
        postId: null,
        competition: 'Club champion 2021',
        place: null,
        score: null,
        competitors: null,
        date: null,
        summary: null,
      },
    ]);

    // A post the viewer hid leaves their view of the record, not the owner's.
    await viewer.client.post('/api/hide-post', { postId: newer.id });
    const hidden = await profileOf(viewer, owner.user.username);
    expect(hidden.body.record.map((entry) => entry.postId)).toEqual([bare.id, older.id, null]);
    const own = await profileOf(owner, owner.user.username);
    expect(own.body.record.map((entry) => entry.postId)).toEqual([bare.id, newer.id, older.id, null]);
  });

  describe('posts', () => {
    it('pages newest first with before, ties broken by id, skipping posts the viewer hid', async () => {
      const owner = await insertUser(t);
      const viewer = await insertUser(t);
      const someoneElse = await insertUser(t);
      await makePost(someoneElse);
      const posts: FeedPost[] = [];
      for (let i = 0; i < 7; i++) posts.push(await makePost(owner, { content: `Post ${i}` }));
      // Two pairs share a time, so the id decides their order.
      const minutes = [70, 60, 60, 50, 40, 40, 30];
      const times = await Promise.all(posts.map((post, i) => backdate(post, minutes[i])));
      const expected = posts
        .map((post, i) => ({ id: post.id, time: times[i] }))
        .sort((a, b) => (a.time === b.time ? (a.id < b.id ? 1 : -1) : a.time < b.time ? 1 : -1))
        .map((p) => p.id);

      const seen: string[] = [];
      let before: string | undefined;
      for (;;) {
        const res = await postsOf(
          viewer,
          owner.user.username,
          `?limit=3${before ? `&before=${before}` : ''}`,
        );
        expect(res.status).toBe(200);
        expect(res.body.every((post) => post.authorId === owner.user.id)).toBe(true);
        seen.push(...res.body.map((post) => post.id));
        if (res.body.length < 3) break;
        before = res.body[res.body.length - 1].id;
      }
      expect(seen).toEqual(expected);

      const first = await postsOf(viewer, owner.user.username);
      expect(first.body).toHaveLength(7);
      expect(first.body[0]).toMatchObject({
        author: { id: owner.user.id, username: owner.user.username },
        isLiked: false,
        isDisliked: false,
      });

      // Hidden posts are skipped, and still work as a cursor.
      await viewer.client.post('/api/hide-post', { postId: expected[1] });
      const afterHiding = await postsOf(viewer, owner.user.username, '?limit=50');
      expect(afterHiding.body.map((post) => post.id)).toEqual(expected.filter((id) => id !== expected[1]));
      const fromHidden = await postsOf(viewer, owner.user.username, `?before=${expected[1]}`);
      expect(fromHidden.body.map((post) => post.id)).toEqual(expected.slice(2));
      const ownView = await postsOf(owner, owner.user.username, '?limit=50');
      expect(ownView.body.map((post) => post.id)).toEqual(expected);
    });

    it("says which reactions are the viewer's", async () => {
      const owner = await insertUser(t);
      const viewer = await insertUser(t);
      const post = await makePost(owner);
      await viewer.client.post('/api/likes', { postId: post.id });
      const res = await postsOf(viewer, owner.user.username);
      expect(res.body[0]).toMatchObject({ id: post.id, isLiked: true, likesCount: 1 });
    });

    it('refuses a cursor that is not one of this fencer’s posts, and bad limits', async () => {
      const owner = await insertUser(t);
      const other = await insertUser(t);
      await makePost(owner);
      const elsewhere = await makePost(other);
      const unknown = '00000000-0000-4000-8000-000000000000';
      for (const before of [unknown, elsewhere.id]) {
        await expect(postsOf(other, owner.user.username, `?before=${before}`)).resolves.toMatchObject({
          status: 400,
          body: { message: 'Unknown post in before' },
        });
      }
      await expect(postsOf(other, owner.user.username, '?before=not-a-uuid')).resolves.toMatchObject({
        status: 400,
        body: { message: 'Invalid id' },
      });
      for (const limit of ['0', '51', 'abc', '2.5']) {
        await expect(postsOf(other, owner.user.username, `?limit=${limit}`)).resolves.toMatchObject({
          status: 400,
        });
      }
    });

    it('is an empty page past the last post', async () => {
      const owner = await insertUser(t);
      const viewer = await insertUser(t);
      const only = await makePost(owner);
      await expect(postsOf(viewer, owner.user.username, `?before=${only.id}`)).resolves.toMatchObject({
        status: 200,
        body: [],
      });
    });
  });
});
