import { z } from 'zod';
import { WEAPONS } from '../constants';
import { clientString } from './common';
import { english } from '../validation';

export const createFriendRequestSchema = z.object({
  senderId: clientString().max(64).optional(),
  receiverId: z.uuid({ message: english('ids.user') }),
});
export const respondFriendRequestSchema = z.object({
  status: z.enum(['accepted', 'declined'], { message: english('connections.status') }),
});

export const userSearchQuerySchema = z.object({
  q: clientString().trim().max(100).default(''),
  weapon: z.enum(WEAPONS).optional(),
});

export const blockUserSchema = z.object({ blockedId: z.uuid({ message: english('ids.user') }) });
