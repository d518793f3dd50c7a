import { MESSAGES_PAGE_SIZE } from '@piste/contracts';
import * as messagesApi from '../../api/messages';
import { initialConversations } from './conversations';
import { asStored, initialReceipts } from './receipts';
import { initialThreads, isDraftKey, withLatestPage, withThread } from './threads';
import type { LifecycleSlice, MessagesSlice } from './types';

export const createLifecycleSlice: MessagesSlice<LifecycleSlice> = (set, get) => ({
  generation: 0,

  refresh: () => {
    const state = get();
    if (state.conversationsStatus !== 'idle') void state.loadConversations();
    const active = state.activeConversationId;
    // Threads not on screen may have missed messages: they reload when opened again.
    set((s) => ({
      threads: Object.fromEntries(
        Object.entries(s.threads).map(([key, thread]) => [
          key,
          key === active || isDraftKey(key) || thread.status !== 'ready'
            ? thread
            : { ...thread, status: 'idle' },
        ]),
      ),
    }));
    if (!active) return;
    // The open conversation's latest page: whatever arrived while offline shows up, nothing twice.
    const run = state.generation;
    messagesApi.fetchMessages(active, MESSAGES_PAGE_SIZE).then(
      (page) => {
        if (run !== get().generation) return;
        set((s) =>
          withThread(s, active, (thread) =>
            withLatestPage(
              thread,
              page.map((m) => asStored(m, s.partnerReadAt)),
            ),
          ),
        );
      },
      () => undefined,
    );
  },

  reset: () => {
    get().forgetTyping();
    set((state) => ({
      generation: state.generation + 1,
      ...initialConversations,
      ...initialThreads,
      ...initialReceipts,
    }));
  },
});
