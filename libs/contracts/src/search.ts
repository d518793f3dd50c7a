import { clubSchema } from './clubs';
import { fencerSchema, type Fencer } from './common';
import { feedPostSchema } from './posts';
import { z } from './zod';
import { said } from './validation-texts';

export const SEARCH_TEXT_MAX = 100;
export const SEARCH_TEXT_REQUIRED = said('search.required', 'Type something to search for');
/** What the search box's dropdown shows of each group. */
export const SEARCH_SUGGESTION_LIMIT = 5;
/** A page of the results page. */
export const SEARCH_PAGE_SIZE = 20;

export const SEARCH_TYPES = ['all', 'posts', 'users', 'clubs'] as const;
export type SearchType = (typeof SEARCH_TYPES)[number];

/** A fencer found by name or username: what a result row shows, never an email. */
export const searchUserSchema = fencerSchema;
export type SearchUser = Fencer;

export const searchReplySchema = z.object({
  posts: z.array(feedPostSchema),
  users: z.array(searchUserSchema),
  /** Clubs by name (accents aside); absent from replies older than clubs. */
  clubs: z.optional(z.array(clubSchema)),
  /** The `before` of the next page of posts; null when there is none. */
  nextCursor: z.nullable(z.string()),
});
export type SearchReply = z.infer<typeof searchReplySchema>;
