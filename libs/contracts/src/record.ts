import { WEAPONS } from './constants';
import { fencerSchema } from './common';
import { z } from './zod';

/**
 * A fencer's record (DESIGN.md §4d): ratings per weapon, a log of bouts that the other fencer confirms, totals
 * and head-to-head, each behind the fencer's choice of who sees them.
 */

export const RATING_SYSTEMS = ['USAF', 'BF', 'FIE', 'other'] as const;
export type RatingSystem = (typeof RATING_SYSTEMS)[number];
export const RATING_SYSTEM_LABELS: Record<RatingSystem, string> = {
  USAF: 'USA Fencing',
  BF: 'British Fencing',
  FIE: 'FIE world rank',
  other: 'Other',
};
export const RECORD_VISIBILITIES = ['everyone', 'connections', 'private'] as const;
export type RecordVisibility = (typeof RECORD_VISIBILITIES)[number];
/** Most ratings one fencer lists: a system or two for each weapon. */
export const MAX_RATINGS = 8;

/** A rating as a record shows it: the weapon, the system and its value (B24, U, 12). */
export const ratingReplySchema = z.object({
  weapon: z.enum(WEAPONS),
  system: z.enum(RATING_SYSTEMS),
  value: z.string(),
});
export type Rating = z.infer<typeof ratingReplySchema>;

/** A rating as a name carries it: "B24", "U", "#12" for an FIE rank. */
export function ratingLabel(rating: Pick<Rating, 'system' | 'value'>): string {
  return rating.system === 'FIE' ? `#${rating.value}` : rating.value;
}

export const BOUT_KINDS = ['pool', 'de', 'practice'] as const;
export type BoutKind = (typeof BOUT_KINDS)[number];
/** The most touches one fencer scores in a bout of each kind. */
export const BOUT_TOUCH_LIMITS: Record<BoutKind, number> = { pool: 5, de: 15, practice: 45 };
export const BOUT_KIND_LABELS: Record<BoutKind, string> = {
  pool: 'Pool',
  de: 'Direct elimination',
  practice: 'Practice',
};
export const BOUT_STATUSES = ['unconfirmed', 'confirmed', 'disputed', 'recorded'] as const;
export type BoutStatus = (typeof BOUT_STATUSES)[number];

/** A bout as one fencer's record shows it: from that fencer's side (`scoreFor` is theirs). */
export const boutSchema = z.object({
  id: z.string(),
  weapon: z.enum(WEAPONS),
  /** The other fencer, on Piste; null for a name, or a fencer whose account is gone. */
  opponent: z.nullable(fencerSchema),
  opponentName: z.nullable(z.string()),
  scoreFor: z.number(),
  scoreAgainst: z.number(),
  won: z.boolean(),
  kind: z.enum(BOUT_KINDS),
  date: z.string(),
  eventId: z.nullable(z.string()),
  notes: z.nullable(z.string()),
  status: z.enum(BOUT_STATUSES),
  /** Whether the record's fencer logged it (else their opponent did, and may have to confirm it). */
  loggedBy: z.enum(['self', 'opponent']),
  createdAt: z.string(),
});
export type Bout = z.infer<typeof boutSchema>;

/** Confirmed bouts of one weapon, from one fencer's side; indicator = touches scored − received, as in pools. */
export const boutTotalsSchema = z.object({
  weapon: z.enum(WEAPONS),
  bouts: z.number(),
  wins: z.number(),
  losses: z.number(),
  touchesFor: z.number(),
  touchesAgainst: z.number(),
  indicator: z.number(),
});
export type BoutTotals = z.infer<typeof boutTotalsSchema>;

export const BOUTS_PAGE_SIZE = 20;

/**
 * GET /api/profiles/{username}/bouts: the fencer's bouts, newest first; those waiting for an answer or disputed
 * only to the two fencers in them.
 */
export const boutsPageSchema = z.object({
  bouts: z.array(boutSchema),
  nextCursor: z.nullable(z.string()),
});
export type BoutsPage = z.infer<typeof boutsPageSchema>;

/** GET /api/profiles/{username}/head-to-head: the viewer against that fencer, confirmed bouts only. */
export const headToHeadSchema = z.object({
  totals: z.array(boutTotalsSchema),
  bouts: z.array(boutSchema),
});
export type HeadToHead = z.infer<typeof headToHeadSchema>;

/**
 * GET /api/profiles/{username}/record: whether the viewer may see the fencer's record, and if so their ratings
 * and confirmed totals per weapon (bouts against a name count as the fencer logged them).
 */
export const fencerRecordSchema = z.object({
  visible: z.boolean(),
  /** Whom the fencer shares their record with: why it is closed, when it is. */
  sharedWith: z.enum(RECORD_VISIBILITIES),
  ratings: z.array(ratingReplySchema),
  totals: z.array(boutTotalsSchema),
});
export type FencerRecord = z.infer<typeof fencerRecordSchema>;

/** GET /api/account/record: the fencer's own ratings and who sees their record. */
export const recordSettingsReplySchema = z.object({
  ratings: z.array(ratingReplySchema),
  recordVisibility: z.enum(RECORD_VISIBILITIES),
});
