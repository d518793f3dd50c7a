import { z } from 'zod';
import { WEAPONS } from '../constants';
import {
  BOUT_KIND_LABELS,
  BOUT_KINDS,
  BOUT_TOUCH_LIMITS,
  BOUTS_PAGE_SIZE,
  MAX_RATINGS,
  RATING_SYSTEMS,
  RECORD_VISIBILITIES,
} from '../record';
import { clientString, pageLimitSchema, uuidSchema } from './common';

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

export const boutsQuerySchema = z.object({
  weapon: z.enum(WEAPONS, { message: 'Weapon must be epee, foil or sabre' }).optional(),
  limit: pageLimitSchema(BOUTS_PAGE_SIZE),
  before: uuidSchema.optional(),
});
export type BoutsQuery = z.infer<typeof boutsQuerySchema>;
