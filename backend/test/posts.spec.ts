import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DataSource } from 'typeorm';
import type { FeedPost } from '@piste/contracts';
import { PostsService } from '../src/posts/posts.service';
import {
  makeAdmin,
  makePost,
  makeUser,
  startTestApp,
  uniqueName,
  type TestApp,
  type TestUser,
} from './helpers';
import { makeMp4, makePng, uploadFile } from './media-fixtures';

describe('posts', () => {
  let t: TestApp;
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'piste-posts-'));
    t = await startTestApp({ DATA_DIR: dataDir });
  });
  afterAll(async () => {
    await t.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  async function block(blocker: TestUser, blocked: TestUser): Promise<void> {
    await t.app
      .get(DataSource)
      .query(`INSERT INTO blocked_users ("blockerId", "blockedId") VALUES ($1, $2)`, [
        blocker.user.id,
        blocked.user.id,
      ]);
  }

  async function postsCountOf(user: TestUser): Promise<number> {
    const res = await user.client.get('/api/current-user');
    return res.body.postsCount as number;
  }

  describe('creating', () => {
    it('creates a post as the session user, with the role from their record', async () => {
      const coach = await makeUser(t, { role: 'coach', title: 'Head coach' });
      const res = await coach.client.post<FeedPost>('/api/posts', {
        content: '  Footwork ladder before every bout  ',
        type: 'general',
        weapon: 'foil',
        authorRole: 'referee',
        likesCount: 99,
      });
      expect(res.status).toBe(201);
      expect(res.body).toEqual({
        id: expect.any(String),
        authorId: coach.user.id,
        content: 'Footwork ladder before every bout',
        type: 'general',
        weapon: 'foil',
        authorRole: 'coach',
        mediaUrl: null,
        mediaType: null,
        drillDetails: null,
        achievementDetails: null,
        likesCount: 0,
        dislikesCount: 0,
        commentsCount: 0,
        sharesCount: 0,
        savesCount: 0,
        createdAt: expect.any(String),
        author: {
          id: coach.user.id,
          name: coach.user.name,
          username: coach.user.username,
          avatar: null,
          title: 'Head coach',
        },
        isLiked: false,
        isDisliked: false,
      });
      await expect(postsCountOf(coach)).resolves.toBe(1);
    });

    it('accepts the own authorId and refuses anyone else’s with 403', async () => {
      const alice = await makeUser(t);
      const bob = await makeUser(t);
      const own = await alice.client.post('/api/posts', {
        content: 'Mine',
        weapon: 'epee',
        authorId: alice.user.id,
      });
      expect(own.status).toBe(201);
      const forged = await alice.client.post('/api/posts', {
        content: 'Not mine',
        weapon: 'epee',
        authorId: bob.user.id,
      });
      expect(forged.status).toBe(403);
      expect(forged.body).toEqual({ message: 'You can only act as yourself' });
      await expect(postsCountOf(bob)).resolves.toBe(0);
      await expect(postsCountOf(alice)).resolves.toBe(1);
    });

    it('validates content, type, weapon and details with the spec’s texts', async () => {
      const { client } = await makeUser(t);
      const cases: [unknown, string][] = [
        [{ content: '   ', weapon: 'epee' }, 'Please enter some content for your post.'],
        [{ weapon: 'epee' }, 'Please enter some content for your post.'],
        [{ content: 'x', weapon: 'rapier' }, 'Choose a weapon: epee, foil or sabre'],
        [{ content: 'x', weapon: 'epee', type: 'poll' }, 'Type must be general, drill or achievement'],
        [
          { content: 'x', weapon: 'epee', type: 'general', drillDetails: { duration: '10 min' } },
          'Drill details are only for drill posts',
        ],
        [
          { content: 'x', weapon: 'epee', type: 'drill', achievementDetails: { place: '1st' } },
          'Achievement details are only for achievement posts',
        ],
        [{ content: 'x', weapon: 'epee', mediaType: 'image' }, 'Media needs both a file and its type'],
        [
          { content: 'x', weapon: 'epee', mediaUrl: 'https://evil.example/x.png', mediaType: 'image' },
          'Media must be an uploaded file',
        ],
        [{ content: 'x'.repeat(5001), weapon: 'epee' }, 'Posts can be at most 5000 characters'],
      ];
      for (const [body, message] of cases) {
        const res = await client.post('/api/posts', body);
        expect({ body, status: res.status, message: res.body.message }).toEqual({
          body,
          status: 400,
          message,
        });
      }
    });

    it('keeps drill details only on drills and achievement details only on achievements', async () => {
      const author = await makeUser(t);
      const drill = await makePost(author, {
        type: 'drill',
        drillDetails: { duration: '20 minutes', level: 'Beginner', equipment: '', focus: 'Distance' },
      });
      expect(drill.drillDetails).toEqual({ duration: '20 minutes', level: 'Beginner', focus: 'Distance' });
      expect(drill.achievementDetails).toBeNull();
      const win = await makePost(author, {
        type: 'achievement',
        achievementDetails: { place: '1st', score: '15-9', competition: 'Regional Open', competitors: 64 },
      });
      expect(win.achievementDetails).toEqual({
        place: '1st',
        score: '15-9',
        competition: 'Regional Open',
        competitors: 64,
      });
      expect(win.drillDetails).toBeNull();
      const fetched = await author.client.get<FeedPost>(`/api/posts/id/${win.id}`);
      expect(fetched.body.achievementDetails).toEqual(win.achievementDetails);
    });
  });

  describe('media', () => {
    it('accepts an image or a video the author uploaded for a post', async () => {
      const author = await makeUser(t);
      const image = await uploadFile(author.client, makePng(), 'image/png');
      const withImage = await makePost(author, { mediaUrl: image.objectPath, mediaType: 'image' });
      expect(withImage).toMatchObject({ mediaUrl: image.objectPath, mediaType: 'image' });
      const video = await uploadFile(author.client, makeMp4(), 'video/mp4');
      const withVideo = await makePost(author, { mediaUrl: video.objectPath, mediaType: 'video' });
      expect(withVideo).toMatchObject({ mediaUrl: video.objectPath, mediaType: 'video' });
    });

    it('refuses media that is someone else’s, an avatar, not uploaded yet, or of another kind', async () => {
      const author = await makeUser(t);
      const other = await makeUser(t);
      const theirs = await uploadFile(other.client, makePng(), 'image/png');
      const avatar = await uploadFile(author.client, makePng(), 'image/png', 'avatar');
      const pending = await author.client.post('/api/objects/upload', {
        contentType: 'image/png',
        purpose: 'post',
      });
      const image = await uploadFile(author.client, makePng(), 'image/png');
      const cases: [string, string, string][] = [
        [theirs.objectPath, 'image', 'Media must be a file you uploaded'],
        [avatar.objectPath, 'image', 'Media must be a file you uploaded'],
        [pending.body.objectPath, 'image', 'Media must be a file you uploaded'],
        ['/objects/post/0123456789abcdef0123456789abcdef', 'image', 'Media must be a file you uploaded'],
        [image.objectPath, 'video', 'The uploaded file is an image'],
      ];
      for (const [mediaUrl, mediaType, message] of cases) {
        const res = await author.client.post('/api/posts', {
          content: 'x',
          weapon: 'epee',
          mediaUrl,
          mediaType,
        });
        expect({ mediaUrl, status: res.status, message: res.body.message }).toEqual({
          mediaUrl,
          status: 400,
          message,
        });
      }
      // The owner may use their own upload.
      const theirPost = await other.client.post('/api/posts', {
        content: 'x',
        weapon: 'epee',
        mediaUrl: theirs.objectPath,
        mediaType: 'image',
      });
      expect(theirPost.status).toBe(201);
    });
  });

  describe('the feed', () => {
    it('lists a weapon newest first, with paging and the author', async () => {
      const weapon = 'sabre';
      const author = await makeUser(t, { name: 'Sabre Sam', weaponSpecialty: 'sabre' });
      const viewer = await makeUser(t);
      const created: FeedPost[] = [];
      for (let i = 0; i < 5; i++)
        created.push(await makePost(author, { weapon, content: `Sabre post ${i}` }));
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
      const author = await makeUser(t);
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
      const { client } = await makeUser(t);
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
      const author = await makeUser(t);
      const fan = await makeUser(t);
      const critic = await makeUser(t);
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
      const author = await makeUser(t);
      const hider = await makeUser(t);
      const other = await makeUser(t);
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
      const { client } = await makeUser(t);
      const unknown = await client.post('/api/hide-post', { postId: '00000000-0000-4000-8000-000000000000' });
      expect(unknown).toMatchObject({ status: 404, body: { message: 'Post not found' } });
      const malformed = await client.post('/api/hide-post', { postId: 'nope' });
      expect(malformed).toMatchObject({ status: 400, body: { message: 'Invalid post id' } });
    });

    it('leaves out posts between users who blocked each other, either way', async () => {
      const author = await makeUser(t);
      const blocker = await makeUser(t);
      const blockedByAuthor = await makeUser(t);
      const bystander = await makeUser(t);
      const post = await makePost(author, { weapon: 'sabre' });
      await block(blocker, author);
      await block(author, blockedByAuthor);
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

  describe('one post', () => {
    it('returns a post by id, 404 for an unknown one, 400 for a malformed id', async () => {
      const author = await makeUser(t);
      const post = await makePost(author);
      const res = await author.client.get<FeedPost>(`/api/posts/id/${post.id}`);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ id: post.id, authorId: author.user.id });
      const unknown = await author.client.get('/api/posts/id/00000000-0000-4000-8000-000000000000');
      expect(unknown).toMatchObject({ status: 404, body: { message: 'Post not found' } });
      const malformed = await author.client.get('/api/posts/id/not-a-uuid');
      expect(malformed).toMatchObject({ status: 400, body: { message: 'Invalid id' } });
    });
  });

  describe('deleting', () => {
    it('lets the author delete their post and counts it down; others get 403', async () => {
      const author = await makeUser(t);
      const other = await makeUser(t);
      const post = await makePost(author);
      await expect(postsCountOf(author)).resolves.toBe(1);

      const forbidden = await other.client.delete(`/api/posts/${post.id}`);
      expect(forbidden).toMatchObject({
        status: 403,
        body: { message: 'You can only delete your own posts' },
      });
      await expect(author.client.get(`/api/posts/id/${post.id}`)).resolves.toMatchObject({ status: 200 });

      const res = await author.client.delete(`/api/posts/${post.id}`);
      expect(res).toMatchObject({ status: 200, body: { postId: post.id, deleted: true } });
      await expect(author.client.get(`/api/posts/id/${post.id}`)).resolves.toMatchObject({ status: 404 });
      await expect(postsCountOf(author)).resolves.toBe(0);
      await expect(author.client.delete(`/api/posts/${post.id}`)).resolves.toMatchObject({ status: 404 });
    });

    it('lets an admin delete anyone’s post, with the deletion steps inside its transaction', async () => {
      const author = await makeUser(t);
      const admin = await makeAdmin(t);
      const post = await makePost(author, { content: 'Reported content' });
      const db = t.app.get(DataSource);
      const seen: string[] = [];
      const stop = t.app.get(PostsService).onPostDeletion(async (manager, deleted, actorId) => {
        // Inside the transaction: gone for it, still there for everyone else until the commit.
        const inside: unknown[] = await manager.query('SELECT 1 FROM posts WHERE id = $1', [deleted.id]);
        const outside: unknown[] = await db.query('SELECT 1 FROM posts WHERE id = $1', [deleted.id]);
        seen.push(
          `step ${deleted.content} by ${actorId}: inside ${inside.length}, outside ${outside.length}`,
        );
        return async () => {
          const after: unknown[] = await db.query('SELECT 1 FROM posts WHERE id = $1', [deleted.id]);
          seen.push(`after commit: ${after.length}`);
        };
      });
      try {
        const res = await admin.client.delete(`/api/posts/${post.id}`);
        expect(res.status).toBe(200);
      } finally {
        stop();
      }
      expect(seen).toEqual([
        `step Reported content by ${admin.user.id}: inside 0, outside 1`,
        'after commit: 0',
      ]);
      await expect(postsCountOf(author)).resolves.toBe(0);
    });

    it('keeps the post when a deletion step fails: the deletion and its effects commit together', async () => {
      const author = await makeUser(t);
      const post = await makePost(author);
      const stop = t.app.get(PostsService).onPostDeletion(() => Promise.reject(new Error('step failed')));
      try {
        expect((await author.client.delete(`/api/posts/${post.id}`)).status).toBe(500);
      } finally {
        stop();
      }
      await expect(author.client.get(`/api/posts/id/${post.id}`)).resolves.toMatchObject({ status: 200 });
      await expect(postsCountOf(author)).resolves.toBe(1);
      expect((await author.client.delete(`/api/posts/${post.id}`)).status).toBe(200);
    });
  });

  describe('likes and dislikes', () => {
    let author: TestUser;
    let fan: TestUser;
    let post: FeedPost;
    beforeEach(async () => {
      author = await makeUser(t);
      fan = await makeUser(t);
      post = await makePost(author);
    });

    it('likes once; a repeat is 409 Post already liked', async () => {
      const like = await fan.client.post('/api/likes', { userId: fan.user.id, postId: post.id });
      expect(like.status).toBe(201);
      expect(like.body).toEqual({
        postId: post.id,
        likesCount: 1,
        dislikesCount: 0,
        isLiked: true,
        isDisliked: false,
      });
      const again = await fan.client.post('/api/likes', { postId: post.id });
      expect(again).toMatchObject({ status: 409, body: { message: 'Post already liked' } });
      const dislike = await fan.client.post('/api/dislikes', { postId: post.id });
      expect(dislike.status).toBe(201);
      const dislikeAgain = await fan.client.post('/api/dislikes', { postId: post.id });
      expect(dislikeAgain).toMatchObject({ status: 409, body: { message: 'Post already disliked' } });
    });

    it('makes like and dislike exclusive: each clears the other in one step', async () => {
      await fan.client.post('/api/likes', { postId: post.id });
      const dislike = await fan.client.post('/api/dislikes', { postId: post.id });
      expect(dislike.body).toEqual({
        postId: post.id,
        likesCount: 0,
        dislikesCount: 1,
        isLiked: false,
        isDisliked: true,
      });
      const like = await fan.client.post('/api/likes', { postId: post.id });
      expect(like.body).toEqual({
        postId: post.id,
        likesCount: 1,
        dislikesCount: 0,
        isLiked: true,
        isDisliked: false,
      });
      const rows: { likes: string; dislikes: string }[] = await t.app
        .get(DataSource)
        .query(
          `SELECT (SELECT count(*) FROM likes WHERE "postId" = $1) AS likes, (SELECT count(*) FROM dislikes WHERE "postId" = $1) AS dislikes`,
          [post.id],
        );
      expect(rows[0]).toEqual({ likes: '1', dislikes: '0' });
    });

    it('takes a like or dislike back; 404 when there is none', async () => {
      await fan.client.post('/api/likes', { postId: post.id });
      const unlike = await fan.client.delete(`/api/likes/${fan.user.id}/${post.id}`);
      expect(unlike.status).toBe(200);
      expect(unlike.body).toEqual({
        postId: post.id,
        likesCount: 0,
        dislikesCount: 0,
        isLiked: false,
        isDisliked: false,
      });
      const again = await fan.client.delete(`/api/likes/${fan.user.id}/${post.id}`);
      expect(again).toMatchObject({ status: 404, body: { message: 'You have not liked this post' } });

      await fan.client.post('/api/dislikes', { postId: post.id });
      const undislike = await fan.client.delete(`/api/dislikes/${fan.user.id}/${post.id}`);
      expect(undislike.body).toMatchObject({ dislikesCount: 0, isDisliked: false });
      const none = await fan.client.delete(`/api/dislikes/${fan.user.id}/${post.id}`);
      expect(none).toMatchObject({ status: 404, body: { message: 'You have not disliked this post' } });
    });

    it('only lets a user react as themselves (403 for another userId, in the body or the path)', async () => {
      const cases = [
        () => fan.client.post('/api/likes', { userId: author.user.id, postId: post.id }),
        () => fan.client.post('/api/dislikes', { userId: author.user.id, postId: post.id }),
      ];
      for (const call of cases) await expect(call()).resolves.toMatchObject({ status: 403 });
      await author.client.post('/api/likes', { postId: post.id });
      const removeOthers = await fan.client.delete(`/api/likes/${author.user.id}/${post.id}`);
      expect(removeOthers.status).toBe(403);
      const removeOthersDislike = await fan.client.delete(`/api/dislikes/${author.user.id}/${post.id}`);
      expect(removeOthersDislike.status).toBe(403);
      // The like stays; its owner can take it back.
      const own = await author.client.delete(`/api/likes/${author.user.id}/${post.id}`);
      expect(own).toMatchObject({ status: 200, body: { likesCount: 0 } });
    });

    it('answers 404 for an unknown post and 400 for a malformed one', async () => {
      const unknown = await fan.client.post('/api/likes', { postId: '00000000-0000-4000-8000-000000000000' });
      expect(unknown).toMatchObject({ status: 404, body: { message: 'Post not found' } });
      const malformed = await fan.client.post('/api/dislikes', { postId: 'x' });
      expect(malformed).toMatchObject({ status: 400, body: { message: 'Invalid post id' } });
      const malformedPath = await fan.client.delete(`/api/likes/${fan.user.id}/x`);
      expect(malformedPath.status).toBe(400);
    });

    it('counts exactly under concurrent reactions', async () => {
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
      const counted: { likes: string; dislikes: string }[] = await t.app
        .get(DataSource)
        .query(
          `SELECT (SELECT count(*) FROM likes WHERE "postId" = $1) AS likes, (SELECT count(*) FROM dislikes WHERE "postId" = $1) AS dislikes`,
          [post.id],
        );
      const fresh = await author.client.get<FeedPost>(`/api/posts/id/${post.id}`);
      expect(fresh.body.likesCount).toBe(Number(counted[0].likes));
      expect(fresh.body.dislikesCount).toBe(Number(counted[0].dislikes));
      expect(fresh.body.likesCount + fresh.body.dislikesCount).toBe(8);
    });
  });

  it('uses a unique name per run', () => {
    expect(uniqueName()).not.toEqual(uniqueName());
  });
});
