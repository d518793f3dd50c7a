import { z } from 'zod';
import { LIMITS, WEAPONS } from '../constants';
import { HASHTAG_MAX } from '../post-text';
import { MEDIA_ALT_MAX } from '../posts';
import {
  DRILL_SORTS,
  DRILLS_PAGE_SIZE,
  MUTED_WORD_MAX,
  MUTED_WORDS_MAX,
  SAVED_PAGE_SIZE,
  SUGGEST_LIMIT,
  TAG_PAGE_SIZE,
} from '../social';
import { clientString, pageLimitSchema, uuidSchema } from './common';
import {
  achievementDetailsSchema,
  commentContentSchema,
  drillDetailsSchema,
  postContentSchema,
} from './posts';
import { english } from '../validation';

/** PATCH /api/posts/{id}: the author's new text, details or image description; what is left out stays. */
export const editPostSchema = z
  .object({
    content: postContentSchema.optional(),
    drillDetails: drillDetailsSchema.nullish(),
    achievementDetails: achievementDetailsSchema.nullish(),
    mediaAlt: clientString()
      .trim()
      .max(MEDIA_ALT_MAX, { message: english('posts.mediaAltTooLong', { max: MEDIA_ALT_MAX }) })
      .nullish(),
  })
  .strict()
  .refine((edit) => Object.values(edit).some((value) => value !== undefined), {
    message: english('nothingToChange'),
  });
export type EditPostPayload = z.input<typeof editPostSchema>;

/** PATCH /api/comments/{id}. */
export const editCommentSchema = z.object({ content: commentContentSchema }).strict();
export type EditCommentPayload = z.input<typeof editCommentSchema>;

/** POST /api/saves. */
export const savePostSchema = z.object({ postId: z.uuid({ message: english('ids.post') }) });
/** GET /api/saves?before=: most recently saved first; `before` is the last post shown. */
export const savedQuerySchema = z.object({
  limit: pageLimitSchema(SAVED_PAGE_SIZE),
  before: uuidSchema.optional(),
});
export type SavedQuery = z.infer<typeof savedQuerySchema>;

const drillFilter = clientString()
  .trim()
  .max(LIMITS.detailField, { message: english('posts.filterTooLong', { max: LIMITS.detailField }) })
  .optional()
  .transform((value) => value || undefined);

/**
 * GET /api/drills: drill posts, filtered by weapon, level (the whole value, accents and case aside), focus and
 * equipment (a word or phrase in them) and text (the search's words); newest first or most saved first.
 */
export const drillsQuerySchema = z.object({
  weapon: z.enum(WEAPONS, { message: english('weapons.filter') }).optional(),
  level: drillFilter,
  focus: drillFilter,
  equipment: drillFilter,
  q: drillFilter,
  sort: z.enum(DRILL_SORTS, { message: english('posts.drillSort') }).default('newest'),
  limit: pageLimitSchema(DRILLS_PAGE_SIZE),
  before: uuidSchema.optional(),
});
export type DrillsQuery = z.infer<typeof drillsQuerySchema>;

/** `{tag}` of /api/tags/{tag}/posts: letters, digits and `_` (the server folds case and accents). */
export const tagParamSchema = clientString()
  .max(HASHTAG_MAX + 1, { message: english('posts.tagTooLong', { max: HASHTAG_MAX }) })
  .regex(/^#?[\p{L}\p{M}\p{N}_]+$/u, { message: english('posts.tagCharacters') });

export const tagPostsQuerySchema = z.object({
  weapon: z.enum(WEAPONS, { message: english('weapons.filter') }).optional(),
  limit: pageLimitSchema(TAG_PAGE_SIZE),
  before: uuidSchema.optional(),
});
export type TagPostsQuery = z.infer<typeof tagPostsQuerySchema>;

export const trendingQuerySchema = z.object({
  weapon: z.enum(WEAPONS, { message: english('weapons.filter') }).optional(),
});
/** POST /api/mutes. */
export const muteUserSchema = z.object({ userId: z.uuid({ message: english('ids.user') }) });
export const mutedWordSchema = z.object({
  word: clientString(english('mutedWords.required'))
    .trim()
    .min(1, { message: english('mutedWords.required') })
    .max(MUTED_WORD_MAX, { message: english('mutedWords.tooLong', { max: MUTED_WORD_MAX }) })
    .refine((word) => /[\p{L}\p{N}]/u.test(word), { message: english('mutedWords.letterOrDigit') }),
  /** Until when it stays muted; null or absent: until unmuted. */
  expiresAt: z.iso
    .datetime({ offset: true, message: english('mutedWords.expiresAt') })
    .nullish()
    .transform((value) => value ?? null),
});
/** GET/PUT /api/account/muted-words: the whole list (PUT replaces it). Expired words are left out. */
export const mutedWordsSchema = z
  .array(mutedWordSchema, { message: english('mutedWords.list') })
  .max(MUTED_WORDS_MAX, { message: english('mutedWords.tooMany', { max: MUTED_WORDS_MAX }) });
export type MutedWordsInput = z.input<typeof mutedWordsSchema>;

/** GET /api/users/suggest?q=: fencers whose username or name starts with what was typed, connections first. */
export const userSuggestQuerySchema = z.object({
  q: clientString()
    .trim()
    .max(LIMITS.username, { message: english('text.atMost', { max: LIMITS.username }) })
    .transform((q) => q.replace(/^@/, '')),
  limit: pageLimitSchema(SUGGEST_LIMIT),
});
