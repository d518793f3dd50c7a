import { WEAPONS } from './constants';
import { fencerSchema } from './common';
import { feedPostSchema, postAchievementDetailsSchema, postDrillDetailsSchema } from './posts';
import { z } from './zod';

/** The social features of DESIGN.md §4c: edits and their history, saves, the drill library, tags, mutes. */

/** An earlier version of a post: what it said until `createdAt` of the next one (or the post's `editedAt`). */
export const postVersionSchema = z.object({
  content: z.string(),
  drillDetails: z.nullable(postDrillDetailsSchema),
  achievementDetails: z.nullable(postAchievementDetailsSchema),
  mediaAlt: z.nullable(z.string()),
  /** When this version was written: the post's creation, or the edit that made it. */
  writtenAt: z.string(),
});
export type PostVersion = z.infer<typeof postVersionSchema>;

export const commentVersionSchema = z.object({ content: z.string(), writtenAt: z.string() });
export type CommentVersion = z.infer<typeof commentVersionSchema>;

/** GET /api/posts/{id}/history and /api/comments/{id}/history: the earlier versions, newest first. */
export const postHistorySchema = z.object({ versions: z.array(postVersionSchema) });
export type PostHistory = z.infer<typeof postHistorySchema>;
export const commentHistorySchema = z.object({ versions: z.array(commentVersionSchema) });
export type CommentHistory = z.infer<typeof commentHistorySchema>;

/** `post:updated`, to whoever shows the post: its new text, details and image description. */
export const postUpdateSchema = z.object({
  postId: z.string(),
  weapon: z.enum(WEAPONS),
  content: z.string(),
  drillDetails: z.nullable(postDrillDetailsSchema),
  achievementDetails: z.nullable(postAchievementDetailsSchema),
  mediaAlt: z.nullable(z.string()),
  editedAt: z.string(),
});
export type PostUpdate = z.infer<typeof postUpdateSchema>;

/** `comment:updated`, to whoever shows the comment's post. */
export const commentUpdateSchema = z.object({
  commentId: z.string(),
  postId: z.string(),
  weapon: z.enum(WEAPONS),
  content: z.string(),
  editedAt: z.string(),
});
export type CommentUpdate = z.infer<typeof commentUpdateSchema>;

/** A page of posts with the `before` of the next one (null at the end). */
export const postPageSchema = z.object({
  posts: z.array(feedPostSchema),
  nextCursor: z.nullable(z.string()),
});
export type PostPage = z.infer<typeof postPageSchema>;

/** POST /api/saves and DELETE /api/saves/{postId}: the post's exact count and whether the viewer keeps it. */
export const saveReplySchema = z.object({ postId: z.string(), savesCount: z.number(), isSaved: z.boolean() });
export type SaveReply = z.infer<typeof saveReplySchema>;

export const SAVED_PAGE_SIZE = 20;

export const DRILL_SORTS = ['newest', 'saved'] as const;
export type DrillSort = (typeof DRILL_SORTS)[number];
export const DRILLS_PAGE_SIZE = 20;

export const TAG_PAGE_SIZE = 20;

/** GET /api/tags/{tag}/posts. */
export const tagPageSchema = z.extend(postPageSchema, { tag: z.string() });
export type TagPage = z.infer<typeof tagPageSchema>;

export const TRENDING_TAGS = 10;
export const TRENDING_DAYS = 7;
/** GET /api/tags/trending: the most used tags of the last 7 days' public posts, most used first. */
export const trendingTagsSchema = z.object({
  tags: z.array(z.object({ tag: z.string(), postsCount: z.number() })),
});
export type TrendingTags = z.infer<typeof trendingTagsSchema>;

/** GET /api/mutes: the fencers the viewer muted, most recent first. */
export const mutedUsersSchema = z.array(fencerSchema);
export type MutedUsers = z.infer<typeof mutedUsersSchema>;

export const MUTED_WORD_MAX = 100;
export const MUTED_WORDS_MAX = 100;
/** A muted word as the server keeps it: until when it stays muted, or null until unmuted. */
export const mutedWordReplySchema = z.object({ word: z.string(), expiresAt: z.nullable(z.string()) });
export type MutedWord = z.infer<typeof mutedWordReplySchema>;
/** GET and PUT /api/account/muted-words: the whole list, expired words left out. */
export const mutedWordListSchema = z.array(mutedWordReplySchema);

export const SUGGEST_LIMIT = 8;
export const userSuggestionSchema = z.extend(fencerSchema, { connected: z.boolean() });
export type UserSuggestion = z.infer<typeof userSuggestionSchema>;
export const userSuggestionsSchema = z.array(userSuggestionSchema);
