import { z } from 'zod';
import { LIMITS, WEAPONS } from './constants';
import { clientString, fencerSchema, pageLimitSchema, uuidSchema } from './common';
import { HASHTAG_MAX } from './post-text';
import {
  achievementDetailsSchema,
  drillDetailsSchema,
  feedPostSchema,
  MEDIA_ALT_MAX,
  postContentSchema,
  commentContentSchema,
} from './posts';

/** The social features of DESIGN.md §4c: edits and their history, saves, the drill library, tags, mutes. */

/** PATCH /api/posts/{id}: the author's new text, details or image description; what is left out stays. */
export const editPostSchema = z
  .object({
    content: postContentSchema.optional(),
    drillDetails: drillDetailsSchema.nullish(),
    achievementDetails: achievementDetailsSchema.nullish(),
    mediaAlt: clientString()
      .trim()
      .max(MEDIA_ALT_MAX, { message: `An image description can be at most ${MEDIA_ALT_MAX} characters` })
      .nullish(),
  })
  .strict()
  .refine((edit) => Object.values(edit).some((value) => value !== undefined), {
    message: 'Nothing to change',
  });
export type EditPostPayload = z.input<typeof editPostSchema>;

/** PATCH /api/comments/{id}. */
export const editCommentSchema = z.object({ content: commentContentSchema }).strict();
export type EditCommentPayload = z.input<typeof editCommentSchema>;

/** An earlier version of a post: what it said until `createdAt` of the next one (or the post's `editedAt`). */
export const postVersionSchema = z.object({
  content: z.string(),
  drillDetails: drillDetailsSchema.nullable(),
  achievementDetails: achievementDetailsSchema.nullable(),
  mediaAlt: z.string().nullable(),
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
  drillDetails: drillDetailsSchema.nullable(),
  achievementDetails: achievementDetailsSchema.nullable(),
  mediaAlt: z.string().nullable(),
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
  nextCursor: z.string().nullable(),
});
export type PostPage = z.infer<typeof postPageSchema>;

/** POST /api/saves. */
export const savePostSchema = z.object({ postId: z.uuid({ message: 'Invalid post id' }) });
/** POST /api/saves and DELETE /api/saves/{postId}: the post's exact count and whether the viewer keeps it. */
export const saveReplySchema = z.object({ postId: z.string(), savesCount: z.number(), isSaved: z.boolean() });
export type SaveReply = z.infer<typeof saveReplySchema>;

export const SAVED_PAGE_SIZE = 20;
/** GET /api/saves?before=: most recently saved first; `before` is the last post shown. */
export const savedQuerySchema = z.object({
  limit: pageLimitSchema(SAVED_PAGE_SIZE),
  before: uuidSchema.optional(),
});
export type SavedQuery = z.infer<typeof savedQuerySchema>;

export const DRILL_SORTS = ['newest', 'saved'] as const;
export type DrillSort = (typeof DRILL_SORTS)[number];
export const DRILLS_PAGE_SIZE = 20;
const drillFilter = clientString()
  .trim()
  .max(LIMITS.detailField, { message: `A filter can be at most ${LIMITS.detailField} characters` })
  .optional()
  .transform((value) => value || undefined);

/**
 * GET /api/drills: drill posts, filtered by weapon, level (the whole value, accents and case aside), focus and
 * equipment (a word or phrase in them) and text (the search's words); newest first or most saved first.
 */
export const drillsQuerySchema = z.object({
  weapon: z.enum(WEAPONS, { message: 'Weapon must be epee, foil or sabre' }).optional(),
  level: drillFilter,
  focus: drillFilter,
  equipment: drillFilter,
  q: drillFilter,
  sort: z.enum(DRILL_SORTS, { message: 'Sort must be newest or saved' }).default('newest'),
  limit: pageLimitSchema(DRILLS_PAGE_SIZE),
  before: uuidSchema.optional(),
});
export type DrillsQuery = z.infer<typeof drillsQuerySchema>;

/** `{tag}` of /api/tags/{tag}/posts: letters, digits and `_` (the server folds case and accents). */
export const tagParamSchema = clientString()
  .max(HASHTAG_MAX + 1, { message: `A tag can be at most ${HASHTAG_MAX} characters` })
  .regex(/^#?[\p{L}\p{M}\p{N}_]+$/u, { message: 'A tag is letters, digits and _' });

export const TAG_PAGE_SIZE = 20;
export const tagPostsQuerySchema = z.object({
  weapon: z.enum(WEAPONS, { message: 'Weapon must be epee, foil or sabre' }).optional(),
  limit: pageLimitSchema(TAG_PAGE_SIZE),
  before: uuidSchema.optional(),
});
export type TagPostsQuery = z.infer<typeof tagPostsQuerySchema>;

/** GET /api/tags/{tag}/posts. */
export const tagPageSchema = postPageSchema.extend({ tag: z.string() });
export type TagPage = z.infer<typeof tagPageSchema>;

export const TRENDING_TAGS = 10;
export const TRENDING_DAYS = 7;
export const trendingQuerySchema = z.object({
  weapon: z.enum(WEAPONS, { message: 'Weapon must be epee, foil or sabre' }).optional(),
});
/** GET /api/tags/trending: the most used tags of the last 7 days' public posts, most used first. */
export const trendingTagsSchema = z.object({
  tags: z.array(z.object({ tag: z.string(), postsCount: z.number() })),
});
export type TrendingTags = z.infer<typeof trendingTagsSchema>;

/** POST /api/mutes. */
export const muteUserSchema = z.object({ userId: z.uuid({ message: 'Invalid user id' }) });
/** GET /api/mutes: the fencers the viewer muted, most recent first. */
export const mutedUsersSchema = z.array(fencerSchema);
export type MutedUsers = z.infer<typeof mutedUsersSchema>;

export const MUTED_WORD_MAX = 100;
export const MUTED_WORDS_MAX = 100;
export const mutedWordSchema = z.object({
  word: clientString('Type a word to mute')
    .trim()
    .min(1, { message: 'Type a word to mute' })
    .max(MUTED_WORD_MAX, { message: `A muted word can be at most ${MUTED_WORD_MAX} characters` })
    .refine((word) => /[\p{L}\p{N}]/u.test(word), { message: 'A muted word needs a letter or a digit' }),
  /** Until when it stays muted; null or absent: until unmuted. */
  expiresAt: z.iso
    .datetime({ offset: true, message: 'expiresAt must be a date and time' })
    .nullish()
    .transform((value) => value ?? null),
});
export type MutedWord = z.output<typeof mutedWordSchema>;
/** GET/PUT /api/account/muted-words: the whole list (PUT replaces it). Expired words are left out. */
export const mutedWordsSchema = z
  .array(mutedWordSchema, { message: 'Send a list of muted words' })
  .max(MUTED_WORDS_MAX, { message: `At most ${MUTED_WORDS_MAX} muted words` });
export type MutedWordsInput = z.input<typeof mutedWordsSchema>;

export const SUGGEST_LIMIT = 8;
/** GET /api/users/suggest?q=: fencers whose username or name starts with what was typed, connections first. */
export const userSuggestQuerySchema = z.object({
  q: clientString()
    .trim()
    .max(LIMITS.username, { message: `At most ${LIMITS.username} characters` })
    .transform((q) => q.replace(/^@/, '')),
  limit: pageLimitSchema(SUGGEST_LIMIT),
});
export const userSuggestionSchema = fencerSchema.extend({ connected: z.boolean() });
export type UserSuggestion = z.infer<typeof userSuggestionSchema>;
export const userSuggestionsSchema = z.array(userSuggestionSchema);
