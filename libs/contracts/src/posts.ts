import { MEDIA_TYPES, POST_TYPES, POST_VISIBILITIES, WEAPONS } from './constants';
import { userSummarySchema } from './common';
import { z } from './zod';

/** Longest description of a post's image, for screen readers (§4c). */
export const MEDIA_ALT_MAX = 1500;

const detail = z.nullish(z.string());

/** A drill post's details, as a post carries them. */
export const postDrillDetailsSchema = z.object({
  duration: detail,
  level: detail,
  equipment: detail,
  focus: detail,
});
export type DrillDetails = z.infer<typeof postDrillDetailsSchema>;

/** An achievement post's details, as a post carries them. */
export const postAchievementDetailsSchema = z.object({
  place: detail,
  score: detail,
  competition: detail,
  competitors: z.nullish(z.number()),
});
export type AchievementDetails = z.infer<typeof postAchievementDetailsSchema>;

const pixels = z.int().check(z.positive());

/** An image post's display version: WebP at most 1080 px wide, made at upload. `mediaUrl` stays the original. */
export const mediaDisplaySchema = z.object({ url: z.string(), width: pixels, height: pixels });
export type MediaDisplay = z.infer<typeof mediaDisplaySchema>;

/** The club a post was posted to, as a post names it. */
export const postClubSchema = z.object({ id: z.string(), slug: z.string(), name: z.string() });
export type PostClub = z.infer<typeof postClubSchema>;

export const feedPostSchema = z.object({
  id: z.string(),
  authorId: z.string(),
  content: z.string(),
  type: z.enum(POST_TYPES),
  weapon: z.enum(WEAPONS),
  authorRole: z.nullable(z.string()),
  mediaUrl: z.nullable(z.string()),
  mediaType: z.nullable(z.enum(MEDIA_TYPES)),
  /** The original image's size as shown; absent for videos and for images posted before sizes were kept. */
  mediaWidth: z.nullish(pixels),
  mediaHeight: z.nullish(pixels),
  mediaDisplay: z.nullish(mediaDisplaySchema),
  /** A video's poster frame, chosen in the browser at upload; absent for images and videos posted without one. */
  mediaPosterUrl: z.nullish(z.string()),
  drillDetails: z.nullable(postDrillDetailsSchema),
  achievementDetails: z.nullable(postAchievementDetailsSchema),
  likesCount: z.number(),
  dislikesCount: z.number(),
  commentsCount: z.number(),
  sharesCount: z.number(),
  savesCount: z.number(),
  createdAt: z.string(),
  author: userSummarySchema,
  isLiked: z.boolean(),
  isDisliked: z.boolean(),
  /** Who sees it (§4c); absent is public. */
  visibility: z.optional(z.enum(POST_VISIBILITIES)),
  /** The club it was posted to (§4d); absent when none. */
  club: z.optional(postClubSchema),
  /** The image's description for screen readers; absent or null when the author gave none. */
  mediaAlt: z.nullish(z.string()),
  /** When the author last edited it; absent or null when never. */
  editedAt: z.nullish(z.string()),
  /** Whether the viewer saved it. */
  isSaved: z.optional(z.boolean()),
});
export type FeedPost = z.infer<typeof feedPostSchema>;

/** POST /api/likes and /api/dislikes. */
export const reactionReplySchema = z.object({
  postId: z.string(),
  likesCount: z.number(),
  dislikesCount: z.number(),
  isLiked: z.boolean(),
  isDisliked: z.boolean(),
});
export type ReactionReply = z.infer<typeof reactionReplySchema>;

/** `post:viewer`, to the reacting user's own room: their like or dislike of a post, with its new counts. */
export const postViewerSchema = reactionReplySchema;
export type PostViewer = z.infer<typeof postViewerSchema>;

export const commentSchema = z.object({
  id: z.string(),
  postId: z.string(),
  authorId: z.string(),
  parentId: z.nullable(z.string()),
  content: z.string(),
  likesCount: z.number(),
  isLiked: z.boolean(),
  createdAt: z.string(),
  author: userSummarySchema,
  /** When the author last edited it; absent or null when never. */
  editedAt: z.nullish(z.string()),
});
export type PostComment = z.infer<typeof commentSchema>;

export const postCountsSchema = z.object({
  postId: z.string(),
  likesCount: z.number(),
  dislikesCount: z.number(),
  commentsCount: z.number(),
  savesCount: z.optional(z.number()),
});
export type PostCounts = z.infer<typeof postCountsSchema>;

/** POST/DELETE /api/comment-likes/{commentId}. */
export const commentLikeReplySchema = z.object({
  commentId: z.string(),
  likesCount: z.number(),
  isLiked: z.boolean(),
});
export type CommentLikeReply = z.infer<typeof commentLikeReplySchema>;

/** POST /api/hide-post. */
export const hidePostReplySchema = z.object({ postId: z.string(), hidden: z.literal(true) });
