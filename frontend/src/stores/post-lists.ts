import i18next from 'i18next';
import type { FeedPost } from '@piste/contracts';
import { notify } from '../lib/toast';
import { usePostsStore } from './posts';

/** The lists of posts a view shows, as ids in order (their posts live in stores/posts.ts). */

export const idsOf = (posts: readonly FeedPost[]): string[] => posts.map((post) => post.id);

/** `shown` with the posts of the next page after it; one already shown (a refetch in between) is not repeated. */
export function withNextPage(shown: readonly string[], page: readonly FeedPost[]): string[] {
  const known = new Set(shown);
  return [...shown, ...idsOf(page).filter((id) => !known.has(id))];
}

/** `shown` with the newer ids in front of it, each once. */
export function withNewerFirst(newer: readonly string[], shown: readonly string[]): string[] {
  const known = new Set(shown);
  return [...newer.filter((id) => !known.has(id)), ...shown];
}

/** `ids` without `postId`; the same list when it is not there. */
export function withoutId(ids: string[], postId: string): string[] {
  return ids.includes(postId) ? ids.filter((id) => id !== postId) : ids;
}

/** A list of posts shown a page at a time. */
export interface PagedPostList {
  postIds: string[];
  /** The last page was full, so there may be more. */
  hasMore: boolean;
  loadingMore: boolean;
}

interface NextPageLoad<State extends PagedPostList> {
  set: (update: Partial<PagedPostList> | ((state: State) => Partial<PagedPostList>)) => void;
  /** Fetches the page after the oldest post shown. */
  fetchPage: () => Promise<FeedPost[]>;
  pageSize: number;
  /** The list was opened again since the load started, so its reply no longer belongs to it. */
  isStale: () => boolean;
  /** Which of the page's posts join the list; all by default. */
  joining?: (state: State, page: FeedPost[]) => FeedPost[];
}

/** Load More: appends the next page's posts (each once) to a paged list, or says 'Failed to fetch posts'. */
export async function loadNextPage<State extends PagedPostList>({
  set,
  fetchPage,
  pageSize,
  isStale,
  joining = (_state, page) => page,
}: NextPageLoad<State>): Promise<void> {
  set({ loadingMore: true });
  try {
    const page = await fetchPage();
    if (isStale()) return;
    usePostsStore.getState().keep(page);
    set((state) => ({
      postIds: withNextPage(state.postIds, joining(state, page)),
      hasMore: page.length >= pageSize,
      loadingMore: false,
    }));
  } catch {
    if (isStale()) return;
    set({ loadingMore: false });
    notify.error(i18next.t('feed:toasts.fetchFailed'));
  }
}
