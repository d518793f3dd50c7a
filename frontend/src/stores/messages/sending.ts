import i18next from 'i18next';
import { errorMessage } from '../../api/client';
import * as messagesApi from '../../api/messages';
import { notify } from '../../lib/toast';
import { useNotificationsStore } from '../notifications';
import { usePushPromptStore } from '../push-prompt';
import { withMessage } from './conversations';
import { asStored } from './receipts';
import { draftKey, emptyThread, mergeMessages, withThread } from './threads';
import type { ChatMessage, ChatPartner, MessagesSlice, SendingSlice } from './types';
import { currentUserId } from './viewer';

export const createSendingSlice: MessagesSlice<SendingSlice> = (set, get) => {
  /** Stores a message shown in `threadKey`; resolves with its conversation id, or null when refused. */
  const deliver = async (
    partner: ChatPartner,
    threadKey: string,
    message: ChatMessage,
  ): Promise<string | null> => {
    const userId = currentUserId();
    const run = get().generation;
    if (!userId || !message.clientId) return null;
    try {
      const reply = await messagesApi.sendMessage({
        senderId: userId,
        receiverId: partner.id,
        content: message.content,
        clientId: message.clientId,
      });
      if (run !== get().generation) return null;
      // A conversation started: offer to hear back on this device (once per browser).
      usePushPromptStore.getState().suggest();
      const stored = asStored(reply.message, get().partnerReadAt);
      if (threadKey !== reply.conversationId) {
        // The first message: the draft's messages move to the new conversation's thread.
        set((state) => {
          const threads = { ...state.threads };
          const draft = threads[threadKey];
          delete threads[threadKey];
          const existing = threads[reply.conversationId];
          threads[reply.conversationId] = {
            ...(existing ?? emptyThread()),
            status: 'ready',
            messages: mergeMessages([...(existing?.messages ?? []), ...(draft?.messages ?? [])], [stored]),
          };
          return { threads };
        });
      } else {
        set((state) =>
          withThread(state, threadKey, (thread) => ({
            ...thread,
            messages: mergeMessages(thread.messages, [stored]),
          })),
        );
      }
      const conversations = withMessage(get().conversations, reply.message, reply.conversationId, 0);
      if (conversations) set({ conversations });
      else await get().loadConversations();

      useNotificationsStore.getState().add({
        type: 'message',
        user: { id: partner.id, name: partner.name, avatar: partner.avatar },
        message: i18next.t('messages:toasts.youSent'),
        ownMessage: true,
        conversationId: reply.conversationId,
      });
      return reply.conversationId;
    } catch (error) {
      if (run !== get().generation) return null;
      set((state) =>
        withThread(state, threadKey, (thread) => ({
          ...thread,
          messages: thread.messages.map((m) =>
            m.clientId === message.clientId && m.delivery !== 'sent' ? { ...m, delivery: 'failed' } : m,
          ),
        })),
      );
      notify.error(
        i18next.t('messages:toasts.sendFailed'),
        errorMessage(error, i18next.t('common:errors.tryAgain')),
      );
      return null;
    }
  };

  return {
    send: (partner, conversationId, content) => {
      const userId = currentUserId();
      const text = content.trim();
      if (!userId || !text) return Promise.resolve(null);
      const threadKey = conversationId ?? draftKey(partner.id);
      const clientId = crypto.randomUUID();
      const optimistic: ChatMessage = {
        id: clientId,
        conversationId: conversationId ?? '',
        senderId: userId,
        receiverId: partner.id,
        content: text,
        isRead: false,
        clientId,
        createdAt: new Date().toISOString(),
        delivery: 'sending',
      };
      set((state) =>
        withThread(state, threadKey, (thread) => ({
          ...thread,
          status: thread.status === 'idle' ? 'ready' : thread.status,
          messages: [...thread.messages, optimistic],
        })),
      );
      get().stopTyping();
      return deliver(partner, threadKey, optimistic);
    },

    retry: (partner, threadKey, clientId) => {
      const message = get().threads[threadKey]?.messages.find((m) => m.clientId === clientId);
      if (!message || message.delivery !== 'failed') return Promise.resolve(null);
      set((state) =>
        withThread(state, threadKey, (thread) => ({
          ...thread,
          messages: thread.messages.map((m) => (m.clientId === clientId ? { ...m, delivery: 'sending' } : m)),
        })),
      );
      return deliver(partner, threadKey, message);
    },

    discard: (threadKey, clientId) => {
      set((state) =>
        withThread(state, threadKey, (thread) => ({
          ...thread,
          messages: thread.messages.filter((m) => !(m.clientId === clientId && m.delivery === 'failed')),
        })),
      );
    },
  };
};
