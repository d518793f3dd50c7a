import { z } from 'zod';
import { FRIEND_REQUEST_STATUSES, WEAPONS } from './constants';
import { clientString, fencerIdentitySchema, fencerSchema, userSummarySchema } from './common';

export const createFriendRequestSchema = z.object({
  senderId: clientString().max(64).optional(),
  receiverId: z.uuid({ message: 'Invalid user id' }),
});
export const respondFriendRequestSchema = z.object({
  status: z.enum(['accepted', 'declined'], { message: 'Status must be accepted or declined' }),
});

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
export const connectionUserSchema = fencerSchema.extend({
  /** In your own connection list: true when you blocked this connection (kept, but inert until unblocked). */
  isBlocked: z.boolean().optional(),
  /** In search results: a pending request between you, 'sent' by you or 'received' from them. */
  requestStatus: z.enum(['sent', 'received']).nullable().optional(),
  /** The pending request's id when `requestStatus` is set. */
  requestId: z.string().nullable().optional(),
});
export type ConnectionUser = z.infer<typeof connectionUserSchema>;

/** GET /api/blocked-users: the users you blocked. */
export const blockedUserSchema = fencerIdentitySchema.extend({ blockedAt: z.string() });
export type BlockedUser = z.infer<typeof blockedUserSchema>;

export const userSearchQuerySchema = z.object({
  q: clientString().trim().max(100).default(''),
  weapon: z.enum(WEAPONS).optional(),
});

export const blockUserSchema = z.object({ blockedId: z.uuid({ message: 'Invalid user id' }) });
