import { z } from 'zod';
import { BAN_DURATIONS, LIMITS, REPORT_STATUSES } from './constants';
import { clientString } from './common';

export const createReportSchema = z.object({
  postId: z.uuid({ message: 'Invalid post id' }),
  reporterId: clientString().max(64).optional(),
  reason: clientString().trim().min(1, { message: 'Please give a reason' }).max(LIMITS.reportReason),
  description: clientString().trim().max(LIMITS.reportReason).nullish(),
});

export const updateReportSchema = z.object({
  status: z.enum(['dismissed', 'resolved'], { message: 'Status must be dismissed or resolved' }),
  resolvedAt: z.string().optional(),
});

export const reportSchema = z.object({
  id: z.string(),
  postId: z.string(),
  reason: z.string(),
  description: z.string().nullable(),
  status: z.enum(REPORT_STATUSES),
  createdAt: z.string(),
  resolvedAt: z.string().nullable(),
  reporterId: z.string().nullable(),
  reviewedBy: z.object({ id: z.string(), name: z.string().nullable() }).nullable(),
  /** Snapshot of the reported post, kept after the post is deleted. */
  post: z.object({
    content: z.string(),
    authorId: z.string().nullable(),
    authorName: z.string().nullable(),
    deleted: z.boolean(),
  }),
  actions: z.array(z.object({ action: z.string(), by: z.string().nullable(), at: z.string() })).default([]),
});
export type Report = z.infer<typeof reportSchema>;

const banHours = BAN_DURATIONS.map((d) => d.hours) as number[];
export const createBanSchema = z.object({
  userId: z.uuid({ message: 'Post author not found' }),
  reason: clientString().trim().min(1, { message: 'Please give a reason' }).max(LIMITS.banReason),
  durationHours: z.coerce
    .number()
    .int()
    .refine((h) => banHours.includes(h), { message: 'Duration must be 1, 24, 168 or 720 hours' }),
  reportId: z.uuid().optional(),
});

export const banSchema = z.object({
  id: z.string(),
  userId: z.string(),
  bannedBy: z.string().nullable(),
  reason: z.string(),
  bannedUntil: z.string(),
  createdAt: z.string(),
});
export type Ban = z.infer<typeof banSchema>;

/** GET /api/bans/me: the signed-in user's active ban (the one ending last), or null. */
export const activeBanReplySchema = z.object({ ban: banSchema.nullable() });
export type ActiveBanReply = z.infer<typeof activeBanReplySchema>;
