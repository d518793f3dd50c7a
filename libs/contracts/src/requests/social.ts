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

/** POST /api/saves. */
export const savePostSchema = z.object({ postId: z.uuid({ message: 'Invalid post id' }) });
/** GET /api/saves?before=: most recently saved first; `before` is the last post shown. */
export const savedQuerySchema = z.object({
  limit: pageLimitSchema(SAVED_PAGE_SIZE),
  before: uuidSchema.optional(),
});
export type SavedQuery = z.infer<typeof savedQuerySchema>;

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

export const tagPostsQuerySchema = z.object({
  weapon: z.enum(WEAPONS, { message: 'Weapon must be epee, foil or sabre' }).optional(),
  limit: pageLimitSchema(TAG_PAGE_SIZE),
  before: uuidSchema.optional(),
});
export type TagPostsQuery = z.infer<typeof tagPostsQuerySchema>;

export const trendingQuerySchema = z.object({
  weapon: z.enum(WEAPONS, { message: 'Weapon must be epee, foil or sabre' }).optional(),
});
/** POST /api/mutes. */
export const muteUserSchema = z.object({ userId: z.uuid({ message: 'Invalid user id' }) });
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
/** GET/PUT /api/account/muted-words: the whole list (PUT replaces it). Expired words are left out. */
export const mutedWordsSchema = z
  .array(mutedWordSchema, { message: 'Send a list of muted words' })
  .max(MUTED_WORDS_MAX, { message: `At most ${MUTED_WORDS_MAX} muted words` });
export type MutedWordsInput = z.input<typeof mutedWordsSchema>;

/** GET /api/users/suggest?q=: fencers whose username or name starts with what was typed, connections first. */
export const userSuggestQuerySchema = z.object({
  q: clientString()
    .trim()
    .max(LIMITS.username, { message: `At most ${LIMITS.username} characters` })
    .transform((q) => q.replace(/^@/, '')),
  limit: pageLimitSchema(SUGGEST_LIMIT),
});
