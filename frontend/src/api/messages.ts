import {
  conversationListSchema,
  conversationReadReplySchema,
  messagePageSchema,
  sendMessageReplySchema,
  type Conversation,
  type DirectMessage,
} from '@piste/contracts';
import { api } from './client';

/** GET /api/conversations: the signed-in user's conversations, newest activity first. */
export function fetchConversations(): Promise<Conversation[]> {
  return api.get('/api/conversations', conversationListSchema);
}

export interface MessagePageCursor {
  /** createdAt of the oldest message already shown. */
  before: string;
  /** Its id: the tie-breaker for messages with the same time. */
  beforeId: string;
}

/** GET /api/messages: one page of a conversation, oldest first; reading marks received messages read. */
export function fetchMessages(
  conversationId: string,
  limit: number,
  cursor?: MessagePageCursor,
): Promise<DirectMessage[]> {
  const query = new URLSearchParams({ conversationId, limit: String(limit) });
  if (cursor) {
    query.set('before', cursor.before);
    query.set('beforeId', cursor.beforeId);
  }
  return api.get(`/api/messages?${query.toString()}`, messagePageSchema);
}

export interface SendMessageRequest {
  senderId: string;
  receiverId: string;
  content: string;
  /** The same id on a retry: the server stores the message once. */
  clientId: string;
}

/** POST /api/messages; creates the conversation on the first message. */
export function sendMessage(
  request: SendMessageRequest,
): Promise<{ message: DirectMessage; conversationId: string }> {
  return api.post('/api/messages', request, sendMessageReplySchema);
}

/** DELETE /api/conversations/{id}: removes it from the signed-in user's list only. */
export async function deleteConversation(conversationId: string): Promise<void> {
  await api.delete(`/api/conversations/${conversationId}`);
}

/** POST /api/conversations/{id}/read: everything received in it has been seen. */
export async function markConversationRead(conversationId: string): Promise<void> {
  await api.post(`/api/conversations/${conversationId}/read`, undefined, conversationReadReplySchema);
}
