import type { SearchReply } from '@piste/contracts';
import { ApiError } from '../api/client';
import * as searchApi from '../api/search';
import { feedPost } from '../test-support/posts';
import { usePostsStore } from './posts';
import { useSearchResultsStore } from './search-results';
import { heldReply } from '../test-support/held-reply';

jest.mock('../api/search');
const api = jest.mocked(searchApi);
const store = () => useSearchResultsStore.getState();

const reply = (postIds: string[], nextCursor: string | null = null): SearchReply => ({
  posts: postIds.map((id) => feedPost(id)),
  users: [],
  nextCursor,
});

beforeEach(() => {
  jest.resetAllMocks();
  store().reset();
  usePostsStore.getState().reset();
});

describe('search results store', () => {
  it('shows the query opened last: a slow reply for the one before is dropped', async () => {
    const slow = heldReply<SearchReply>();
    api.search.mockReturnValueOnce(slow.promise);
    const first = store().open('lunge');
    api.search.mockResolvedValueOnce(reply(['p2']));
    await store().open('parry');
    slow.give(reply(['p1']));
    await first;
    expect(store().results).toMatchObject({ query: 'parry', postIds: ['p2'], clubs: [], error: null });
    expect(usePostsStore.getState().postsById).not.toHaveProperty('p1');
  });

  it('says why a search failed, in the server’s words or its own', async () => {
    api.search.mockRejectedValueOnce(new ApiError('Search is resting', 503));
    await store().open('lunge');
    expect(store().results).toMatchObject({ query: 'lunge', postIds: [], error: 'Search is resting' });
    api.search.mockRejectedValueOnce('offline');
    await store().open('parry');
    expect(store().results?.error).toBe('Search failed');
  });

  it('appends the next page of posts, each once, and drops it when the query changed meanwhile', async () => {
    api.search.mockResolvedValueOnce(reply(['p1', 'p2'], 'cursor-1'));
    await store().open('lunge');
    api.search.mockResolvedValueOnce(reply(['p2', 'p3']));
    await store().loadMore();
    expect(api.search).toHaveBeenLastCalledWith('lunge', { type: 'posts', limit: 20, before: 'cursor-1' });
    expect(store()).toMatchObject({
      loadingMore: false,
      results: { postIds: ['p1', 'p2', 'p3'], nextCursor: null },
    });

    api.search.mockResolvedValueOnce(reply(['p4'], 'cursor-2'));
    await store().open('parry');
    const slow = heldReply<SearchReply>();
    api.search.mockReturnValueOnce(slow.promise);
    const more = store().loadMore();
    expect(store().loadingMore).toBe(true);
    api.search.mockResolvedValueOnce(reply(['p6']));
    await store().open('riposte');
    slow.give(reply(['p5']));
    await more;
    expect(store()).toMatchObject({ loadingMore: false, results: { query: 'riposte', postIds: ['p6'] } });
  });

  it('keeps the posts shown when Load More fails, with the reason beside them', async () => {
    api.search.mockResolvedValueOnce(reply(['p1'], 'cursor-1'));
    await store().open('lunge');
    api.search.mockRejectedValueOnce(new ApiError('Too many searches', 429));
    await store().loadMore();
    expect(store()).toMatchObject({
      loadingMore: false,
      results: { postIds: ['p1'], nextCursor: 'cursor-1', error: 'Too many searches' },
    });
  });

  it('forgets the results once the page has left, with any reply on its way', async () => {
    const slow = heldReply<SearchReply>();
    api.search.mockReturnValueOnce(slow.promise);
    const opening = store().open('lunge');
    store().reset();
    slow.give(reply(['p1']));
    await opening;
    expect(store()).toMatchObject({ query: null, results: null });
  });
});
