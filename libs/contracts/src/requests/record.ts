import { z } from 'zod';
import { WEAPONS } from '../constants';
import {
  BOUT_KINDS,
  BOUT_TOUCH_LIMITS,
  BOUTS_PAGE_SIZE,
  MAX_RATINGS,
  RATING_SYSTEMS,
  RECORD_VISIBILITIES,
  type BoutKind,
} from '../record';
import { english, type ValidationKey } from '../validation';
import { clientString, pageLimitSchema, uuidSchema } from './common';

/** How many touches a bout of each kind goes to, said per kind (a language may word each kind its own way). */
const TOUCH_LIMIT_TEXTS: Record<BoutKind, ValidationKey> = {
  pool: 'record.touchLimit.pool',
  de: 'record.touchLimit.de',
  practice: 'record.touchLimit.practice',
};

/** USA Fencing and British Fencing: a letter A–E with the two-digit year it was earned (B24), or U (unrated). */
const LETTER_RATING = /^(?:[A-E]\d{2}|U)$/;

export const ratingSchema = z
  .object({
    weapon: z.enum(WEAPONS, { message: english('weapons.filter') }),
    system: z.enum(RATING_SYSTEMS, { message: english('record.ratingSystem') }),
    value: clientString(english('record.ratingRequired'))
      .trim()
      .toUpperCase()
      .min(1, { message: english('record.ratingRequired') })
      .max(20, {
        message: english('record.ratingTooLong'),
      }),
  })
  .superRefine((rating, ctx) => {
    if ((rating.system === 'USAF' || rating.system === 'BF') && !LETTER_RATING.test(rating.value)) {
      ctx.addIssue({
        code: 'custom',
        path: ['value'],
        message: english('record.letterRating', { system: rating.system }),
      });
    }
    if (rating.system === 'FIE' && !/^[1-9]\d{0,3}$/.test(rating.value)) {
      ctx.addIssue({
        code: 'custom',
        path: ['value'],
        message: english('record.fieRank'),
      });
    }
  });

/** PUT /api/account/record: the fencer's ratings (first is the one shown beside their name) and who sees them. */
export const recordSettingsSchema = z
  .object({
    ratings: z
      .array(ratingSchema, { message: english('record.ratingsList') })
      .max(MAX_RATINGS, { message: english('record.tooManyRatings', { max: MAX_RATINGS }) })
      .refine((ratings) => new Set(ratings.map((r) => `${r.weapon}:${r.system}`)).size === ratings.length, {
        message: english('record.oneRatingEach'),
      }),
    recordVisibility: z.enum(RECORD_VISIBILITIES, {
      message: english('record.visibility'),
    }),
  })
  .strict();
export type RecordSettings = z.infer<typeof recordSettingsSchema>;
export type RecordSettingsPayload = z.input<typeof recordSettingsSchema>;

const touches = z.coerce
  .number({ message: english('record.touches') })
  .int({ message: english('record.touches') })
  .min(0, { message: english('record.touchesNegative') });

/** POST /api/bouts: from the logging fencer's side; against a Piste fencer (who confirms it) or a name. */
export const createBoutSchema = z
  .object({
    weapon: z.enum(WEAPONS, { message: english('weapons.filter') }),
    opponentId: uuidSchema.nullish(),
    opponentName: clientString()
      .trim()
      .max(100, { message: english('record.opponentNameTooLong') })
      .nullish()
      .transform((name) => name || null),
    scoreFor: touches,
    scoreAgainst: touches,
    won: z.boolean({ message: english('record.won') }),
    kind: z.enum(BOUT_KINDS, { message: english('record.boutKind') }),
    date: z.iso.date({ message: english('record.date') }),
    eventId: uuidSchema.nullish(),
    notes: clientString()
      .trim()
      .max(1000, { message: english('record.notesTooLong') })
      .nullish()
      .transform((notes) => notes || null),
  })
  .strict()
  .superRefine((bout, ctx) => {
    if (!bout.opponentId === !bout.opponentName) {
      ctx.addIssue({
        code: 'custom',
        path: ['opponentId'],
        message: english('record.opponent'),
      });
    }
    const limit = BOUT_TOUCH_LIMITS[bout.kind];
    if (typeof bout.scoreFor === 'number' && typeof bout.scoreAgainst === 'number') {
      if (bout.scoreFor > limit || bout.scoreAgainst > limit) {
        ctx.addIssue({
          code: 'custom',
          path: ['scoreFor'],
          message: english(TOUCH_LIMIT_TEXTS[bout.kind], { limit }),
        });
      } else if (bout.scoreFor !== bout.scoreAgainst && bout.won !== bout.scoreFor > bout.scoreAgainst) {
        ctx.addIssue({ code: 'custom', path: ['won'], message: english('record.scoreSaysWhoWon') });
      }
    }
  });
export type CreateBoutPayload = z.input<typeof createBoutSchema>;

export const boutsQuerySchema = z.object({
  weapon: z.enum(WEAPONS, { message: english('weapons.filter') }).optional(),
  limit: pageLimitSchema(BOUTS_PAGE_SIZE),
  before: uuidSchema.optional(),
});
export type BoutsQuery = z.infer<typeof boutsQuerySchema>;
