import { z } from 'zod';
import { BAN_DURATIONS, LIMITS, REPORT_CATEGORIES, REPORT_TARGET_TYPES } from '../constants';
import { clientString, optionalText } from './common';
import { english } from '../validation';

/** The spec's report of a post (§7): `{postId, reason}` with a free-text reason ('Inappropriate content'). */
export const postReportSchema = z.object({
  /** Absent: this is the spec's shape, told apart from a report of any target by it. */
  targetType: z.undefined().optional(),
  postId: z.uuid({ message: english('ids.post') }),
  reporterId: clientString().max(64).optional(),
  reason: clientString()
    .trim()
    .min(1, { message: english('moderation.reasonRequired') })
    .max(LIMITS.reportReason),
  description: clientString().trim().max(LIMITS.reportReason).nullish(),
});

/** A report of a post, a comment, a direct message or a fencer, with its category (§4e). */
export const targetReportSchema = z.object({
  targetType: z.enum(REPORT_TARGET_TYPES),
  targetId: z.uuid({ message: english('ids.target') }),
  reporterId: clientString().max(64).optional(),
  reason: z.enum(REPORT_CATEGORIES, {
    message: english('moderation.category'),
  }),
  description: optionalText(LIMITS.reportReason),
});
export type TargetReportPayload = z.input<typeof targetReportSchema>;

/** POST /api/reports: either shape; a body with `targetType` is a report of any target. */
export const createReportSchema = z.discriminatedUnion('targetType', [targetReportSchema, postReportSchema], {
  message: english('moderation.targetType'),
});

export const updateReportSchema = z.object({
  status: z.enum(['dismissed', 'resolved'], { message: english('moderation.status') }),
  resolvedAt: z.string().optional(),
});

const banHours = BAN_DURATIONS.map((d) => d.hours) as number[];
export const createBanSchema = z.object({
  userId: z.uuid({ message: english('moderation.author') }),
  reason: clientString()
    .trim()
    .min(1, { message: english('moderation.reasonRequired') })
    .max(LIMITS.banReason),
  durationHours: z.coerce
    .number()
    .int()
    .refine((h) => banHours.includes(h), { message: english('moderation.banDuration') }),
  reportId: z.uuid().optional(),
});
