import type { FeedPost } from '@piste/contracts';
import { ApiError } from '../api/client';
import * as postsApi from '../api/posts';
import { feedPost } from '../test-support/posts';
import { usePostPageStore } from './post-page';
import { usePostsStore } from './posts';

jest.mock('../api/posts');
const api = jest.mocked(postsApi);
const store = () => usePostPageStore.getState();

beforeEach(() => {
  jest.resetAllMocks();
  store().reset();
  usePostsStore.getState().reset();
});

describe('post page store', () => {
  it('fetches the post into the posts store, for the post and the viewer asked for', async () => {
    api.fetchPost.mockResolvedValueOnce(feedPost('p1'));
    await store().open('p1', 'u-ana');
    expect(store().loaded).toEqual({ postId: 'p1', viewerId: 'u-ana' });
    expect(usePostsStore.getState().postsById.p1).toMatchObject({ id: 'p1' });
  });

  it('takes a post that is gone, or a malformed id, for a missing one; says why anything else failed', async () => {
    api.fetchPost.mockRejectedValueOnce(new ApiError('Post not found', 404));
    await store().open('p-gone', 'u-ana');
    expect(store().loaded).toMatchObject({ missing: true });
    api.fetchPost.mockRejectedValueOnce(new ApiError('Invalid id', 400));
    await store().open('nonsense', 'u-ana');
    expect(store().loaded).toMatchObject({ missing: true });
    api.fetchPost.mockRejectedValueOnce(new ApiError('Database unavailable', 503));
    await store().open('p1', 'u-ana');
    expect(store().loaded).toEqual({
      postId: 'p1',
      viewerId: 'u-ana',
      error: 'Database unavailable',
      missing: false,
    });
  });

  it('drops a slow reply for a post left meanwhile, or for a page no longer shown', async () => {
    let answer: (post: FeedPost) => void = () => undefined;
    api.fetchPost.mockReturnValueOnce(new Promise((resolve) => (answer = resolve)));
    const first = store().open('p1', 'u-ana');
    api.fetchPost.mockRejectedValueOnce(new ApiError('Post not found', 404));
    await store().open('p2', 'u-ana');
    answer(feedPost('p1'));
    await first;
    expect(store().loaded).toMatchObject({ postId: 'p2', missing: true });

    api.fetchPost.mockReturnValueOnce(new Promise((resolve) => (answer = resolve)));
    const left = store().open('p3', 'u-ana');
    store().reset();
    answer(feedPost('p3'));
    await left;
    expect(store().loaded).toBeNull();
  });
});
