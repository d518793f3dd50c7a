import i18next from 'i18next';
import { SEARCH_PAGE_SIZE, type Club, type SearchReply, type SearchUser } from '@piste/contracts';
import { useCallback, useEffect, useState } from 'react';
import { errorMessage } from '../../api/client';
import { search } from '../../api/search';
import { idsOf, withNextPage } from '../../stores/post-lists';
import { usePostsStore, useShownIds } from '../../stores/posts';

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

interface Results {
  query: string;
  postIds: string[];
  users: SearchUser[];
  clubs: Club[];
  nextCursor: string | null;
  error: string | null;
}

/** What a failed search says when the server gave no reason. */
const failed = () => i18next.t('search.failed');
const NO_IDS: string[] = [];
const NO_CLUBS: Club[] = [];

/** The reply's posts, kept for every view; their ids in order. */
function keptIds(reply: SearchReply): string[] {
  usePostsStore.getState().keep(reply.posts);
  return idsOf(reply.posts);
}

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
        if (current) {
          setResults({
            query,
            ...reply,
            clubs: reply.clubs ?? NO_CLUBS,
            postIds: keptIds(reply),
            error: null,
          });
        }
      },
      (error: unknown) => {
        if (current) {
          setResults({
            query,
            postIds: [],
            users: [],
            clubs: NO_CLUBS,
            nextCursor: null,
            error: errorMessage(error, failed()),
          });
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
      usePostsStore.getState().keep(page.posts);
      setResults((shown) =>
        shown?.query === query
          ? {
              ...shown,
              postIds: withNextPage(shown.postIds, page.posts),
              nextCursor: page.nextCursor,
              error: null,
            }
          : shown,
      );
    } catch (error) {
      setResults((shown) =>
        shown?.query === query ? { ...shown, error: errorMessage(error, failed()) } : shown,
      );
    } finally {
      setLoadingMore(false);
    }
  }, [query, results, loadingMore]);

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
