import { z } from 'zod';
import { clientString, fencerSchema, pageLimitSchema, uuidSchema, type Fencer } from './common';
import { clubSchema } from './clubs';
import { feedPostSchema } from './posts';

export const SEARCH_TEXT_MAX = 100;
export const SEARCH_TEXT_REQUIRED = 'Type something to search for';
/** What the search box's dropdown shows of each group. */
export const SEARCH_SUGGESTION_LIMIT = 5;
/** A page of the results page. */
export const SEARCH_PAGE_SIZE = 20;

export const SEARCH_TYPES = ['all', 'posts', 'users', 'clubs'] as const;
export type SearchType = (typeof SEARCH_TYPES)[number];

/**
 * GET /api/search?q=&type=&limit=&before=: posts by their words (content and drill or achievement details,
 * accents ignored, best match first) and fencers by name or username. `limit` caps each group. Posts page with
 * `before`, the id of the last post already shown, and only with `type=posts`; fencers do not page.
 */
export const searchQuerySchema = z
  .object({
    q: clientString(SEARCH_TEXT_REQUIRED)
      .trim()
      .min(1, { message: SEARCH_TEXT_REQUIRED })
      .max(SEARCH_TEXT_MAX, { message: `Search text can be at most ${SEARCH_TEXT_MAX} characters` }),
    type: z.enum(SEARCH_TYPES, { message: 'Type must be all, posts, users or clubs' }).default('all'),
    limit: pageLimitSchema(SEARCH_PAGE_SIZE),
    before: uuidSchema.optional(),
  })
  .refine((query) => query.before === undefined || query.type === 'posts', {
    message: 'Use before only with type=posts',
    path: ['before'],
  });
export type SearchQuery = z.infer<typeof searchQuerySchema>;

/** A fencer found by name or username: what a result row shows, never an email. */
export const searchUserSchema = fencerSchema;
export type SearchUser = Fencer;

export const searchReplySchema = z.object({
  posts: z.array(feedPostSchema),
  users: z.array(searchUserSchema),
  /** Clubs by name (accents aside); absent from replies older than clubs. */
  clubs: z.array(clubSchema).optional(),
  /** The `before` of the next page of posts; null when there is none. */
  nextCursor: z.string().nullable(),
});
export type SearchReply = z.infer<typeof searchReplySchema>;
