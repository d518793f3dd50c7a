import { z } from 'zod';
import { FEED_PAGE_SIZE, LIMITS } from './constants';
import { clientString, fencerSchema, pageLimitSchema, uuidSchema } from './common';

/** A fencer's public page lives at /u/{username}. */
export const FENCER_PAGE_SIZE = FEED_PAGE_SIZE;
/** How many achievement posts the competition record shows, newest first. */
export const COMPETITION_RECORD_LIMIT = 100;

/**
 * The `:username` of GET /api/profiles/{username}: any stored username (looked up case-insensitively), so only
 * what no username can be is refused here (empty, too long, a NUL character).
 */
export const profileUsernameSchema = clientString('Invalid username')
  .min(1, { message: 'Invalid username' })
  .max(LIMITS.username, { message: 'Invalid username' });

/**
 * GET /api/profiles/{username}/posts?before=&limit=: keyset paging like the feed's. `before` is the id of the last
 * post already shown; one that is not a post of this fencer the viewer may see is 400 `Unknown post in before`.
 */
export const fencerPostsQuerySchema = z.object({
  limit: pageLimitSchema(FENCER_PAGE_SIZE),
  before: uuidSchema.optional(),
});
export type FencerPostsQuery = z.infer<typeof fencerPostsQuerySchema>;

/** What anyone signed in may see of a fencer: never the email. */
export const publicProfileSchema = fencerSchema.extend({
  bio: z.string().nullable(),
  location: z.string().nullable(),
  achievements: z.array(z.string()),
  postsCount: z.number(),
  createdAt: z.string(),
});
export type PublicProfile = z.infer<typeof publicProfileSchema>;

/**
 * Where the viewer stands with the fencer: themselves, nothing yet, a pending request either way (`sent` by the
 * viewer or `received` from the fencer), or connected.
 */
export const CONNECTION_STATES = ['self', 'none', 'pending-sent', 'pending-received', 'connected'] as const;
export type ConnectionState = (typeof CONNECTION_STATES)[number];

/**
 * One line of a fencer's competition record: from an achievement post (its details and the post's date), or
 * from the profile's `achievements` list (the text as `competition`, nothing else known).
 */
export const competitionEntrySchema = z.object({
  postId: z.string().nullable(),
  competition: z.string().nullable(),
  place: z.string().nullable(),
  score: z.string().nullable(),
  competitors: z.number().nullable(),
  date: z.string().nullable(),
  /** The start of the achievement post's text, for entries whose details leave the result unsaid. */
  summary: z.string().nullable(),
});
export type CompetitionEntry = z.infer<typeof competitionEntrySchema>;

/** GET /api/profiles/{username}; 404 `User not found` when unknown or either of the two blocked the other. */
export const fencerProfileSchema = z.object({
  profile: publicProfileSchema,
  connection: z.enum(CONNECTION_STATES),
  /** The pending request's id when `connection` is `pending-sent` (to withdraw) or `pending-received` (to answer). */
  requestId: z.string().optional(),
  /** Achievement posts newest first, then the profile's listed achievements. */
  record: z.array(competitionEntrySchema),
});
export type FencerProfile = z.infer<typeof fencerProfileSchema>;
