import type { Club, SearchUser } from '@piste/contracts';
import { useEffect } from 'react';
import { useShownIds } from '../../stores/posts';
import { useSearchResultsStore } from '../../stores/search-results';
import { useSessionStore } from '../../stores/session';

export interface SearchResults {
  status: 'loading' | 'ready' | 'error';
  /** The matching posts, best first (their posts are in the posts store; hidden and deleted ones leave). */
  postIds: string[];
  users: SearchUser[];
  clubs: Club[];
  /** True when more posts can be loaded. */
  hasMore: boolean;
  loadingMore: boolean;
  error: string | null;
  loadMore: () => Promise<void>;
}

const NO_IDS: string[] = [];
const NO_CLUBS: Club[] = [];
const searchResults = () => useSearchResultsStore.getState();
const loadMore = () => searchResults().loadMore();

/**
 * The results page's data through the search-results store: the first page of posts and the fencers for
 * `query`, then more posts on demand (another signed-in user searches again: what they may see differs). Until
 * the store has results for `query`, it is loading.
 */
export function useSearchResults(query: string): SearchResults {
  const viewerId = useSessionStore((s) => s.user?.id);
  useEffect(() => {
    if (!query) return;
    void searchResults().open(query);
    return searchResults().reset;
  }, [query, viewerId]);

  const results = useSearchResultsStore((s) => s.results);
  const loadingMore = useSearchResultsStore((s) => s.loadingMore);
  const settled = results !== null && results.query === query;
  const postIds = useShownIds(settled ? results.postIds : NO_IDS);
  return {
    status: !settled ? 'loading' : results.error && results.postIds.length === 0 ? 'error' : 'ready',
    postIds,
    users: settled ? results.users : [],
    clubs: settled ? results.clubs : NO_CLUBS,
    hasMore: settled && results.nextCursor !== null,
    loadingMore,
    error: settled ? results.error : null,
    loadMore,
  };
}
