import { MESSAGES_PAGE_SIZE, type DirectMessage } from '@piste/contracts';
import * as messagesApi from '../../api/messages';
import { asStored, withConversationRead } from './receipts';
import type { ChatMessage, MessagesSlice, MessagesState, Thread, ThreadsSlice } from './types';

export const initialThreads: Pick<ThreadsSlice, 'threads' | 'activeConversationId'> = {
  threads: {},
  activeConversationId: null,
};

const DRAFT_PREFIX = 'to:';

/** The thread of a conversation that does not exist yet: a connection chosen in the Connections tab. */
export function draftKey(partnerId: string): string {
  return `${DRAFT_PREFIX}${partnerId}`;
}

export function isDraftKey(threadKey: string): boolean {
  return threadKey.startsWith(DRAFT_PREFIX);
}

export const emptyThread = (): Thread => ({
  messages: [],
  status: 'idle',
  hasOlder: false,
  loadingOlder: false,
});

/** The threads after `change` to one of them (an empty one when it is not there yet). */
export function withThread(
  state: Pick<MessagesState, 'threads'>,
  threadKey: string,
  change: (thread: Thread) => Thread,
): Pick<MessagesState, 'threads'> {
  return { threads: { ...state.threads, [threadKey]: change(state.threads[threadKey] ?? emptyThread()) } };
}

/** Stored order: by time, then by id for messages with the same time. */
export function compareStored(
  a: Pick<DirectMessage, 'createdAt' | 'id'>,
  b: Pick<DirectMessage, 'createdAt' | 'id'>,
): number {
  return a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id);
}

/** Merges stored messages into a thread: by id, replacing the optimistic copy with the same client id. */
export function mergeMessages(current: ChatMessage[], incoming: ChatMessage[]): ChatMessage[] {
  const incomingIds = new Set(incoming.map((m) => m.id));
  const incomingClientIds = new Set(incoming.map((m) => m.clientId).filter((id): id is string => !!id));
  const kept = current.filter(
    (m) =>
      !incomingIds.has(m.id) && !(m.delivery !== 'sent' && m.clientId && incomingClientIds.has(m.clientId)),
  );
  const stored = [...kept.filter((m) => m.delivery === 'sent'), ...incoming].sort(compareStored);
  return [...stored, ...kept.filter((m) => m.delivery !== 'sent')];
}

/**
 * Puts a freshly fetched latest page into a thread. When the page does not reach back to what the thread
 * already holds (more arrived meanwhile than a page), the thread restarts from the page, so no gap is shown.
 */
export function withLatestPage(thread: Thread, page: ChatMessage[]): Thread {
  const stored = thread.messages.filter((m) => m.delivery === 'sent');
  const newestKnown = stored[stored.length - 1];
  const reachesKnown =
    page.length < MESSAGES_PAGE_SIZE ||
    !newestKnown ||
    (page[0] !== undefined && compareStored(page[0], newestKnown) <= 0);
  if (reachesKnown) {
    return {
      ...thread,
      status: 'ready',
      hasOlder: stored.length > 0 ? thread.hasOlder : page.length >= MESSAGES_PAGE_SIZE,
      messages: mergeMessages(thread.messages, page),
    };
  }
  return {
    ...thread,
    status: 'ready',
    hasOlder: true,
    messages: mergeMessages(
      thread.messages.filter((m) => m.delivery !== 'sent'),
      page,
    ),
  };
}

export const createThreadsSlice: MessagesSlice<ThreadsSlice> = (set, get) => {
  const stored = (page: DirectMessage[]) => page.map((m) => asStored(m, get().partnerReadAt));

  return {
    ...initialThreads,

    openConversation: async (conversationId) => {
      const run = get().generation;
      const existing = get().threads[conversationId];
      if (existing?.status === 'loading') return;
      if (existing?.status === 'ready') {
        const conversation = get().conversations.find((c) => c.id === conversationId);
        if (conversation && conversation.unreadCount > 0) get().markRead(conversationId);
        return;
      }
      set((state) => withThread(state, conversationId, (thread) => ({ ...thread, status: 'loading' })));
      try {
        const page = await messagesApi.fetchMessages(conversationId, MESSAGES_PAGE_SIZE);
        if (run !== get().generation) return;
        set((state) => ({
          ...withThread(state, conversationId, (thread) => withLatestPage(thread, stored(page))),
          // The page load marked it read on the server.
          conversations: withConversationRead(state.conversations, conversationId),
        }));
      } catch {
        if (run === get().generation) {
          set((state) => withThread(state, conversationId, (thread) => ({ ...thread, status: 'error' })));
        }
      }
    },

    setActiveConversation: (conversationId) => set({ activeConversationId: conversationId }),

    loadOlder: async (conversationId) => {
      const thread = get().threads[conversationId];
      if (!thread || thread.status !== 'ready' || !thread.hasOlder || thread.loadingOlder) return;
      const oldest = thread.messages.find((m) => m.delivery === 'sent');
      if (!oldest) return;
      const run = get().generation;
      set((state) => withThread(state, conversationId, (t) => ({ ...t, loadingOlder: true })));
      try {
        const page = await messagesApi.fetchMessages(conversationId, MESSAGES_PAGE_SIZE, {
          before: oldest.createdAt,
          beforeId: oldest.id,
        });
        if (run !== get().generation) return;
        set((state) =>
          withThread(state, conversationId, (t) => ({
            ...t,
            loadingOlder: false,
            hasOlder: page.length >= MESSAGES_PAGE_SIZE,
            messages: mergeMessages(t.messages, stored(page)),
          })),
        );
      } catch {
        if (run === get().generation) {
          set((state) => withThread(state, conversationId, (t) => ({ ...t, loadingOlder: false })));
        }
      }
    },
  };
};
