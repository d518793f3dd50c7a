import type { FeedPost } from '@piste/contracts';
import { DataSource } from 'typeorm';
import { PostsService } from '../src/posts/posts.service';
import { itRacing, makeAdmin, makePost, makeUser, uniqueName, useTestApp, type TestUser } from './helpers';
import { allowingSecondConnections } from './transaction-guard';
import { makeMp4, makePng, uploadFile } from './media-fixtures';

describe('posts', () => {
  const t = useTestApp({}, { ownDataDir: true });

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
        isSaved: false,
        visibility: 'public',
        mediaAlt: null,
        editedAt: null,
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
      expect(forged.body).toEqual({ message: 'You can only act as yourself', code: 'request.not_yourself' });
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
        const inside: unknown[] = await manager.query('SELECT 1 FROM posts WHERE id = $1', [deleted.id]);
        seen.push(`step ${deleted.content} by ${actorId}: inside ${inside.length}`);
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
      expect(seen).toEqual([`step Reported content by ${admin.user.id}: inside 0`, 'after commit: 0']);
      await expect(postsCountOf(author)).resolves.toBe(0);
    });

    // Another connection's view during the transaction: the embedded database would make it wait for the commit.
    itRacing('shows the deletion to other connections only once it commits', async () => {
      const author = await makeUser(t);
      const post = await makePost(author);
      const db = t.app.get(DataSource);
      const outside: number[] = [];
      const stop = t.app.get(PostsService).onPostDeletion(async (_manager, deleted) => {
        const rows: unknown[] = await allowingSecondConnections(() =>
          db.query('SELECT 1 FROM posts WHERE id = $1', [deleted.id]),
        );
        outside.push(rows.length);
        return undefined;
      });
      try {
        expect((await author.client.delete(`/api/posts/${post.id}`)).status).toBe(200);
      } finally {
        stop();
      }
      expect(outside).toEqual([1]);
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

  it('uses a unique name per run', () => {
    expect(uniqueName()).not.toEqual(uniqueName());
  });
});
