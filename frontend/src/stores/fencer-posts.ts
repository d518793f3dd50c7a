import { FENCER_PAGE_SIZE } from '@piste/contracts';
import i18next from 'i18next';
import { create } from 'zustand';
import { ApiError } from '../api/client';
import { fetchFencerPosts } from '../api/profiles';
import { notify } from '../lib/toast';
import { latestRequest } from './latest-request';
import { idsOf, loadNextPage } from './post-lists';
import { usePostsStore } from './posts';

/**
 * The posts of the fencer whose page is shown, newest first, a page at a time (keyset on the last post shown,
 * like the feed). The posts live in stores/posts.ts, so likes, hiding, deleting and live counts act on them as
 * on the feed.
 */

interface FencerPostsState {
  username: string | null;
  postIds: string[];
  status: 'loading' | 'ready' | 'error';
  /** The last page was full, so there may be more. */
  hasMore: boolean;
  loadingMore: boolean;
  /** Shows `username`'s posts from their first page. */
  open: (username: string) => Promise<void>;
  /** Fetches the first page again (a retry, or after a reconnect). */
  reload: () => Promise<void>;
  /** Appends the page after the oldest post shown. */
  loadMore: () => Promise<void>;
}

/** A first-page fetch drops any reply started before it (a Load More, or another fencer's page). */
const latest = latestRequest();

export const useFencerPostsStore = create<FencerPostsState>()((set, get) => ({
  username: null,
  postIds: [],
  status: 'loading',
  hasMore: false,
  loadingMore: false,

  open: async (username) => {
    set({ username, postIds: [], status: 'loading', hasMore: false, loadingMore: false });
    await get().reload();
  },

  reload: async () => {
    const { username } = get();
    if (!username) return;
    const isLatest = latest.start();
    set({ loadingMore: false });
    try {
      const page = await fetchFencerPosts(username);
      if (!isLatest()) return;
      usePostsStore.getState().keep(page);
      set({ postIds: idsOf(page), hasMore: page.length >= FENCER_PAGE_SIZE, status: 'ready' });
    } catch (error) {
      if (!isLatest()) return;
      set((state) => ({ status: state.status === 'ready' ? 'ready' : 'error' }));
      // An unknown or blocked fencer is the profile's to say (a not-found page), not a failed list.
      if (!(error instanceof ApiError && error.status === 404))
        notify.error(i18next.t('people:fencerPosts.fetchFailed'));
    }
  },

  loadMore: async () => {
    const { username, postIds, loadingMore } = get();
    // After the oldest post still shown: one hidden or deleted meanwhile is no place to start from.
    const { postsById } = usePostsStore.getState();
    const oldest = postIds.filter((id) => id in postsById).at(-1);
    if (!username || !oldest || loadingMore) return;
    const isLatest = latest.join();
    await loadNextPage({
      set,
      fetchPage: () => fetchFencerPosts(username, oldest),
      pageSize: FENCER_PAGE_SIZE,
      isStale: () => !isLatest(),
    });
  },
}));
