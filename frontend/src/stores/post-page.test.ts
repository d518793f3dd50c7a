import type { FeedPost } from '@piste/contracts';
import { ApiError } from '../api/client';
import * as postsApi from '../api/posts';
import { feedPost } from '../test-support/posts';
import { usePostPageStore } from './post-page';
import { usePostsStore } from './posts';
import { heldReply } from '../test-support/held-reply';

const store = () => usePostPageStore.getState();
jest.mock('../api/posts');
const api = jest.mocked(postsApi);

beforeEach(() => {
  jest.resetAllMocks();
  store().reset();
});

describe('post page store', () => {
  it.each([
    ['a post that is gone', new ApiError('Post not found', 404), { missing: true }],
    ['a malformed id', new ApiError('Invalid id', 400), { missing: true }],
    [
      'a failure',
      new ApiError('Database unavailable', 503),
      { missing: false, error: 'Database unavailable' },
    ],
  ])('tells %s by its answer', async (_what, failure, outcome) => {
    api.fetchPost.mockRejectedValueOnce(failure);
    await store().open('p1', 'u-ana');
    expect(store().loaded).toEqual({
      postId: 'p1',
      viewerId: 'u-ana',
      error: expect.any(String),
      ...outcome,
    });
  });

  it('fetches the post into the posts store, for the post and the viewer asked for', async () => {
    api.fetchPost.mockResolvedValueOnce(feedPost('p1'));
    await store().open('p1', 'u-ana');
    expect(store().loaded).toEqual({ postId: 'p1', viewerId: 'u-ana' });
    expect(usePostsStore.getState().postsById.p1).toMatchObject({ id: 'p1' });
  });

  it('drops a slow reply for a post left meanwhile, or for a page no longer shown', async () => {
    const slow = heldReply<FeedPost>();
    api.fetchPost.mockReturnValueOnce(slow.promise);
    const first = store().open('p1', 'u-ana');
    api.fetchPost.mockRejectedValueOnce(new ApiError('Post not found', 404));
    await store().open('p2', 'u-ana');
    slow.give(feedPost('p1'));
    await first;
    expect(store().loaded).toMatchObject({ postId: 'p2', missing: true });

    const held = heldReply<FeedPost>();
    api.fetchPost.mockReturnValueOnce(held.promise);
    const left = store().open('p3', 'u-ana');
    store().reset();
    held.give(feedPost('p3'));
    await left;
    expect(store().loaded).toBeNull();
  });
});
