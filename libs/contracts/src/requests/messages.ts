import { z } from 'zod';
import { LIMITS } from '../constants';
import { clientString } from './common';
import { english } from '../validation';

export const sendMessageSchema = z.object({
  senderId: clientString().max(64).optional(),
  receiverId: z.uuid({ message: english('ids.user') }),
  content: clientString(english('messages.contentRequired'))
    .trim()
    .min(1, { message: english('messages.contentRequired') })
    .max(LIMITS.messageContent, {
      message: english('messages.contentTooLong', { max: LIMITS.messageContent }),
    }),
  /** Client-generated id: a retried send with the same id is stored once. */
  clientId: z.uuid({ message: english('ids.client') }).optional(),
});
export type SendMessagePayload = z.input<typeof sendMessageSchema>;

export const messagesQuerySchema = z.object({
  conversationId: z.uuid({ message: english('ids.conversation') }),
  before: z.iso.datetime({ message: english('messages.before') }).optional(),
  /** Tie-breaker for `before`: the id of the oldest message already shown (same createdAt, smaller id comes next). */
  beforeId: z.uuid({ message: english('ids.message') }).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(30),
});
export type MessagesQuery = z.infer<typeof messagesQuerySchema>;

/** The client's `typing` event. */
export const typingPayloadSchema = z.object({
  receiverId: z.uuid({ message: english('ids.user') }),
  conversationId: z.uuid().nullable().optional(),
  isTyping: z.boolean(),
});
