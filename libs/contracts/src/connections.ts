import { FRIEND_REQUEST_STATUSES } from './constants';
import { fencerIdentitySchema, fencerSchema, userSummarySchema } from './common';
import { z } from './zod';

export const friendRequestSchema = z.object({
  id: z.string(),
  senderId: z.string(),
  receiverId: z.string(),
  status: z.enum(FRIEND_REQUEST_STATUSES),
  createdAt: z.string(),
  sender: userSummarySchema,
  receiver: userSummarySchema,
});
export type ConnectionRequest = z.infer<typeof friendRequestSchema>;

/** A connection (friend) or a Discover hit. */
export const connectionUserSchema = z.extend(fencerSchema, {
  /** In your own connection list: true when you blocked this connection (kept, but inert until unblocked). */
  isBlocked: z.optional(z.boolean()),
  /** In search results: a pending request between you, 'sent' by you or 'received' from them. */
  requestStatus: z.optional(z.nullable(z.enum(['sent', 'received']))),
  /** The pending request's id when `requestStatus` is set. */
  requestId: z.optional(z.nullable(z.string())),
});
export type ConnectionUser = z.infer<typeof connectionUserSchema>;

/** GET /api/blocked-users: the users you blocked. */
export const blockedUserSchema = z.extend(fencerIdentitySchema, { blockedAt: z.string() });
export type BlockedUser = z.infer<typeof blockedUserSchema>;
