import {
  commentLikeReplySchema,
  commentSchema,
  FEED_PAGE_SIZE,
  feedPostSchema,
  hidePostReplySchema,
  reactionReplySchema,
  type CommentLikeReply,
  type CreateCommentPayload,
  type CreatePostPayload,
  type FeedPost,
  type PostComment,
  type ReactionReply,
  type Weapon,
} from '@piste/contracts';
import * as z from 'zod/mini';
import { api } from './client';

const feedPageSchema = z.array(feedPostSchema);
const commentListSchema = z.array(commentSchema);

/**
 * GET /api/posts/{weapon}?limit=10[&before={postId}]: one feed page, newest first; with `before`, the page of
 * posts older than that one (keyset paging: as cheap deep in the feed as at its top).
 */
export function fetchFeedPage(weapon: Weapon, before?: string, limit = FEED_PAGE_SIZE): Promise<FeedPost[]> {
  const cursor = before ? `&before=${encodeURIComponent(before)}` : '';
  return api.get(`/api/posts/${weapon}?limit=${limit}${cursor}`, feedPageSchema);
}

export function fetchPost(postId: string): Promise<FeedPost> {
  return api.get(`/api/posts/id/${postId}`, feedPostSchema);
}

export function createPost(payload: CreatePostPayload): Promise<FeedPost> {
  return api.post('/api/posts', payload, feedPostSchema);
}

export async function deletePost(postId: string): Promise<void> {
  await api.delete(`/api/posts/${postId}`);
}

export async function hidePost(postId: string): Promise<void> {
  await api.post('/api/hide-post', { postId }, hidePostReplySchema);
}

export type Reaction = 'like' | 'dislike';
const REACTION_PATHS: Record<Reaction, string> = { like: '/api/likes', dislike: '/api/dislikes' };

/** POST /api/likes or /api/dislikes; the server clears the opposite reaction. */
export function react(reaction: Reaction, userId: string, postId: string): Promise<ReactionReply> {
  return api.post(REACTION_PATHS[reaction], { userId, postId }, reactionReplySchema);
}

/** DELETE /api/likes/{userId}/{postId} or /api/dislikes/…: takes the reaction back. */
export function unreact(reaction: Reaction, userId: string, postId: string): Promise<ReactionReply> {
  return api.delete(`${REACTION_PATHS[reaction]}/${userId}/${postId}`, reactionReplySchema);
}

/** GET /api/comments?postId=: oldest first, replies carry their parentId. */
export function fetchComments(postId: string): Promise<PostComment[]> {
  return api.get(`/api/comments?postId=${postId}`, commentListSchema);
}

export function createComment(payload: CreateCommentPayload): Promise<PostComment> {
  return api.post('/api/comments', payload, commentSchema);
}

export function likeComment(commentId: string): Promise<CommentLikeReply> {
  return api.post(`/api/comment-likes/${commentId}`, undefined, commentLikeReplySchema);
}

export function unlikeComment(commentId: string): Promise<CommentLikeReply> {
  return api.delete(`/api/comment-likes/${commentId}`, commentLikeReplySchema);
}
