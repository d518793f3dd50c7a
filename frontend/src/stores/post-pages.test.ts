import type { PostPage } from '@piste/contracts';
import * as socialApi from '../api/social';
import { notify } from '../lib/toast';
import { feedPost } from '../test-support/posts';
import { useDrillsStore } from './drills';
import { usePostsStore } from './posts';
import { SAVED_POSTS, useSavedPostsStore } from './saved-posts';
import { useTagPostsStore } from './tag-posts';

jest.mock('../api/social');
jest.mock('../lib/toast', () =>
  jest
    .requireActual<typeof import('../test-support/live-socket-mock')>('../test-support/live-socket-mock')
    .toastModule(),
);

const api = jest.mocked(socialApi);
const toast = jest.mocked(notify);
const page = (ids: string[], nextCursor: string | null = null): PostPage => ({
  posts: ids.map((id) => feedPost(id)),
  nextCursor,
});
const tagPage = (tag: string, ids: string[], nextCursor: string | null = null) => ({
  tag,
  ...page(ids, nextCursor),
});
const tags = () => useTagPostsStore.getState();

beforeEach(() => {
  jest.clearAllMocks();
  usePostsStore.getState().reset();
  useTagPostsStore.getState().reset();
  useSavedPostsStore.getState().reset();
  useDrillsStore.getState().reset();
});

describe('paged post lists', () => {
  it('shows the first page, keeps its posts for every view and pages on with the cursor until it is null', async () => {
    api.fetchTagPosts.mockResolvedValueOnce(tagPage('lunge', ['a', 'b'], 'b'));
    await tags().open({ tag: 'lunge', weapon: 'foil' });
    expect(api.fetchTagPosts).toHaveBeenCalledWith('lunge', 'foil', undefined);
    expect(tags()).toMatchObject({ status: 'ready', postIds: ['a', 'b'], nextCursor: 'b' });
    expect(usePostsStore.getState().postsById.a).toMatchObject({ id: 'a' });

    // A post already shown (the list was refetched meanwhile) is not repeated.
    api.fetchTagPosts.mockResolvedValueOnce(tagPage('lunge', ['b', 'c']));
    await tags().loadMore();
    expect(api.fetchTagPosts).toHaveBeenLastCalledWith('lunge', 'foil', 'b');
    expect(tags()).toMatchObject({ postIds: ['a', 'b', 'c'], nextCursor: null, loadingMore: false });

    await tags().loadMore();
    expect(api.fetchTagPosts).toHaveBeenCalledTimes(2);
  });

  it('drops the reply for a query no longer shown, and a Load More overtaken by a reload', async () => {
    let answer: (reply: ReturnType<typeof tagPage>) => void = () => undefined;
    api.fetchTagPosts.mockReturnValueOnce(new Promise((resolve) => (answer = resolve)));
    const first = tags().open({ tag: 'lunge' });
    api.fetchTagPosts.mockResolvedValueOnce(tagPage('parry', ['p1'], 'p1'));
    await tags().open({ tag: 'parry' });
    answer(tagPage('lunge', ['l1']));
    await first;
    expect(tags()).toMatchObject({ query: { tag: 'parry' }, postIds: ['p1'] });

    api.fetchTagPosts.mockReturnValueOnce(new Promise((resolve) => (answer = resolve)));
    const more = tags().loadMore();
    api.fetchTagPosts.mockResolvedValueOnce(tagPage('parry', ['p0', 'p1']));
    await tags().reload();
    answer(tagPage('parry', ['old']));
    await more;
    expect(tags().postIds).toEqual(['p0', 'p1']);
    expect(tags().loadingMore).toBe(false);
  });

  it('keeps the list shown while the same query is fetched again, and starts clean for another', async () => {
    api.fetchDrills.mockResolvedValue(page(['d1']));
    await useDrillsStore.getState().open({ weapon: 'epee', level: 'Beginner' });
    expect(api.fetchDrills).toHaveBeenCalledWith({ weapon: 'epee', level: 'Beginner' });

    let answer: (reply: PostPage) => void = () => undefined;
    api.fetchDrills.mockReturnValueOnce(new Promise((resolve) => (answer = resolve)));
    const again = useDrillsStore.getState().open({ weapon: 'epee', level: 'Beginner' });
    expect(useDrillsStore.getState()).toMatchObject({ status: 'ready', postIds: ['d1'] });
    answer(page(['d2', 'd1']));
    await again;
    expect(useDrillsStore.getState().postIds).toEqual(['d2', 'd1']);

    api.fetchDrills.mockReturnValueOnce(new Promise(() => undefined));
    void useDrillsStore.getState().open({ weapon: 'foil' });
    expect(useDrillsStore.getState()).toMatchObject({ status: 'loading', postIds: [] });
  });

  it("says 'Failed to fetch posts' when a page fails, and keeps a list already shown", async () => {
    api.fetchSaved.mockRejectedValueOnce(new Error('boom'));
    await useSavedPostsStore.getState().open(SAVED_POSTS);
    expect(useSavedPostsStore.getState().status).toBe('error');
    expect(toast.error).toHaveBeenCalledWith('Failed to fetch posts');

    api.fetchSaved.mockResolvedValueOnce(page(['s1'], 's1'));
    await useSavedPostsStore.getState().reload();
    expect(api.fetchSaved).toHaveBeenLastCalledWith(undefined);
    api.fetchSaved.mockRejectedValueOnce(new Error('boom'));
    await useSavedPostsStore.getState().loadMore();
    expect(api.fetchSaved).toHaveBeenLastCalledWith('s1');
    expect(useSavedPostsStore.getState()).toMatchObject({
      status: 'ready',
      postIds: ['s1'],
      nextCursor: 's1',
      loadingMore: false,
    });
    expect(toast.error).toHaveBeenCalledTimes(2);
  });
});
