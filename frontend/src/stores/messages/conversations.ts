import i18next from 'i18next';
import type { Conversation, DirectMessage } from '@piste/contracts';
import * as messagesApi from '../../api/messages';
import { notify } from '../../lib/toast';
import { asStored } from './receipts';
import { compareStored, draftKey, emptyThread, mergeMessages } from './threads';
import type { ConversationsSlice, MessagesSlice } from './types';
import { currentUserId, isPageVisible } from './viewer';

export const initialConversations: Pick<ConversationsSlice, 'conversations' | 'conversationsStatus'> = {
  conversations: [],
  conversationsStatus: 'idle',
};

/** The conversation list after a message: updated, moved to the top. Null when the conversation is unknown. */
export function withMessage(
  conversations: Conversation[],
  message: DirectMessage,
  conversationId: string,
  unreadDelta: number,
): Conversation[] | null {
  const index = conversations.findIndex((c) => c.id === conversationId);
  if (index === -1) return null;
  const conversation = conversations[index];
  const isNewer = !conversation.lastMessage || compareStored(message, conversation.lastMessage) >= 0;
  const updated: Conversation = {
    ...conversation,
    lastMessage: isNewer ? message : conversation.lastMessage,
    lastMessageAt: isNewer ? message.createdAt : conversation.lastMessageAt,
    unreadCount: Math.max(0, conversation.unreadCount + unreadDelta),
  };
  const rest = conversations.filter((_, i) => i !== index);
  return [updated, ...rest].sort((a, b) => (b.lastMessageAt ?? '').localeCompare(a.lastMessageAt ?? ''));
}

export const createConversationsSlice: MessagesSlice<ConversationsSlice> = (set, get) => {
  /** Later loads win: a slow reply to an older load never overwrites a newer one. */
  let latestLoad = 0;

  return {
    ...initialConversations,

    loadConversations: async () => {
      const run = get().generation;
      const load = ++latestLoad;
      const isLatest = () => load === latestLoad && run === get().generation;
      if (get().conversationsStatus !== 'ready') set({ conversationsStatus: 'loading' });
      try {
        const conversations = await messagesApi.fetchConversations();
        if (!isLatest()) return;
        const active = get().activeConversationId;
        set({
          // What is on screen is being read: its count stays at zero.
          conversations: conversations.map((c) => (c.id === active ? { ...c, unreadCount: 0 } : c)),
          conversationsStatus: 'ready',
        });
        const activeConversation = conversations.find((c) => c.id === active);
        if (activeConversation && activeConversation.unreadCount > 0 && isPageVisible()) {
          get().markRead(activeConversation.id);
        }
      } catch {
        if (isLatest()) {
          set((state) => ({
            conversationsStatus: state.conversationsStatus === 'ready' ? 'ready' : 'error',
          }));
        }
      }
    },

    deleteConversation: async (conversationId) => {
      try {
        await messagesApi.deleteConversation(conversationId);
      } catch {
        notify.error(i18next.t('messages:toasts.deleteFailed'));
        return false;
      }
      notify.success(i18next.t('messages:toasts.deleted'));
      set((state) => {
        const threads = { ...state.threads };
        delete threads[conversationId];
        return {
          threads,
          conversations: state.conversations.filter((c) => c.id !== conversationId),
          activeConversationId:
            state.activeConversationId === conversationId ? null : state.activeConversationId,
        };
      });
      return true;
    },

    receive: ({ message, conversationId }) => {
      const userId = currentUserId();
      if (!userId) return;
      const isIncoming = message.receiverId === userId;
      const otherId = isIncoming ? message.senderId : message.receiverId;
      const state = get();

      if (isIncoming) state.clearTyping(otherId);

      // Our own message from another tab may belong to a draft this tab shows.
      if (state.threads[conversationId] || state.threads[draftKey(otherId)]) {
        set((s) => {
          const threads = { ...s.threads };
          const base = threads[conversationId] ?? { ...emptyThread(), status: 'ready' as const };
          const draftMessages = threads[draftKey(otherId)]?.messages ?? [];
          delete threads[draftKey(otherId)];
          threads[conversationId] = {
            ...base,
            messages: mergeMessages(
              [...base.messages, ...draftMessages],
              [asStored(message, s.partnerReadAt)],
            ),
          };
          return { threads };
        });
      }

      const isOnScreen = isIncoming && state.activeConversationId === conversationId && isPageVisible();
      const conversations = withMessage(
        get().conversations,
        message,
        conversationId,
        isIncoming && !isOnScreen ? 1 : 0,
      );
      if (conversations) set({ conversations });
      else void get().loadConversations();
      if (isOnScreen) get().markRead(conversationId);
    },
  };
};
