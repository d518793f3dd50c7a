import type { FeedPost } from '@piste/contracts';

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
