import i18next from 'i18next';
import type { FeedPost, PostPage } from '@piste/contracts';
import { create } from 'zustand';
import { notify } from '../lib/toast';
import { idsOf, withNextPage } from './post-lists';
import { usePostsStore } from './posts';

/**
 * A list of posts the server hands out a page at a time with the cursor of the next page (a tag's posts, the
 * saved posts, the drill library), for one query at a time. The posts live in stores/posts.ts, so likes, saves,
 * hiding, deleting and live counts act on them as on the feed.
 */
export interface PostPagesState<Query> {
  /** Which query the list shows (see {@link queryKey}); null before any. */
  key: string | null;
  query: Query | null;
  postIds: string[];
  status: 'loading' | 'ready' | 'error';
  /** Where the next page starts; null at the end. */
  nextCursor: string | null;
  loadingMore: boolean;
  /** Shows `query`'s posts from their first page; the same query again is fetched behind the list shown. */
  open: (query: Query) => Promise<void>;
  /** Fetches the first page again (a retry, or after a reconnect). */
  reload: () => Promise<void>;
  /** Appends the next page. */
  loadMore: () => Promise<void>;
  /** Puts a post that just arrived (live, or published here) at the top, once. */
  prepend: (post: FeedPost) => void;
  reset: () => void;
}

/** The list's name for a query: two queries with the same filters are one list. */
export const queryKey = (query: unknown): string => JSON.stringify(query);

/** Fetches `query`'s page starting at `before` (the first page without it). */
export type PostPageFetch<Query> = (query: Query, before?: string) => Promise<PostPage>;

const EMPTY = {
  key: null,
  query: null,
  postIds: [] as string[],
  status: 'loading' as const,
  nextCursor: null,
  loadingMore: false,
};

function kept(page: PostPage): string[] {
  usePostsStore.getState().keep(page.posts);
  return idsOf(page.posts);
}

/** A store for one kind of paged post list; replies for a query no longer shown (or a list reloaded) are dropped. */
export function createPostPagesStore<Query>(fetchPage: PostPageFetch<Query>) {
  /** A first-page fetch drops any reply started before it (a Load More, or another query's page). */
  let sequence = 0;

  return create<PostPagesState<Query>>()((set, get) => ({
    ...EMPTY,

    open: async (query) => {
      const key = queryKey(query);
      if (key !== get().key) set({ ...EMPTY, key, query });
      await get().reload();
    },

    reload: async () => {
      const { query } = get();
      if (query === null) return;
      const started = ++sequence;
      set({ loadingMore: false });
      try {
        const page = await fetchPage(query);
        if (started !== sequence) return;
        set({ postIds: kept(page), nextCursor: page.nextCursor, status: 'ready' });
      } catch {
        if (started !== sequence) return;
        set((state) => ({ status: state.status === 'ready' ? 'ready' : 'error' }));
        notify.error(i18next.t('feed:toasts.fetchFailed'));
      }
    },

    loadMore: async () => {
      const { query, nextCursor, loadingMore } = get();
      if (query === null || !nextCursor || loadingMore) return;
      const started = sequence;
      set({ loadingMore: true });
      try {
        const page = await fetchPage(query, nextCursor);
        if (started !== sequence) return;
        usePostsStore.getState().keep(page.posts);
        set((state) => ({
          postIds: withNextPage(state.postIds, page.posts),
          nextCursor: page.nextCursor,
          loadingMore: false,
        }));
      } catch {
        if (started !== sequence) return;
        set({ loadingMore: false });
        notify.error(i18next.t('feed:toasts.fetchFailed'));
      }
    },

    prepend: (post) => {
      if (get().postIds.includes(post.id)) return;
      usePostsStore.getState().keep([post]);
      set((state) => ({ postIds: [post.id, ...state.postIds] }));
    },

    reset: () => {
      sequence++;
      set(EMPTY);
    },
  }));
}

export type PostPagesStore<Query> = ReturnType<typeof createPostPagesStore<Query>>;
