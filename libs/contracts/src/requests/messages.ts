import { z } from 'zod';
import { LIMITS } from '../constants';
import { clientString } from './common';

export const sendMessageSchema = z.object({
  senderId: clientString().max(64).optional(),
  receiverId: z.uuid({ message: 'Invalid user id' }),
  content: clientString('Message cannot be empty')
    .trim()
    .min(1, { message: 'Message cannot be empty' })
    .max(LIMITS.messageContent, { message: `Messages can be at most ${LIMITS.messageContent} characters` }),
  /** Client-generated id: a retried send with the same id is stored once. */
  clientId: z.uuid({ message: 'Invalid client id' }).optional(),
});
export type SendMessagePayload = z.input<typeof sendMessageSchema>;

export const messagesQuerySchema = z.object({
  conversationId: z.uuid({ message: 'Invalid conversation id' }),
  before: z.iso.datetime({ message: 'before must be an ISO timestamp' }).optional(),
  /** Tie-breaker for `before`: the id of the oldest message already shown (same createdAt, smaller id comes next). */
  beforeId: z.uuid({ message: 'Invalid message id' }).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(30),
});
export type MessagesQuery = z.infer<typeof messagesQuerySchema>;

/** The client's `typing` event. */
export const typingPayloadSchema = z.object({
  receiverId: z.uuid({ message: 'Invalid user id' }),
  conversationId: z.uuid().nullable().optional(),
  isTyping: z.boolean(),
});
