import { useEffect } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { onReconnect } from '../../realtime/socket';
import { useFencerPostsStore } from '../../stores/fencer-posts';

export interface FencerPostsView {
  postIds: string[];
  status: 'loading' | 'ready' | 'error';
  /** The last page was full, so there may be more. */
  hasMore: boolean;
  loadingMore: boolean;
  /** Fetches the first page again. */
  reload: () => void;
  /** Appends the page after the oldest post shown. */
  loadMore: () => void;
}

const fencerPosts = () => useFencerPostsStore.getState();
const reload = () => void fencerPosts().reload();
const loadMore = () => void fencerPosts().loadMore();
const LOADING: FencerPostsView = {
  postIds: [],
  status: 'loading',
  hasMore: false,
  loadingMore: false,
  reload,
  loadMore,
};

/**
 * `username`'s posts through the fencer-posts store: the first page now, and again after a reconnect. Until
 * the store shows this fencer, nothing of the one shown before.
 */
export function useFencerPosts(username: string): FencerPostsView {
  useEffect(() => {
    void fencerPosts().open(username);
    return onReconnect(reload);
  }, [username]);
  const shown = useFencerPostsStore(
    useShallow(({ username, postIds, status, hasMore, loadingMore }) => ({
      username,
      postIds,
      status,
      hasMore,
      loadingMore,
    })),
  );
  return shown.username === username ? { ...shown, reload, loadMore } : LOADING;
}
