import { ApiError } from '../api/client';
import * as profilesApi from '../api/profiles';
import { notify } from '../lib/toast';
import { feedPost } from '../test-support/posts';
import { useFencerPostsStore } from './fencer-posts';
import { usePostsStore } from './posts';

jest.mock('../api/profiles');
jest.mock('../lib/toast', () =>
  jest
    .requireActual<typeof import('../test-support/live-socket-mock')>('../test-support/live-socket-mock')
    .toastModule(),
);

const api = jest.mocked(profilesApi);
const toast = jest.mocked(notify);
const page = (from: number, count: number) =>
  Array.from({ length: count }, (_, i) => feedPost(`p${from + i}`));
const fencer = () => useFencerPostsStore.getState();

beforeEach(() => {
  jest.clearAllMocks();
  usePostsStore.getState().reset();
});

describe('fencer posts store', () => {
  it('pages after the oldest post still shown, keeping the posts for every view', async () => {
    api.fetchFencerPosts.mockResolvedValueOnce(page(0, 10));
    await fencer().open('claire');
    expect(api.fetchFencerPosts).toHaveBeenCalledWith('claire');
    expect(fencer()).toMatchObject({ status: 'ready', hasMore: true });
    expect(usePostsStore.getState().postsById.p3).toMatchObject({ id: 'p3' });

    usePostsStore.getState().drop('p9');
    api.fetchFencerPosts.mockResolvedValueOnce(page(10, 2));
    await fencer().loadMore();
    expect(api.fetchFencerPosts).toHaveBeenLastCalledWith('claire', 'p8');
    expect(fencer().postIds.slice(-3)).toEqual(['p9', 'p10', 'p11']);
    expect(fencer().hasMore).toBe(false);
  });

  it('drops a reply for the fencer shown before', async () => {
    let answer: (posts: ReturnType<typeof page>) => void = () => undefined;
    api.fetchFencerPosts.mockReturnValueOnce(new Promise((resolve) => (answer = resolve)));
    const first = fencer().open('claire');
    api.fetchFencerPosts.mockResolvedValueOnce(page(20, 1));
    await fencer().open('ben');
    answer(page(0, 3));
    await first;
    expect(fencer()).toMatchObject({ username: 'ben', postIds: ['p20'] });
  });

  it("says 'Failed to fetch posts' when a page fails, but not for a fencer who is not found", async () => {
    api.fetchFencerPosts.mockRejectedValueOnce(new ApiError('Profile not found', 404));
    await fencer().open('nobody');
    expect(fencer().status).toBe('error');
    expect(toast.error).not.toHaveBeenCalled();

    api.fetchFencerPosts.mockRejectedValueOnce(new ApiError('boom', 500));
    await fencer().reload();
    expect(toast.error).toHaveBeenCalledWith('Failed to fetch posts');
  });
});
