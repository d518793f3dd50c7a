import i18next from 'i18next';
import { SEARCH_PAGE_SIZE, type Club, type SearchReply, type SearchUser } from '@piste/contracts';
import { create } from 'zustand';
import { errorMessage } from '../api/client';
import { search } from '../api/search';
import { screenStoreLoaded } from '../realtime/screen-stores';
import { latestRequest } from './latest-request';
import { idsOf, withNextPage } from './post-lists';
import { usePostsStore } from './posts';

/** What the results page shows for one query. */
export interface SearchResultsShown {
  query: string;
  /** The matching posts, best first (their posts are in the posts store; hidden and deleted ones leave). */
  postIds: string[];
  users: SearchUser[];
  clubs: Club[];
  /** Where the next page of posts starts; null at the end. */
  nextCursor: string | null;
  error: string | null;
}

/**
 * The results page's data (/search?q=): the first page of posts, the fencers and the clubs for the query open,
 * then more posts on demand. Replies for a query the page no longer shows are dropped.
 */
interface SearchResultsState {
  /** The query the page shows; null when it shows none. */
  query: string | null;
  /** The last results that came, for `query` or (while its own are on their way) the one before. */
  results: SearchResultsShown | null;
  loadingMore: boolean;
  /** Searches for `query`. */
  open: (query: string) => Promise<void>;
  /** Appends the next page of posts for the query shown. */
  loadMore: () => Promise<void>;
  /** The page is no longer on screen (or shows another query): its results and replies on their way go. */
  reset: () => void;
}

const INITIAL = { query: null, results: null, loadingMore: false } satisfies Partial<SearchResultsState>;
const NO_CLUBS: Club[] = [];

/** What a failed search says when the server gave no reason. */
const failed = () => i18next.t('search.failed');

/** The reply's posts, kept for every view; their ids in order. */
function keptIds(reply: SearchReply): string[] {
  usePostsStore.getState().keep(reply.posts);
  return idsOf(reply.posts);
}

/** A new query drops every reply for the one before; a Load More joins the query it was asked for. */
const latest = latestRequest();

export const useSearchResultsStore = create<SearchResultsState>()((set, get) => ({
  ...INITIAL,

  open: async (query) => {
    const isLatest = latest.start();
    set({ query, loadingMore: false });
    try {
      const reply = await search(query, { limit: SEARCH_PAGE_SIZE });
      if (!isLatest()) return;
      set({
        results: { query, ...reply, clubs: reply.clubs ?? NO_CLUBS, postIds: keptIds(reply), error: null },
      });
    } catch (error) {
      if (!isLatest()) return;
      set({
        results: {
          query,
          postIds: [],
          users: [],
          clubs: NO_CLUBS,
          nextCursor: null,
          error: errorMessage(error, failed()),
        },
      });
    }
  },

  loadMore: async () => {
    const { query, results, loadingMore } = get();
    const cursor = results && results.query === query ? results.nextCursor : null;
    if (!query || !cursor || loadingMore) return;
    const isLatest = latest.join();
    set({ loadingMore: true });
    try {
      const page = await search(query, { type: 'posts', limit: SEARCH_PAGE_SIZE, before: cursor });
      if (!isLatest()) return;
      usePostsStore.getState().keep(page.posts);
      set(({ results: shown }) => ({
        results: shown && {
          ...shown,
          postIds: withNextPage(shown.postIds, page.posts),
          nextCursor: page.nextCursor,
          error: null,
        },
        loadingMore: false,
      }));
    } catch (error) {
      if (!isLatest()) return;
      set(({ results: shown }) => ({
        results: shown && { ...shown, error: errorMessage(error, failed()) },
        loadingMore: false,
      }));
    }
  },

  reset: () => {
    latest.drop();
    set(INITIAL);
  },
}));

screenStoreLoaded('search-results', useSearchResultsStore);
