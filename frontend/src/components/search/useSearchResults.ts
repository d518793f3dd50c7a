import { SEARCH_PAGE_SIZE, type FeedPost, type SearchReply, type SearchUser } from '@piste/contracts';
import { useCallback, useEffect, useState } from 'react';
import { errorMessage } from '../../api/client';
import { search } from '../../api/search';

export interface SearchResults {
  status: 'loading' | 'ready' | 'error';
  posts: FeedPost[];
  users: SearchUser[];
  /** True when more posts can be loaded. */
  hasMore: boolean;
  loadingMore: boolean;
  error: string | null;
  loadMore: () => Promise<void>;
}

interface Results {
  query: string;
  posts: FeedPost[];
  users: SearchUser[];
  nextCursor: string | null;
  error: string | null;
}

const FAILED = 'Search failed';

/**
 * The results page's data: the first page of posts and the fencers for `query`, then more posts on demand.
 * Replies for a query the page no longer shows are dropped.
 */
export function useSearchResults(query: string): SearchResults {
  const [results, setResults] = useState<Results | null>(null);
  const [loadingMore, setLoadingMore] = useState(false);

  useEffect(() => {
    if (!query) return;
    let current = true;
    search(query, { limit: SEARCH_PAGE_SIZE }).then(
      (reply) => {
        if (current) setResults({ query, ...reply, error: null });
      },
      (error: unknown) => {
        if (current) {
          setResults({ query, posts: [], users: [], nextCursor: null, error: errorMessage(error, FAILED) });
        }
      },
    );
    return () => {
      current = false;
    };
  }, [query]);

  const loadMore = useCallback(async () => {
    const cursor = results?.query === query ? results.nextCursor : null;
    if (!cursor || loadingMore) return;
    setLoadingMore(true);
    try {
      const page = await search(query, { type: 'posts', limit: SEARCH_PAGE_SIZE, before: cursor });
      setResults((shown) => (shown?.query === query ? withNextPage(shown, page) : shown));
    } catch (error) {
      setResults((shown) =>
        shown?.query === query ? { ...shown, error: errorMessage(error, FAILED) } : shown,
      );
    } finally {
      setLoadingMore(false);
    }
  }, [query, results, loadingMore]);

  const settled = results !== null && results.query === query;
  return {
    status: !settled ? 'loading' : results.error && results.posts.length === 0 ? 'error' : 'ready',
    posts: settled ? results.posts : [],
    users: settled ? results.users : [],
    hasMore: settled && results.nextCursor !== null,
    loadingMore,
    error: settled ? results.error : null,
    loadMore,
  };
}

/** The shown results with the next page of posts after them (a post already shown is not repeated). */
function withNextPage(shown: Results, page: SearchReply): Results {
  const known = new Set(shown.posts.map((post) => post.id));
  const fresh = page.posts.filter((post) => !known.has(post.id));
  return { ...shown, posts: [...shown.posts, ...fresh], nextCursor: page.nextCursor, error: null };
}
