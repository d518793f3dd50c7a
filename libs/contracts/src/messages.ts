import { WEAPONS } from './constants';
import { z } from './zod';

export const directMessageSchema = z.object({
  id: z.string(),
  conversationId: z.string(),
  senderId: z.string(),
  receiverId: z.string(),
  content: z.string(),
  isRead: z.boolean(),
  clientId: z.nullable(z.string()),
  createdAt: z.string(),
});
export type DirectMessage = z.infer<typeof directMessageSchema>;

export const sendMessageReplySchema = z.object({ message: directMessageSchema, conversationId: z.string() });

export const conversationSchema = z.object({
  id: z.string(),
  otherUser: z.object({
    id: z.string(),
    name: z.nullable(z.string()),
    avatar: z.nullable(z.string()),
    weaponSpecialty: z.nullable(z.enum(WEAPONS)),
    role: z.string(),
  }),
  lastMessageAt: z.nullable(z.string()),
  lastMessage: z.nullable(directMessageSchema),
  unreadCount: z.number(),
});
export type Conversation = z.infer<typeof conversationSchema>;

export const conversationListSchema = z.array(conversationSchema);
/** One page of a conversation, oldest first. */
export const messagePageSchema = z.array(directMessageSchema);

/** POST /api/conversations/{id}/read: the viewer has seen every message they received in it. */
export const conversationReadReplySchema = z.object({ conversationId: z.string(), readAt: z.string() });
