import {
  commentHistorySchema,
  commentSchema,
  feedPostSchema,
  mutedUsersSchema,
  mutedWordListSchema,
  postHistorySchema,
  postPageSchema,
  saveReplySchema,
  tagPageSchema,
  trendingTagsSchema,
  userSuggestionsSchema,
  type CommentHistory,
  type DrillSort,
  type EditCommentPayload,
  type EditPostPayload,
  type FeedPost,
  type MutedUsers,
  type MutedWord,
  type MutedWordsInput,
  type PostComment,
  type PostHistory,
  type PostPage,
  type SaveReply,
  type TagPage,
  type TrendingTags,
  type UserSuggestion,
  type Weapon,
} from '@piste/contracts';
import { api } from './client';

/** The social calls of DESIGN.md §4c: edits and history, saves, drills, tags, mutes and fencer suggestions. */

/** PATCH /api/posts/{id}: the author's edit; the reply is the post as the feed shows it. */
export function editPost(postId: string, edit: EditPostPayload): Promise<FeedPost> {
  return api.patch(`/api/posts/${postId}`, edit, feedPostSchema);
}

export function editComment(commentId: string, edit: EditCommentPayload): Promise<PostComment> {
  return api.patch(`/api/comments/${commentId}`, edit, commentSchema);
}

/** Earlier versions, newest first. */
export function fetchPostHistory(postId: string): Promise<PostHistory> {
  return api.get(`/api/posts/${postId}/history`, postHistorySchema);
}

export function fetchCommentHistory(commentId: string): Promise<CommentHistory> {
  return api.get(`/api/comments/${commentId}/history`, commentHistorySchema);
}

export function savePost(postId: string): Promise<SaveReply> {
  return api.post('/api/saves', { postId }, saveReplySchema);
}

export function unsavePost(postId: string): Promise<SaveReply> {
  return api.delete(`/api/saves/${postId}`, saveReplySchema);
}

function withParams(path: string, params: Record<string, string | undefined>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value) search.set(key, value);
  const query = search.toString();
  return query ? `${path}?${query}` : path;
}

/** GET /api/saves: most recently saved first. */
export function fetchSaved(before?: string): Promise<PostPage> {
  return api.get(withParams('/api/saves', { before }), postPageSchema);
}

export interface DrillFilters {
  weapon?: Weapon;
  level?: string;
  focus?: string;
  equipment?: string;
  q?: string;
  sort?: DrillSort;
}

/** GET /api/drills with the filters set. */
export function fetchDrills(filters: DrillFilters, before?: string): Promise<PostPage> {
  return api.get(withParams('/api/drills', { ...filters, before }), postPageSchema);
}

/** GET /api/tags/{tag}/posts: newest first, of one weapon or all. */
export function fetchTagPosts(tag: string, weapon?: Weapon, before?: string): Promise<TagPage> {
  return api.get(withParams(`/api/tags/${encodeURIComponent(tag)}/posts`, { weapon, before }), tagPageSchema);
}

/** The top tags of the last 7 days. */
export function fetchTrendingTags(weapon?: Weapon): Promise<TrendingTags> {
  return api.get(withParams('/api/tags/trending', { weapon }), trendingTagsSchema);
}

export async function muteUser(userId: string): Promise<void> {
  await api.post('/api/mutes', { userId });
}

export async function unmuteUser(userId: string): Promise<void> {
  await api.delete(`/api/mutes/${userId}`);
}

export function fetchMutedUsers(): Promise<MutedUsers> {
  return api.get('/api/mutes', mutedUsersSchema);
}

export function fetchMutedWords(): Promise<MutedWord[]> {
  return api.get('/api/account/muted-words', mutedWordListSchema);
}

/** PUT /api/account/muted-words: replaces the whole list; the reply is the list as kept. */
export function saveMutedWords(words: MutedWordsInput): Promise<MutedWord[]> {
  return api.put('/api/account/muted-words', words, mutedWordListSchema);
}

/** Fencers for `@` autocomplete: connections first. */
export function suggestUsers(q: string): Promise<UserSuggestion[]> {
  return api.get(withParams('/api/users/suggest', { q }), userSuggestionsSchema);
}
