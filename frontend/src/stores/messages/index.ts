import { useEffect } from 'react';
import { create } from 'zustand';
import { createConversationsSlice } from './conversations';
import { createLifecycleSlice } from './lifecycle';
import { createReceiptsSlice } from './receipts';
import { createSendingSlice } from './sending';
import { createThreadsSlice } from './threads';
import type { MessagesState } from './types';
import { createTypingSlice } from './typing';
import { isPageVisible } from './viewer';

/**
 * Direct messages: the conversation list (with unread counts for the header badge), the open conversations'
 * messages, optimistic sends with a client id, read receipts and typing. Kept live by `message:new`,
 * `message:read` and `typing` (live-events.ts); refetched after a reconnect, because events missed offline
 * are gone. One store composed of a slice per concern; who can be messaged (connections, blocked users) is
 * the connections store's.
 */
export const useMessagesStore = create<MessagesState>()((...store) => ({
  ...createConversationsSlice(...store),
  ...createThreadsSlice(...store),
  ...createSendingSlice(...store),
  ...createReceiptsSlice(...store),
  ...createTypingSlice(...store),
  ...createLifecycleSlice(...store),
}));

export { draftKey } from './threads';
export type { ChatMessage, ChatPartner, LoadStatus, MessagesState, Thread } from './types';

/** Unread messages over all conversations, for the header badge (loads the list once). */
export function useUnreadMessageTotal(): number {
  const status = useMessagesStore((s) => s.conversationsStatus);
  const load = useMessagesStore((s) => s.loadConversations);
  useEffect(() => {
    if (status === 'idle') void load();
  }, [status, load]);
  return useMessagesStore((s) => s.conversations.reduce((total, c) => total + c.unreadCount, 0));
}

/** Whether the user is typing to us right now. */
export function useIsTyping(userId: string | null): boolean {
  return useMessagesStore((s) => (userId ? (s.typing[userId] ?? 0) > Date.now() : false));
}

/** Back on a tab that shows a conversation: reads what arrived meanwhile. */
export function readShownConversation(): void {
  if (!isPageVisible()) return;
  const { activeConversationId, conversations, markRead } = useMessagesStore.getState();
  if (activeConversationId && conversations.some((c) => c.id === activeConversationId && c.unreadCount > 0)) {
    markRead(activeConversationId);
  }
}
