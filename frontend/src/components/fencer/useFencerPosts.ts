import { FENCER_PAGE_SIZE, type FeedPost } from '@piste/contracts';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { ApiError } from '../../api/client';
import { fetchFencerPosts } from '../../api/profiles';
import { notify } from '../../lib/toast';
import { onReconnect } from '../../realtime/socket';
import { useFeedStore } from '../../stores/feed';

export interface FencerPostsView {
  posts: FeedPost[];
  status: 'loading' | 'ready' | 'error';
  /** The last page was full, so there may be more. */
  hasMore: boolean;
  loadingMore: boolean;
  /** Fetches the first page again. */
  reload: () => void;
  /** Appends the page after the oldest post shown. */
  loadMore: () => void;
}

/**
 * A fencer's posts, newest first, a page at a time (keyset on the last post shown, like the feed); the first
 * page again after a reconnect.
 */
export function useFencerPosts(username: string): FencerPostsView {
  const [posts, setPosts] = useState<FeedPost[]>([]);
  const [status, setStatus] = useState<FencerPostsView['status']>('loading');
  const [hasMore, setHasMore] = useState(false);
  const [loadingMore, setLoadingMore] = useState(false);
  // A first-page reload drops any Load More still in flight.
  const generation = useRef(0);

  const reload = useCallback(() => {
    const mine = ++generation.current;
    setLoadingMore(false);
    fetchFencerPosts(username).then(
      (page) => {
        if (mine !== generation.current) return;
        useFeedStore.getState().showElsewhere(page);
        setPosts(page);
        setHasMore(page.length >= FENCER_PAGE_SIZE);
        setStatus('ready');
      },
      (error: unknown) => {
        if (mine !== generation.current) return;
        setStatus((current) => (current === 'ready' ? current : 'error'));
        // An unknown or blocked fencer is the profile's to say (a not-found page), not a failed list.
        if (!(error instanceof ApiError && error.status === 404)) notify.error('Failed to fetch posts');
      },
    );
  }, [username]);

  useEffect(() => {
    reload();
    return onReconnect(reload);
  }, [reload]);

  const oldest = posts.at(-1)?.id;
  const loadMore = useCallback(() => {
    if (!oldest || loadingMore) return;
    const mine = generation.current;
    setLoadingMore(true);
    fetchFencerPosts(username, oldest).then(
      (page) => {
        if (mine !== generation.current) return;
        useFeedStore.getState().showElsewhere(page);
        setPosts((shown) => {
          const known = new Set(shown.map((post) => post.id));
          return [...shown, ...page.filter((post) => !known.has(post.id))];
        });
        setHasMore(page.length >= FENCER_PAGE_SIZE);
        setLoadingMore(false);
      },
      () => {
        if (mine !== generation.current) return;
        setLoadingMore(false);
        notify.error('Failed to fetch posts');
      },
    );
  }, [username, oldest, loadingMore]);

  // Shown through the feed store, so likes, hiding, deleting and live counts act on them as on the feed.
  const elsewhere = useFeedStore((s) => s.elsewhere);
  const current = useMemo(
    () =>
      posts.flatMap((post) => {
        const shown = elsewhere[post.id];
        return shown ? [shown] : [];
      }),
    [posts, elsewhere],
  );
  return { posts: current, status, hasMore, loadingMore, reload, loadMore };
}
