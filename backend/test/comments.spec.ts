import { DataSource } from 'typeorm';
import type { FeedPost, PostComment } from '@piste/contracts';
import { makePost, type TestUser, useTestApp } from './helpers';
import { insertUser } from './factories';

describe('comments', () => {
  const t = useTestApp();

  let author: TestUser;
  let reader: TestUser;
  let post: FeedPost;
  beforeEach(async () => {
    author = await insertUser(t);
    reader = await insertUser(t);
    post = await makePost(author, { weapon: 'foil' });
  });

  const comment = (user: TestUser, body: Record<string, unknown>) =>
    user.client.post('/api/comments', { postId: post.id, ...body });
  const list = (user: TestUser, postId = post.id) =>
    user.client.get<PostComment[]>(`/api/comments?postId=${postId}`);

  it('adds a comment as the session user and counts it on the post', async () => {
    const res = await comment(reader, { content: '  Great drill!  ', authorId: reader.user.id });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      id: expect.any(String),
      postId: post.id,
      authorId: reader.user.id,
      parentId: null,
      content: 'Great drill!',
      likesCount: 0,
      isLiked: false,
      createdAt: expect.any(String),
      author: { id: reader.user.id, name: reader.user.name, username: reader.user.username, avatar: null },
      editedAt: null,
    });
    const fresh = await author.client.get<FeedPost>(`/api/posts/id/${post.id}`);
    expect(fresh.body.commentsCount).toBe(1);
  });

  it('shows the writer as their record stands, rating included, in the new comment and in the list', async () => {
    await t.app
      .get(DataSource)
      .query(`UPDATE users SET "ratingLabel" = 'A26', "avatar" = '/uploads/a.webp' WHERE "id" = $1`, [
        reader.user.id,
      ]);
    const res = await comment(reader, { content: 'Nice parry' });
    expect(res.status).toBe(201);
    const expected = {
      id: reader.user.id,
      name: reader.user.name,
      username: reader.user.username,
      avatar: '/uploads/a.webp',
      rating: 'A26',
    };
    expect((res.body as PostComment).author).toEqual(expected);
    expect((await list(author)).body[0].author).toEqual(expected);
  });

  it('refuses to comment as someone else (403) and leaves the count alone', async () => {
    const forged = await comment(reader, { content: 'Hi', authorId: author.user.id });
    expect(forged).toMatchObject({ status: 403, body: { message: 'You can only act as yourself' } });
    const own = await comment(author, { content: 'Hi', authorId: author.user.id });
    expect(own.status).toBe(201);
    const fresh = await author.client.get<FeedPost>(`/api/posts/id/${post.id}`);
    expect(fresh.body.commentsCount).toBe(1);
  });

  it('validates the comment', async () => {
    const cases: [Record<string, unknown>, number, string][] = [
      [{ content: '   ' }, 400, 'Comment cannot be empty'],
      [{}, 400, 'Comment cannot be empty'],
      [{ content: 'x'.repeat(2001) }, 400, 'Comments can be at most 2000 characters'],
      [{ content: 'Hi', postId: 'nope' }, 400, 'Invalid post id'],
      [{ content: 'Hi', postId: '00000000-0000-4000-8000-000000000000' }, 404, 'Post not found'],
      [{ content: 'Hi', parentId: 'nope' }, 400, 'Invalid comment id'],
    ];
    for (const [body, status, message] of cases) {
      const res = await comment(reader, body);
      expect({ body, status: res.status, message: res.body.message }).toEqual({ body, status, message });
    }
  });

  it('takes replies to a comment of the same post only', async () => {
    const parent = await comment(author, { content: 'Question?' });
    const reply = await comment(reader, { content: 'Answer', parentId: parent.body.id });
    expect(reply).toMatchObject({ status: 201, body: { parentId: parent.body.id } });

    const otherPost = await makePost(author);
    const elsewhere = await reader.client.post('/api/comments', {
      postId: otherPost.id,
      content: 'Wrong thread',
      parentId: parent.body.id,
    });
    expect(elsewhere).toMatchObject({
      status: 400,
      body: { message: 'You can only reply to a comment on the same post' },
    });
    const unknownParent = await comment(reader, {
      content: 'x',
      parentId: '00000000-0000-4000-8000-000000000000',
    });
    expect(unknownParent.status).toBe(400);
    const fresh = await author.client.get<FeedPost>(`/api/posts/id/${post.id}`);
    expect(fresh.body.commentsCount).toBe(2);
  });

  it('lists comments and replies oldest first, with authors, parents and likes', async () => {
    const first = await comment(author, { content: 'First' });
    const second = await comment(reader, { content: 'Second', parentId: first.body.id });
    const third = await comment(author, { content: 'Third' });
    await reader.client.post(`/api/comment-likes/${third.body.id}`);

    const seenByReader = await list(reader);
    expect(seenByReader.status).toBe(200);
    expect(seenByReader.body.map((c) => [c.content, c.parentId, c.likesCount, c.isLiked])).toEqual([
      ['First', null, 0, false],
      ['Second', first.body.id, 0, false],
      ['Third', null, 1, true],
    ]);
    expect(seenByReader.body[1].author).toMatchObject({ id: reader.user.id, name: reader.user.name });
    const seenByAuthor = await list(author);
    expect(seenByAuthor.body.map((c) => c.isLiked)).toEqual([false, false, false]);
    expect(second.status).toBe(201);
  });

  it('validates the list query', async () => {
    await expect(reader.client.get('/api/comments')).resolves.toMatchObject({
      status: 400,
      body: { message: 'Invalid post id' },
    });
    await expect(reader.client.get('/api/comments?postId=x')).resolves.toMatchObject({ status: 400 });
    await expect(list(reader, '00000000-0000-4000-8000-000000000000')).resolves.toMatchObject({
      status: 404,
    });
  });

  it('leaves out comments by users blocked either way, and refuses comments across a block', async () => {
    const troll = await insertUser(t);
    const blockedByReader = await comment(troll, { content: 'Troll comment' });
    expect(blockedByReader.status).toBe(201);
    await comment(author, { content: 'Author comment' });
    await t.app
      .get(DataSource)
      .query(`INSERT INTO blocked_users ("blockerId", "blockedId") VALUES ($1, $2)`, [
        reader.user.id,
        troll.user.id,
      ]);
    const seenByReader = await list(reader);
    expect(seenByReader.body.map((c) => c.content)).toEqual(['Author comment']);
    const seenByTroll = await list(troll);
    expect(seenByTroll.body.map((c) => c.content)).toEqual(['Troll comment', 'Author comment']);
    const likeAcross = await reader.client.post(`/api/comment-likes/${blockedByReader.body.id}`);
    expect(likeAcross.status).toBe(404);

    // Blocked by the post's author: the post and its comments are out of reach.
    await t.app
      .get(DataSource)
      .query(`INSERT INTO blocked_users ("blockerId", "blockedId") VALUES ($1, $2)`, [
        author.user.id,
        troll.user.id,
      ]);
    await expect(comment(troll, { content: 'Again' })).resolves.toMatchObject({ status: 404 });
    await expect(list(troll)).resolves.toMatchObject({ status: 404 });
  });

  describe('comment likes', () => {
    it('likes a comment once, and takes the like back once', async () => {
      const c = await comment(author, { content: 'Like me' });
      const like = await reader.client.post(`/api/comment-likes/${c.body.id}`);
      expect(like).toMatchObject({
        status: 201,
        body: { commentId: c.body.id, likesCount: 1, isLiked: true },
      });
      const again = await reader.client.post(`/api/comment-likes/${c.body.id}`);
      expect(again).toMatchObject({ status: 409, body: { message: 'Comment already liked' } });
      const author2 = await author.client.post(`/api/comment-likes/${c.body.id}`);
      expect(author2.body).toMatchObject({ likesCount: 2 });

      const unlike = await reader.client.delete(`/api/comment-likes/${c.body.id}`);
      expect(unlike).toMatchObject({
        status: 200,
        body: { commentId: c.body.id, likesCount: 1, isLiked: false },
      });
      const unlikeAgain = await reader.client.delete(`/api/comment-likes/${c.body.id}`);
      expect(unlikeAgain).toMatchObject({
        status: 404,
        body: { message: 'You have not liked this comment' },
      });
    });

    it('answers 404 for an unknown comment and 400 for a malformed id', async () => {
      const unknown = await reader.client.post('/api/comment-likes/00000000-0000-4000-8000-000000000000');
      expect(unknown).toMatchObject({ status: 404, body: { message: 'Comment not found' } });
      await expect(reader.client.delete('/api/comment-likes/nope')).resolves.toMatchObject({ status: 400 });
    });
  });

  it('deletes a post’s comments with the post', async () => {
    const c = await comment(reader, { content: 'Soon gone' });
    await author.client.delete(`/api/posts/${post.id}`);
    const rows: unknown[] = await t.app
      .get(DataSource)
      .query('SELECT 1 FROM comments WHERE id = $1', [c.body.id]);
    expect(rows).toHaveLength(0);
  });
});
