import type { Conversation, DirectMessage } from '@piste/contracts';
import * as messagesApi from '../../api/messages';
import type { ChatMessage, MessagesSlice, ReceiptsSlice } from './types';
import { currentUserId } from './viewer';

export const initialReceipts: Pick<ReceiptsSlice, 'partnerReadAt'> = { partnerReadAt: {} };

/** A stored message as the UI shows it, read already when the other side's receipt came first. */
export function asStored(message: DirectMessage, partnerReadAt: Record<string, string>): ChatMessage {
  const readAt = partnerReadAt[message.conversationId];
  const readLater =
    !message.isRead && !!readAt && message.createdAt <= readAt && message.receiverId !== currentUserId();
  return { ...message, isRead: message.isRead || readLater, delivery: 'sent' };
}

/** The conversation list with nothing unread in one conversation. */
export function withConversationRead(conversations: Conversation[], conversationId: string): Conversation[] {
  return conversations.map((c) => (c.id === conversationId ? { ...c, unreadCount: 0 } : c));
}

export const createReceiptsSlice: MessagesSlice<ReceiptsSlice> = (set) => {
  /** Conversations whose "read" call is on its way: one call at a time each. */
  const readInFlight = new Set<string>();

  return {
    ...initialReceipts,

    markRead: (conversationId) => {
      set((state) => ({ conversations: withConversationRead(state.conversations, conversationId) }));
      if (readInFlight.has(conversationId)) return;
      readInFlight.add(conversationId);
      messagesApi
        .markConversationRead(conversationId)
        .catch(() => undefined) // the next page load marks it read anyway
        .finally(() => readInFlight.delete(conversationId));
    },

    applyRead: ({ conversationId, readerId, readAt }) => {
      const userId = currentUserId();
      if (!userId) return;
      const readByMe = readerId === userId;
      // Ours read by them, or theirs read by us (in another tab).
      const isMarked = (m: DirectMessage) => (readByMe ? m.receiverId === userId : m.senderId === userId);
      set((state) => {
        const thread = state.threads[conversationId];
        return {
          partnerReadAt: readByMe
            ? state.partnerReadAt
            : { ...state.partnerReadAt, [conversationId]: readAt },
          threads: thread
            ? {
                ...state.threads,
                [conversationId]: {
                  ...thread,
                  messages: thread.messages.map((m) =>
                    isMarked(m) && m.delivery === 'sent' && !m.isRead ? { ...m, isRead: true } : m,
                  ),
                },
              }
            : state.threads,
          conversations: state.conversations.map((c) =>
            c.id !== conversationId
              ? c
              : {
                  ...c,
                  unreadCount: readByMe ? 0 : c.unreadCount,
                  lastMessage:
                    c.lastMessage && isMarked(c.lastMessage)
                      ? { ...c.lastMessage, isRead: true }
                      : c.lastMessage,
                },
          ),
        };
      });
    },
  };
};
