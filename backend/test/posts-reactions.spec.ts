import type { FeedPost } from '@piste/contracts';
import { makePost, makeUser, useTestApp, type TestUser } from './helpers';
import { onlyReaction, storedReactions } from './reactions';

describe('posts: likes and dislikes', () => {
  const t = useTestApp();

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
    expect(like.body).toEqual(onlyReaction(post.id, 'like'));
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
    expect(dislike.body).toEqual(onlyReaction(post.id, 'dislike'));
    const like = await fan.client.post('/api/likes', { postId: post.id });
    expect(like.body).toEqual(onlyReaction(post.id, 'like'));
    await expect(storedReactions(t, post.id)).resolves.toEqual({ likes: 1, dislikes: 0 });
  });

  it('takes a like or dislike back; 404 when there is none', async () => {
    await fan.client.post('/api/likes', { postId: post.id });
    const unlike = await fan.client.delete(`/api/likes/${fan.user.id}/${post.id}`);
    expect(unlike.status).toBe(200);
    expect(unlike.body).toEqual(onlyReaction(post.id, null));
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
});
