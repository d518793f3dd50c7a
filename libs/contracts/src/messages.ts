import { z } from 'zod';
import { LIMITS, WEAPONS } from './constants';
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

export const directMessageSchema = z.object({
  id: z.string(),
  conversationId: z.string(),
  senderId: z.string(),
  receiverId: z.string(),
  content: z.string(),
  isRead: z.boolean(),
  clientId: z.string().nullable(),
  createdAt: z.string(),
});
export type DirectMessage = z.infer<typeof directMessageSchema>;

export const sendMessageReplySchema = z.object({ message: directMessageSchema, conversationId: z.string() });

export const conversationSchema = z.object({
  id: z.string(),
  otherUser: z.object({
    id: z.string(),
    name: z.string().nullable(),
    avatar: z.string().nullable(),
    weaponSpecialty: z.enum(WEAPONS).nullable(),
    role: z.string(),
  }),
  lastMessageAt: z.string().nullable(),
  lastMessage: directMessageSchema.nullable(),
  unreadCount: z.number(),
});
export type Conversation = z.infer<typeof conversationSchema>;

export const messagesQuerySchema = z.object({
  conversationId: z.uuid({ message: 'Invalid conversation id' }),
  before: z.iso.datetime({ message: 'before must be an ISO timestamp' }).optional(),
  /** Tie-breaker for `before`: the id of the oldest message already shown (same createdAt, smaller id comes next). */
  beforeId: z.uuid({ message: 'Invalid message id' }).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(30),
});
export type MessagesQuery = z.infer<typeof messagesQuerySchema>;

export const conversationListSchema = z.array(conversationSchema);
/** One page of a conversation, oldest first. */
export const messagePageSchema = z.array(directMessageSchema);

/** POST /api/conversations/{id}/read: the viewer has seen every message they received in it. */
export const conversationReadReplySchema = z.object({ conversationId: z.string(), readAt: z.string() });

/** The client's `typing` event. */
export const typingPayloadSchema = z.object({
  receiverId: z.uuid({ message: 'Invalid user id' }),
  conversationId: z.uuid().nullable().optional(),
  isTyping: z.boolean(),
});
