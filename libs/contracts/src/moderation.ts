import { REPORT_CATEGORIES, REPORT_STATUSES, REPORT_TARGET_TYPES, WEAPONS } from './constants';
import { z } from './zod';

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
    authorId: z.nullable(z.string()),
    authorName: z.nullable(z.string()),
    deleted: z.boolean(),
  }),
  z.object({
    type: z.literal('comment'),
    commentId: z.nullable(z.string()),
    /** The post it was written on, for a link to it. */
    postId: z.nullable(z.string()),
    content: z.string(),
    authorId: z.nullable(z.string()),
    authorName: z.nullable(z.string()),
    deleted: z.boolean(),
  }),
  z.object({
    type: z.literal('message'),
    messageId: z.nullable(z.string()),
    content: z.string(),
    sentAt: z.nullable(z.string()),
    senderId: z.nullable(z.string()),
    senderName: z.nullable(z.string()),
    receiverId: z.nullable(z.string()),
    receiverName: z.nullable(z.string()),
    deleted: z.boolean(),
  }),
  z.object({
    type: z.literal('user'),
    userId: z.nullable(z.string()),
    username: z.nullable(z.string()),
    name: z.nullable(z.string()),
    avatar: z.nullable(z.string()),
    title: z.nullable(z.string()),
    bio: z.nullable(z.string()),
    role: z.nullable(z.string()),
    weaponSpecialty: z.nullable(z.enum(WEAPONS)),
    deleted: z.boolean(),
  }),
]);
export type ReportedContent = z.infer<typeof reportedContentSchema>;

export const reportSchema = z.object({
  id: z.string(),
  /** The reported post; null for a report of anything else. */
  postId: z.nullable(z.string()),
  /** The spec's free text, or the category of a report with one. */
  reason: z.string(),
  description: z.nullable(z.string()),
  status: z.enum(REPORT_STATUSES),
  createdAt: z.string(),
  resolvedAt: z.nullable(z.string()),
  reporterId: z.nullable(z.string()),
  reviewedBy: z.nullable(z.object({ id: z.string(), name: z.nullable(z.string()) })),
  targetType: z.enum(REPORT_TARGET_TYPES),
  /** The reported item's id; null once a reported fencer's account is deleted. */
  targetId: z.nullable(z.string()),
  /** Null for the spec's post reports, whose reason is free text. */
  category: z.nullable(z.enum(REPORT_CATEGORIES)),
  /** The person the report is against (a ban from the report bans them); null once their account is deleted. */
  targetUserId: z.nullable(z.string()),
  /** Snapshot of the reported post (post reports only), kept after the post is deleted. */
  post: z.nullable(
    z.object({
      content: z.string(),
      authorId: z.nullable(z.string()),
      authorName: z.nullable(z.string()),
      deleted: z.boolean(),
    }),
  ),
  target: reportedContentSchema,
  actions: z._default(
    z.array(z.object({ action: z.string(), by: z.nullable(z.string()), at: z.string() })),
    [],
  ),
});
export type Report = z.infer<typeof reportSchema>;

export const banSchema = z.object({
  id: z.string(),
  userId: z.string(),
  bannedBy: z.nullable(z.string()),
  reason: z.string(),
  bannedUntil: z.string(),
  createdAt: z.string(),
});
export type Ban = z.infer<typeof banSchema>;

/** GET /api/bans/me: the signed-in user's active ban (the one ending last), or null. */
export const activeBanReplySchema = z.object({ ban: z.nullable(banSchema) });
export type ActiveBanReply = z.infer<typeof activeBanReplySchema>;
