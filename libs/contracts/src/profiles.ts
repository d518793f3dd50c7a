import { FEED_PAGE_SIZE } from './constants';
import { fencerSchema } from './common';
import { z } from './zod';

/** A fencer's public page lives at /u/{username}. */
export const FENCER_PAGE_SIZE = FEED_PAGE_SIZE;
/** How many achievement posts the competition record shows, newest first. */
export const COMPETITION_RECORD_LIMIT = 100;

/** What anyone signed in may see of a fencer: never the email. */
export const publicProfileSchema = z.extend(fencerSchema, {
  bio: z.nullable(z.string()),
  location: z.nullable(z.string()),
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
  postId: z.nullable(z.string()),
  competition: z.nullable(z.string()),
  place: z.nullable(z.string()),
  score: z.nullable(z.string()),
  competitors: z.nullable(z.number()),
  date: z.nullable(z.string()),
  /** The start of the achievement post's text, for entries whose details leave the result unsaid. */
  summary: z.nullable(z.string()),
});
export type CompetitionEntry = z.infer<typeof competitionEntrySchema>;

/** GET /api/profiles/{username}; 404 `User not found` when unknown or either of the two blocked the other. */
export const fencerProfileSchema = z.object({
  profile: publicProfileSchema,
  connection: z.enum(CONNECTION_STATES),
  /** The pending request's id when `connection` is `pending-sent` (to withdraw) or `pending-received` (to answer). */
  requestId: z.optional(z.string()),
  /** Achievement posts newest first, then the profile's listed achievements. */
  record: z.array(competitionEntrySchema),
});
export type FencerProfile = z.infer<typeof fencerProfileSchema>;
