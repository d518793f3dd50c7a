import { useEffect } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { onReconnect } from '../../realtime/socket';
import { queryKey, type PostPagesStore } from '../../stores/post-pages';

/** A paged post list as a page shows it. */
export interface PostPagesView {
  postIds: string[];
  status: 'loading' | 'ready' | 'error';
  /** There is a next page. */
  hasMore: boolean;
  loadingMore: boolean;
  /** Fetches the first page again. */
  reload: () => void;
  /** Appends the next page. */
  loadMore: () => void;
}

/**
 * `query`'s posts through `store`: the first page now (and whenever the query changes), and again after a
 * reconnect. Until the store shows this query, nothing of the one shown before.
 */
export function usePostPages<Query>(store: PostPagesStore<Query>, query: Query): PostPagesView {
  const key = queryKey(query);
  useEffect(() => {
    // The key is the query, so the effect runs once per query however often the page builds the object.
    void store.getState().open(JSON.parse(key) as Query);
    return onReconnect(() => void store.getState().reload());
  }, [store, key]);
  const shown = store(
    useShallow(({ key, postIds, status, nextCursor, loadingMore }) => ({
      key,
      postIds,
      status,
      nextCursor,
      loadingMore,
    })),
  );
  const reload = () => void store.getState().reload();
  const loadMore = () => void store.getState().loadMore();
  if (shown.key !== key) {
    return { postIds: [], status: 'loading', hasMore: false, loadingMore: false, reload, loadMore };
  }
  return {
    postIds: shown.postIds,
    status: shown.status,
    hasMore: shown.nextCursor !== null,
    loadingMore: shown.loadingMore,
    reload,
    loadMore,
  };
}
