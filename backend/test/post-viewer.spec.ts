import type { PostViewer } from '@piste/contracts';
import { makePost, makeUser, nextEvent, useTestApp, type TestUser } from './helpers';
import { onlyReaction } from './reactions';
import { barrier, record, useSockets } from './sockets';

const t = useTestApp();

describe('post:viewer — the reacting user’s own tabs follow their likes and dislikes', () => {
  const socketOf = useSockets(t);
  /** A tab of `user`: a socket that watches no feed and no post, so only the user's own room reaches it. */
  const tab = (user: TestUser) => socketOf(user);

  it('tells every tab of the reacting user, and nobody else, what they now think of the post', async () => {
    const author = await makeUser(t);
    const fan = await makeUser(t);
    const post = await makePost(author);
    const [tabA, tabB, authorTab] = await Promise.all([tab(fan), tab(fan), tab(author)]);
    const authorSaw = record(authorTab, 'post:viewer');
    const forPost = (p: PostViewer) => p.postId === post.id;

    const likedA = nextEvent(tabA, 'post:viewer', forPost);
    const likedB = nextEvent(tabB, 'post:viewer', forPost);
    await expect(fan.client.post('/api/likes', { postId: post.id }).then((r) => r.status)).resolves.toBe(201);
    const liked: PostViewer = onlyReaction(post.id, 'like');
    await expect(likedA).resolves.toEqual(liked);
    await expect(likedB).resolves.toEqual(liked);

    // A dislike replaces the like, in one event.
    const disliked = nextEvent(tabB, 'post:viewer', (p) => forPost(p) && p.isDisliked);
    await fan.client.post('/api/dislikes', { postId: post.id });
    await expect(disliked).resolves.toEqual(onlyReaction(post.id, 'dislike'));

    // Taking it back leaves neither.
    const cleared = nextEvent(tabA, 'post:viewer', (p) => forPost(p) && !p.isDisliked);
    await fan.client.delete(`/api/dislikes/${fan.user.id}/${post.id}`);
    await expect(cleared).resolves.toEqual(onlyReaction(post.id, null));

    await barrier(authorTab);
    expect(authorSaw).toHaveLength(0);
  });

  it('sends nothing when the reaction did not change (a repeat like is a 409)', async () => {
    const author = await makeUser(t);
    const fan = await makeUser(t);
    const post = await makePost(author);
    await fan.client.post('/api/likes', { postId: post.id });
    const fanTab = await tab(fan);
    const seen = record(fanTab, 'post:viewer');
    const repeat = await fan.client.post<{ message: string }>('/api/likes', { postId: post.id });
    expect(repeat.status).toBe(409);
    expect(repeat.body.message).toBe('Post already liked');
    await barrier(fanTab);
    expect(seen).toHaveLength(0);
  });
});
