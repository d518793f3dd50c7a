import { z } from 'zod';
import { WEAPONS } from './constants';
import { clientString, fencerSchema, pageLimitSchema, uuidSchema } from './common';

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

/** USA Fencing and British Fencing: a letter A–E with the two-digit year it was earned (B24), or U (unrated). */
const LETTER_RATING = /^(?:[A-E]\d{2}|U)$/;

export const ratingSchema = z
  .object({
    weapon: z.enum(WEAPONS, { message: 'Weapon must be epee, foil or sabre' }),
    system: z.enum(RATING_SYSTEMS, { message: 'Rating system is USAF, BF, FIE or other' }),
    value: clientString('Rating is required')
      .trim()
      .toUpperCase()
      .min(1, { message: 'Rating is required' })
      .max(20, {
        message: 'A rating can be at most 20 characters',
      }),
  })
  .superRefine((rating, ctx) => {
    if ((rating.system === 'USAF' || rating.system === 'BF') && !LETTER_RATING.test(rating.value)) {
      ctx.addIssue({
        code: 'custom',
        path: ['value'],
        message: `A ${rating.system} rating is a letter A to E with a two-digit year (B24), or U`,
      });
    }
    if (rating.system === 'FIE' && !/^[1-9]\d{0,3}$/.test(rating.value)) {
      ctx.addIssue({
        code: 'custom',
        path: ['value'],
        message: 'An FIE world rank is a number from 1 to 9999',
      });
    }
  });
export type Rating = z.infer<typeof ratingSchema>;

/** PUT /api/account/record: the fencer's ratings (first is the one shown beside their name) and who sees them. */
export const recordSettingsSchema = z
  .object({
    ratings: z
      .array(ratingSchema, { message: 'Ratings are a list' })
      .max(MAX_RATINGS, { message: `At most ${MAX_RATINGS} ratings` })
      .refine((ratings) => new Set(ratings.map((r) => `${r.weapon}:${r.system}`)).size === ratings.length, {
        message: 'One rating per weapon and system',
      }),
    recordVisibility: z.enum(RECORD_VISIBILITIES, {
      message: 'Who sees your record is everyone, connections or private',
    }),
  })
  .strict();
export type RecordSettings = z.infer<typeof recordSettingsSchema>;
export type RecordSettingsPayload = z.input<typeof recordSettingsSchema>;

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

const touches = z.coerce
  .number({ message: 'Touches are a whole number' })
  .int({ message: 'Touches are a whole number' })
  .min(0, { message: 'Touches cannot be negative' });

/** POST /api/bouts: from the logging fencer's side; against a Piste fencer (who confirms it) or a name. */
export const createBoutSchema = z
  .object({
    weapon: z.enum(WEAPONS, { message: 'Weapon must be epee, foil or sabre' }),
    opponentId: uuidSchema.nullish(),
    opponentName: clientString()
      .trim()
      .max(100, { message: 'A name can be at most 100 characters' })
      .nullish()
      .transform((name) => name || null),
    scoreFor: touches,
    scoreAgainst: touches,
    won: z.boolean({ message: 'Say whether you won' }),
    kind: z.enum(BOUT_KINDS, { message: 'Kind is pool, de or practice' }),
    date: z.iso.date({ message: 'Date must be a day such as 2026-11-26' }),
    eventId: uuidSchema.nullish(),
    notes: clientString()
      .trim()
      .max(1000, { message: 'Notes can be at most 1000 characters' })
      .nullish()
      .transform((notes) => notes || null),
  })
  .strict()
  .superRefine((bout, ctx) => {
    if (!bout.opponentId === !bout.opponentName) {
      ctx.addIssue({
        code: 'custom',
        path: ['opponentId'],
        message: 'Choose the opponent: a fencer on Piste or a name',
      });
    }
    const limit = BOUT_TOUCH_LIMITS[bout.kind];
    if (typeof bout.scoreFor === 'number' && typeof bout.scoreAgainst === 'number') {
      if (bout.scoreFor > limit || bout.scoreAgainst > limit) {
        ctx.addIssue({
          code: 'custom',
          path: ['scoreFor'],
          message: `A ${BOUT_KIND_LABELS[bout.kind].toLowerCase()} bout goes to ${limit} touches at most`,
        });
      } else if (bout.scoreFor !== bout.scoreAgainst && bout.won !== bout.scoreFor > bout.scoreAgainst) {
        ctx.addIssue({ code: 'custom', path: ['won'], message: 'The score says who won' });
      }
    }
  });
export type CreateBoutPayload = z.input<typeof createBoutSchema>;

/** A bout as one fencer's record shows it: from that fencer's side (`scoreFor` is theirs). */
export const boutSchema = z.object({
  id: z.string(),
  weapon: z.enum(WEAPONS),
  /** The other fencer, on Piste; null for a name, or a fencer whose account is gone. */
  opponent: fencerSchema.nullable(),
  opponentName: z.string().nullable(),
  scoreFor: z.number(),
  scoreAgainst: z.number(),
  won: z.boolean(),
  kind: z.enum(BOUT_KINDS),
  date: z.string(),
  eventId: z.string().nullable(),
  notes: z.string().nullable(),
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
export const boutsQuerySchema = z.object({
  weapon: z.enum(WEAPONS, { message: 'Weapon must be epee, foil or sabre' }).optional(),
  limit: pageLimitSchema(BOUTS_PAGE_SIZE),
  before: uuidSchema.optional(),
});
export type BoutsQuery = z.infer<typeof boutsQuerySchema>;

/**
 * GET /api/profiles/{username}/bouts: the fencer's bouts, newest first; those waiting for an answer or disputed
 * only to the two fencers in them.
 */
export const boutsPageSchema = z.object({
  bouts: z.array(boutSchema),
  nextCursor: z.string().nullable(),
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
  ratings: z.array(ratingSchema),
  totals: z.array(boutTotalsSchema),
});
export type FencerRecord = z.infer<typeof fencerRecordSchema>;

/** GET /api/account/record: the fencer's own ratings and who sees their record. */
export const recordSettingsReplySchema = z.object({
  ratings: z.array(ratingSchema),
  recordVisibility: z.enum(RECORD_VISIBILITIES),
});
