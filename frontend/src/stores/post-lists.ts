import type { FeedPost } from '@piste/contracts';

/** Immutable edits of the lists of posts a store holds: as arrays (a feed) or by id (posts shown elsewhere). */

export function withoutPost(posts: FeedPost[], postId: string): FeedPost[] {
  return posts.filter((p) => p.id !== postId);
}

export function patchPost(posts: FeedPost[], postId: string, patch: Partial<FeedPost>): FeedPost[] {
  return posts.map((p) => (p.id === postId ? { ...p, ...patch } : p));
}

export function patchRecord(
  posts: Record<string, FeedPost>,
  postId: string,
  patch: Partial<FeedPost>,
): Record<string, FeedPost> {
  const post = posts[postId];
  return post ? { ...posts, [postId]: { ...post, ...patch } } : posts;
}

export function withoutRecord(posts: Record<string, FeedPost>, postId: string): Record<string, FeedPost> {
  if (!posts[postId]) return posts;
  const rest = { ...posts };
  delete rest[postId];
  return rest;
}
