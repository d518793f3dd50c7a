import type { SearchReply } from '@piste/contracts';
import * as searchApi from '../api/search';
import { feedPost } from '../test-support/posts';
import { createSearchSuggestionsStore } from './search-suggestions';
import { heldReply } from '../test-support/held-reply';

jest.mock('../api/search');
const api = jest.mocked(searchApi);

const reply = (postId: string): SearchReply => ({ posts: [feedPost(postId)], users: [], nextCursor: null });

beforeEach(() => jest.resetAllMocks());

describe('search suggestions store', () => {
  it('answers the text asked for last: a slow answer for an earlier text is dropped', async () => {
    const box = createSearchSuggestionsStore();
    const slow = heldReply<SearchReply>();
    api.search.mockReturnValueOnce(slow.promise);
    const first = box.getState().suggest('lu');
    api.search.mockResolvedValueOnce(reply('p2'));
    await box.getState().suggest('lunge');
    slow.give(reply('p1'));
    await first;
    expect(box.getState().answer).toEqual({ query: 'lunge', reply: reply('p2'), error: null });
    expect(api.search).toHaveBeenLastCalledWith('lunge', { limit: 5 });
  });

  it('drops an answer once the text changed, and keeps the one before', async () => {
    const box = createSearchSuggestionsStore();
    api.search.mockResolvedValueOnce(reply('p1'));
    await box.getState().suggest('lunge');
    const slow = heldReply<SearchReply>();
    api.search.mockReturnValueOnce(slow.promise);
    const asking = box.getState().suggest('parry');
    box.getState().drop();
    slow.give(reply('p2'));
    await asking;
    expect(box.getState().answer).toMatchObject({ query: 'lunge', reply: reply('p1') });
  });

  it('says a search failed, and keeps each box to its own answers', async () => {
    const feedBox = createSearchSuggestionsStore();
    const pageBox = createSearchSuggestionsStore();
    api.search.mockRejectedValueOnce('offline');
    await feedBox.getState().suggest('lunge');
    expect(feedBox.getState().answer).toEqual({ query: 'lunge', reply: null, error: 'Search failed' });
    expect(pageBox.getState().answer).toEqual({ query: '', reply: null, error: null });
  });
});
