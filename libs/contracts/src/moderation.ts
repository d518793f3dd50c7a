import { z } from 'zod';
import {
  BAN_DURATIONS,
  LIMITS,
  REPORT_CATEGORIES,
  REPORT_STATUSES,
  REPORT_TARGET_TYPES,
  WEAPONS,
} from './constants';
import { clientString, optionalText } from './common';

/** The spec's report of a post (§7): `{postId, reason}` with a free-text reason ('Inappropriate content'). */
export const postReportSchema = z.object({
  /** Absent: this is the spec's shape, told apart from a report of any target by it. */
  targetType: z.undefined().optional(),
  postId: z.uuid({ message: 'Invalid post id' }),
  reporterId: clientString().max(64).optional(),
  reason: clientString().trim().min(1, { message: 'Please give a reason' }).max(LIMITS.reportReason),
  description: clientString().trim().max(LIMITS.reportReason).nullish(),
});

/** A report of a post, a comment, a direct message or a fencer, with its category (§4e). */
export const targetReportSchema = z.object({
  targetType: z.enum(REPORT_TARGET_TYPES),
  targetId: z.uuid({ message: 'Invalid target id' }),
  reporterId: clientString().max(64).optional(),
  reason: z.enum(REPORT_CATEGORIES, {
    message: 'Choose a reason: spam, harassment, hate, violence, sexual, self-harm, impersonation or other',
  }),
  description: optionalText(LIMITS.reportReason),
});
export type TargetReportPayload = z.input<typeof targetReportSchema>;

/** POST /api/reports: either shape; a body with `targetType` is a report of any target. */
export const createReportSchema = z.discriminatedUnion('targetType', [targetReportSchema, postReportSchema], {
  message: 'Target type must be post, comment, message or user',
});

export const updateReportSchema = z.object({
  status: z.enum(['dismissed', 'resolved'], { message: 'Status must be dismissed or resolved' }),
  resolvedAt: z.string().optional(),
});

/**
 * What was reported, as it was when reported: the report keeps it after the content (or the account) is gone,
 * and says so with `deleted`. The person it is against is named by id and name; once their account is deleted,
 * neither (the text stays). A message names its receiver, who is the one who reported it.
 */
export const reportedContentSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('post'),
    postId: z.string(),
    content: z.string(),
    authorId: z.string().nullable(),
    authorName: z.string().nullable(),
    deleted: z.boolean(),
  }),
  z.object({
    type: z.literal('comment'),
    commentId: z.string().nullable(),
    /** The post it was written on, for a link to it. */
    postId: z.string().nullable(),
    content: z.string(),
    authorId: z.string().nullable(),
    authorName: z.string().nullable(),
    deleted: z.boolean(),
  }),
  z.object({
    type: z.literal('message'),
    messageId: z.string().nullable(),
    content: z.string(),
    sentAt: z.string().nullable(),
    senderId: z.string().nullable(),
    senderName: z.string().nullable(),
    receiverId: z.string().nullable(),
    receiverName: z.string().nullable(),
    deleted: z.boolean(),
  }),
  z.object({
    type: z.literal('user'),
    userId: z.string().nullable(),
    username: z.string().nullable(),
    name: z.string().nullable(),
    avatar: z.string().nullable(),
    title: z.string().nullable(),
    bio: z.string().nullable(),
    role: z.string().nullable(),
    weaponSpecialty: z.enum(WEAPONS).nullable(),
    deleted: z.boolean(),
  }),
]);
export type ReportedContent = z.infer<typeof reportedContentSchema>;

export const reportSchema = z.object({
  id: z.string(),
  /** The reported post; null for a report of anything else. */
  postId: z.string().nullable(),
  /** The spec's free text, or the category of a report with one. */
  reason: z.string(),
  description: z.string().nullable(),
  status: z.enum(REPORT_STATUSES),
  createdAt: z.string(),
  resolvedAt: z.string().nullable(),
  reporterId: z.string().nullable(),
  reviewedBy: z.object({ id: z.string(), name: z.string().nullable() }).nullable(),
  targetType: z.enum(REPORT_TARGET_TYPES),
  /** The reported item's id; null once a reported fencer's account is deleted. */
  targetId: z.string().nullable(),
  /** Null for the spec's post reports, whose reason is free text. */
  category: z.enum(REPORT_CATEGORIES).nullable(),
  /** The person the report is against (a ban from the report bans them); null once their account is deleted. */
  targetUserId: z.string().nullable(),
  /** Snapshot of the reported post (post reports only), kept after the post is deleted. */
  post: z
    .object({
      content: z.string(),
      authorId: z.string().nullable(),
      authorName: z.string().nullable(),
      deleted: z.boolean(),
    })
    .nullable(),
  target: reportedContentSchema,
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
