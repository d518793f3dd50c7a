import {
  MESSAGES_PAGE_SIZE,
  type ConnectionUser,
  type Conversation,
  type DirectMessage,
  type ServerEventPayload,
} from '@piste/contracts';
import { useEffect } from 'react';
import { create } from 'zustand';
import { blockUser, fetchConnections, unblockUser } from '../api/connections';
import * as messagesApi from '../api/messages';
import { errorMessage } from '../api/client';
import { notify } from '../lib/toast';
import { getSocket, onReconnect, onServerEvent } from '../realtime/socket';
import { useNotificationsStore } from './notifications';
import { useSessionStore } from './session';

/**
 * Direct messages: the conversation list (with unread counts for the header badge), the open conversations'
 * messages, optimistic sends with a client id, read receipts and typing. Kept live by `message:new`,
 * `message:read` and `typing`; refetched after a reconnect, because events missed offline are gone.
 */

type LoadStatus = 'idle' | 'loading' | 'ready' | 'error';

/** A message as the UI shows it: stored ('sent'), on its way ('sending') or refused ('failed', retryable). */
export interface ChatMessage extends DirectMessage {
  delivery: 'sent' | 'sending' | 'failed';
}

export interface Thread {
  /** Oldest first; messages still being sent come last. */
  messages: ChatMessage[];
  status: LoadStatus;
  hasOlder: boolean;
  loadingOlder: boolean;
}

/** The person a conversation pane talks to. */
export interface ChatPartner {
  id: string;
  name: string | null;
  avatar: string | null;
}

/** How long a typing indicator stays without news from the other side. */
const TYPING_SHOWN_MS = 6000;
/** Idle time after which this side says it stopped typing. */
export const TYPING_IDLE_MS = 3000;
/** While typing goes on, the "typing" signal is repeated at most this often. */
const TYPING_REPEAT_MS = 2000;

/** The thread of a conversation that does not exist yet: a connection chosen in the Connections tab. */
export function draftKey(partnerId: string): string {
  return `to:${partnerId}`;
}

interface MessagesState {
  conversations: Conversation[];
  conversationsStatus: LoadStatus;
  /** By conversation id, or by draftKey(partnerId) before the first message. */
  threads: Record<string, Thread>;
  /** The conversation on screen: its incoming messages are read at once. */
  activeConversationId: string | null;
  /** Other users typing to us: user id → when the indicator expires (ms). */
  typing: Record<string, number>;
  friends: ConnectionUser[];
  friendsStatus: LoadStatus;
  blockedIds: string[];

  loadConversations: () => Promise<void>;
  /** The conversation on screen has been seen: clears its count and tells the server (read receipts). */
  markRead: (conversationId: string) => void;
  /** Shows a conversation: loads its latest page (which marks it read) unless already loaded. */
  openConversation: (conversationId: string) => Promise<void>;
  setActiveConversation: (conversationId: string | null) => void;
  loadOlder: (conversationId: string) => Promise<void>;
  /** Sends optimistically; resolves with the conversation id, or null when the send failed. */
  send: (partner: ChatPartner, conversationId: string | null, content: string) => Promise<string | null>;
  /** Sends a failed message again with the same client id, so it can never be stored twice. */
  retry: (partner: ChatPartner, threadKey: string, clientId: string) => Promise<string | null>;
  discard: (threadKey: string, clientId: string) => void;
  deleteConversation: (conversationId: string) => Promise<void>;
  loadFriends: () => Promise<void>;
  loadBlocked: () => Promise<void>;
  block: (userId: string) => Promise<void>;
  unblock: (userId: string) => Promise<void>;
  /** The composer's input changed: tell the other side we are typing (throttled), and when we stop. */
  typingInput: (partnerId: string, conversationId: string | null) => void;
  stopTyping: () => void;

  receive: (payload: ServerEventPayload<'message:new'>) => void;
  applyRead: (payload: ServerEventPayload<'message:read'>) => void;
  applyTyping: (payload: ServerEventPayload<'typing'>) => void;
  /** After a reconnect: refetch the list and the open conversation's latest page. */
  refresh: () => void;
  reset: () => void;
}

const emptyThread = (): Thread => ({ messages: [], status: 'idle', hasOlder: false, loadingOlder: false });

/**
 * When the other side last read each conversation. A read receipt can arrive before the reply to our own send
 * (the reader saw `message:new` first), so a message stored later still counts as read if it is not newer.
 */
const partnerReadAt = new Map<string, string>();

const sent = (message: DirectMessage): ChatMessage => {
  const readAt = partnerReadAt.get(message.conversationId);
  const readLater =
    !message.isRead && !!readAt && message.createdAt <= readAt && message.receiverId !== currentUserId();
  return { ...message, isRead: message.isRead || readLater, delivery: 'sent' };
};

function compareStored(a: ChatMessage, b: ChatMessage): number {
  return a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id);
}

/** Merges stored messages into a thread: by id, replacing the optimistic copy with the same client id. */
function mergeMessages(current: ChatMessage[], incoming: ChatMessage[]): ChatMessage[] {
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
function withLatestPage(thread: Thread, page: DirectMessage[]): Thread {
  const incoming = page.map(sent);
  const stored = thread.messages.filter((m) => m.delivery === 'sent');
  const newestKnown = stored[stored.length - 1];
  const reachesKnown =
    page.length < MESSAGES_PAGE_SIZE ||
    !newestKnown ||
    (incoming[0] !== undefined && compareStored(incoming[0], newestKnown) <= 0);
  if (reachesKnown) {
    return {
      ...thread,
      status: 'ready',
      hasOlder: stored.length > 0 ? thread.hasOlder : page.length >= MESSAGES_PAGE_SIZE,
      messages: mergeMessages(thread.messages, incoming),
    };
  }
  return {
    ...thread,
    status: 'ready',
    hasOlder: true,
    messages: mergeMessages(
      thread.messages.filter((m) => m.delivery !== 'sent'),
      incoming,
    ),
  };
}

/** The conversation list after a message: updated, moved to the top. Null when the conversation is unknown. */
function withMessage(
  conversations: Conversation[],
  message: DirectMessage,
  conversationId: string,
  unreadDelta: number,
): Conversation[] | null {
  const index = conversations.findIndex((c) => c.id === conversationId);
  if (index === -1) return null;
  const conversation = conversations[index];
  const isNewer =
    !conversation.lastMessage || compareStored(sent(message), sent(conversation.lastMessage)) >= 0;
  const updated: Conversation = {
    ...conversation,
    lastMessage: isNewer ? message : conversation.lastMessage,
    lastMessageAt: isNewer ? message.createdAt : conversation.lastMessageAt,
    unreadCount: Math.max(0, conversation.unreadCount + unreadDelta),
  };
  const rest = conversations.filter((_, i) => i !== index);
  return [updated, ...rest].sort((a, b) => (b.lastMessageAt ?? '').localeCompare(a.lastMessageAt ?? ''));
}

function currentUserId(): string | null {
  return useSessionStore.getState().user?.id ?? null;
}

function isPageVisible(): boolean {
  return typeof document === 'undefined' || document.visibilityState === 'visible';
}

let conversationsSequence = 0;
/** Bumped on reset, so replies for a previous user are dropped. */
let generation = 0;
let typingState: { partnerId: string; conversationId: string | null; lastSentAt: number } | null = null;
let typingIdleTimer: ReturnType<typeof setTimeout> | null = null;
const typingExpiryTimers = new Map<string, ReturnType<typeof setTimeout>>();
const readInFlight = new Set<string>();

export const useMessagesStore = create<MessagesState>()((set, get) => {
  const updateThread = (key: string, change: (thread: Thread) => Thread) =>
    set((state) => ({ threads: { ...state.threads, [key]: change(state.threads[key] ?? emptyThread()) } }));

  const markActiveRead = (conversationId: string) => {
    set((state) => ({
      conversations: state.conversations.map((c) => (c.id === conversationId ? { ...c, unreadCount: 0 } : c)),
    }));
    if (readInFlight.has(conversationId)) return;
    readInFlight.add(conversationId);
    messagesApi
      .markConversationRead(conversationId)
      .catch(() => undefined) // the next page load marks it read anyway
      .finally(() => readInFlight.delete(conversationId));
  };

  const deliver = async (
    partner: ChatPartner,
    threadKey: string,
    message: ChatMessage,
  ): Promise<string | null> => {
    const userId = currentUserId();
    const run = generation;
    if (!userId || !message.clientId) return null;
    try {
      const reply = await messagesApi.sendMessage({
        senderId: userId,
        receiverId: partner.id,
        content: message.content,
        clientId: message.clientId,
      });
      if (run !== generation) return null;
      const stored = sent(reply.message);
      if (threadKey !== reply.conversationId) {
        // The first message: the draft's messages move to the new conversation's thread.
        const draft = get().threads[threadKey];
        set((state) => {
          const threads = { ...state.threads };
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
        updateThread(threadKey, (thread) => ({
          ...thread,
          messages: mergeMessages(thread.messages, [stored]),
        }));
      }
      const conversations = withMessage(get().conversations, reply.message, reply.conversationId, 0);
      if (conversations) set({ conversations });
      else await get().loadConversations();

      useNotificationsStore.getState().add({
        type: 'message',
        user: { id: partner.id, name: partner.name, avatar: partner.avatar },
        message: 'You sent a message',
        conversationId: reply.conversationId,
      });
      return reply.conversationId;
    } catch (error) {
      if (run !== generation) return null;
      updateThread(threadKey, (thread) => ({
        ...thread,
        messages: thread.messages.map((m) =>
          m.clientId === message.clientId && m.delivery !== 'sent' ? { ...m, delivery: 'failed' } : m,
        ),
      }));
      notify.error('Failed to send message', errorMessage(error, 'Please try again.'));
      return null;
    }
  };

  return {
    conversations: [],
    conversationsStatus: 'idle',
    threads: {},
    activeConversationId: null,
    typing: {},
    friends: [],
    friendsStatus: 'idle',
    blockedIds: [],

    loadConversations: async () => {
      const sequence = ++conversationsSequence;
      if (get().conversationsStatus !== 'ready') set({ conversationsStatus: 'loading' });
      try {
        const conversations = await messagesApi.fetchConversations();
        if (sequence !== conversationsSequence) return;
        const active = get().activeConversationId;
        set({
          // What is on screen is being read: its count stays at zero.
          conversations: conversations.map((c) => (c.id === active ? { ...c, unreadCount: 0 } : c)),
          conversationsStatus: 'ready',
        });
        const activeConversation = conversations.find((c) => c.id === active);
        if (activeConversation && activeConversation.unreadCount > 0 && isPageVisible())
          get().markRead(active!);
      } catch {
        if (sequence === conversationsSequence) {
          set((state) => ({
            conversationsStatus: state.conversationsStatus === 'ready' ? 'ready' : 'error',
          }));
        }
      }
    },

    openConversation: async (conversationId) => {
      const run = generation;
      const existing = get().threads[conversationId];
      if (existing?.status === 'loading') return;
      if (existing?.status === 'ready') {
        const conversation = get().conversations.find((c) => c.id === conversationId);
        if (conversation && conversation.unreadCount > 0) get().markRead(conversationId);
        return;
      }
      updateThread(conversationId, (thread) => ({ ...thread, status: 'loading' }));
      try {
        const page = await messagesApi.fetchMessages(conversationId, MESSAGES_PAGE_SIZE);
        if (run !== generation) return;
        updateThread(conversationId, (thread) => withLatestPage(thread, page));
        // The page load marked it read on the server.
        set((state) => ({
          conversations: state.conversations.map((c) =>
            c.id === conversationId ? { ...c, unreadCount: 0 } : c,
          ),
        }));
      } catch {
        if (run === generation) updateThread(conversationId, (thread) => ({ ...thread, status: 'error' }));
      }
    },

    markRead: (conversationId) => markActiveRead(conversationId),

    setActiveConversation: (conversationId) => {
      set({ activeConversationId: conversationId });
    },

    loadOlder: async (conversationId) => {
      const thread = get().threads[conversationId];
      if (!thread || thread.status !== 'ready' || !thread.hasOlder || thread.loadingOlder) return;
      const oldest = thread.messages.find((m) => m.delivery === 'sent');
      if (!oldest) return;
      const run = generation;
      updateThread(conversationId, (t) => ({ ...t, loadingOlder: true }));
      try {
        const page = await messagesApi.fetchMessages(conversationId, MESSAGES_PAGE_SIZE, {
          before: oldest.createdAt,
          beforeId: oldest.id,
        });
        if (run !== generation) return;
        updateThread(conversationId, (t) => ({
          ...t,
          loadingOlder: false,
          hasOlder: page.length >= MESSAGES_PAGE_SIZE,
          messages: mergeMessages(t.messages, page.map(sent)),
        }));
      } catch {
        if (run === generation) updateThread(conversationId, (t) => ({ ...t, loadingOlder: false }));
      }
    },

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
      updateThread(threadKey, (thread) => ({
        ...thread,
        status: thread.status === 'idle' ? 'ready' : thread.status,
        messages: [...thread.messages, optimistic],
      }));
      get().stopTyping();
      return deliver(partner, threadKey, optimistic);
    },

    retry: (partner, threadKey, clientId) => {
      const message = get().threads[threadKey]?.messages.find((m) => m.clientId === clientId);
      if (!message || message.delivery !== 'failed') return Promise.resolve(null);
      updateThread(threadKey, (thread) => ({
        ...thread,
        messages: thread.messages.map((m) => (m.clientId === clientId ? { ...m, delivery: 'sending' } : m)),
      }));
      return deliver(partner, threadKey, message);
    },

    discard: (threadKey, clientId) => {
      updateThread(threadKey, (thread) => ({
        ...thread,
        messages: thread.messages.filter((m) => !(m.clientId === clientId && m.delivery === 'failed')),
      }));
    },

    deleteConversation: async (conversationId) => {
      await messagesApi.deleteConversation(conversationId);
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
    },

    loadFriends: async () => {
      const run = generation;
      if (get().friendsStatus !== 'ready') set({ friendsStatus: 'loading' });
      try {
        const friends = await fetchConnections();
        if (run === generation) set({ friends, friendsStatus: 'ready' });
      } catch {
        if (run !== generation || get().friendsStatus === 'ready') return;
        set({ friendsStatus: 'error' });
        notify.error('Failed to fetch friends');
      }
    },

    loadBlocked: async () => {
      const run = generation;
      try {
        const blockedIds = await messagesApi.fetchBlockedUserIds();
        if (run === generation) set({ blockedIds });
      } catch {
        // The menu then offers Block User; the server answers for the real state.
      }
    },

    block: async (userId) => {
      await blockUser(userId);
      set((state) => ({ blockedIds: [...new Set([...state.blockedIds, userId])] }));
      void get().loadBlocked();
    },

    unblock: async (userId) => {
      await unblockUser(userId);
      set((state) => ({ blockedIds: state.blockedIds.filter((id) => id !== userId) }));
      void get().loadBlocked();
    },

    typingInput: (partnerId, conversationId) => {
      const now = Date.now();
      const socket = getSocket();
      const sameTarget = typingState?.partnerId === partnerId;
      if (!sameTarget) get().stopTyping();
      if (!typingState || now - typingState.lastSentAt >= TYPING_REPEAT_MS) {
        socket?.emit('typing', { receiverId: partnerId, conversationId, isTyping: true });
        typingState = { partnerId, conversationId, lastSentAt: now };
      }
      if (typingIdleTimer) clearTimeout(typingIdleTimer);
      typingIdleTimer = setTimeout(() => get().stopTyping(), TYPING_IDLE_MS);
    },

    stopTyping: () => {
      if (typingIdleTimer) clearTimeout(typingIdleTimer);
      typingIdleTimer = null;
      if (!typingState) return;
      const { partnerId, conversationId } = typingState;
      typingState = null;
      getSocket()?.emit('typing', { receiverId: partnerId, conversationId, isTyping: false });
    },

    receive: ({ message, conversationId }) => {
      const userId = currentUserId();
      if (!userId) return;
      const isIncoming = message.receiverId === userId;
      const otherId = isIncoming ? message.senderId : message.receiverId;
      const state = get();

      if (isIncoming) clearTyping(otherId);

      // Our own message from another tab may belong to a draft this tab shows.
      const draft = state.threads[draftKey(otherId)];
      if (state.threads[conversationId] || draft) {
        set((s) => {
          const threads = { ...s.threads };
          const base = threads[conversationId] ?? { ...emptyThread(), status: 'ready' as const };
          const draftMessages = threads[draftKey(otherId)]?.messages ?? [];
          delete threads[draftKey(otherId)];
          threads[conversationId] = {
            ...base,
            messages: mergeMessages([...base.messages, ...draftMessages], [sent(message)]),
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

    applyRead: ({ conversationId, readerId, readAt }) => {
      const userId = currentUserId();
      if (!userId) return;
      const readByMe = readerId === userId;
      if (!readByMe) partnerReadAt.set(conversationId, readAt);
      set((state) => {
        const thread = state.threads[conversationId];
        const markMessage = (m: DirectMessage) =>
          readByMe ? m.receiverId === userId : m.senderId === userId;
        return {
          threads: thread
            ? {
                ...state.threads,
                [conversationId]: {
                  ...thread,
                  messages: thread.messages.map((m) =>
                    markMessage(m) && m.delivery === 'sent' && !m.isRead ? { ...m, isRead: true } : m,
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
                    c.lastMessage && markMessage(c.lastMessage)
                      ? { ...c.lastMessage, isRead: true }
                      : c.lastMessage,
                },
          ),
        };
      });
    },

    applyTyping: ({ userId, isTyping }) => {
      if (!isTyping) {
        clearTyping(userId);
        return;
      }
      set((state) => ({ typing: { ...state.typing, [userId]: Date.now() + TYPING_SHOWN_MS } }));
      const previous = typingExpiryTimers.get(userId);
      if (previous) clearTimeout(previous);
      typingExpiryTimers.set(
        userId,
        setTimeout(() => clearTyping(userId), TYPING_SHOWN_MS),
      );
    },

    refresh: () => {
      const state = get();
      if (state.conversationsStatus !== 'idle') void state.loadConversations();
      const active = state.activeConversationId;
      // Threads not on screen may have missed messages: they reload when opened again.
      set((s) => ({
        threads: Object.fromEntries(
          Object.entries(s.threads).map(([key, thread]) => [
            key,
            key === active || key.startsWith('to:') || thread.status !== 'ready'
              ? thread
              : { ...thread, status: 'idle' },
          ]),
        ),
      }));
      if (state.friendsStatus !== 'idle') void state.loadFriends();
      void state.loadBlocked();
      if (!active) return;
      // The open conversation's latest page: whatever arrived while offline shows up, nothing twice.
      const run = generation;
      messagesApi.fetchMessages(active, MESSAGES_PAGE_SIZE).then(
        (page) => {
          if (run === generation) updateThread(active, (thread) => withLatestPage(thread, page));
        },
        () => undefined,
      );
    },

    reset: () => {
      generation++;
      conversationsSequence++;
      typingState = null;
      partnerReadAt.clear();
      if (typingIdleTimer) clearTimeout(typingIdleTimer);
      typingIdleTimer = null;
      typingExpiryTimers.forEach((timer) => clearTimeout(timer));
      typingExpiryTimers.clear();
      set({
        conversations: [],
        conversationsStatus: 'idle',
        threads: {},
        activeConversationId: null,
        typing: {},
        friends: [],
        friendsStatus: 'idle',
        blockedIds: [],
      });
    },
  };
});

function clearTyping(userId: string): void {
  const timer = typingExpiryTimers.get(userId);
  if (timer) clearTimeout(timer);
  typingExpiryTimers.delete(userId);
  if (!(userId in useMessagesStore.getState().typing)) return;
  useMessagesStore.setState((state) => {
    const typing = { ...state.typing };
    delete typing[userId];
    return { typing };
  });
}

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

onServerEvent('message:new', (payload) => useMessagesStore.getState().receive(payload));
onServerEvent('message:read', (payload) => useMessagesStore.getState().applyRead(payload));
onServerEvent('typing', (payload) => useMessagesStore.getState().applyTyping(payload));
onReconnect(() => useMessagesStore.getState().refresh());
// New or removed connections change who can be messaged.
const reloadFriendsIfShown = () => {
  if (useMessagesStore.getState().friendsStatus !== 'idle') void useMessagesStore.getState().loadFriends();
};
onServerEvent('friend-request:updated', ({ request }) => {
  if (request.status === 'accepted') reloadFriendsIfShown();
});
onServerEvent('friend-request:removed', reloadFriendsIfShown);
// Another user signing in on this tab never sees the previous user's messages.
useSessionStore.subscribe((state, previous) => {
  if (state.user?.id !== previous.user?.id) useMessagesStore.getState().reset();
});
// Coming back to a tab that shows a conversation reads what arrived meanwhile.
if (typeof document !== 'undefined') {
  document.addEventListener('visibilitychange', () => {
    if (!isPageVisible()) return;
    const { activeConversationId, conversations, markRead } = useMessagesStore.getState();
    if (
      activeConversationId &&
      conversations.some((c) => c.id === activeConversationId && c.unreadCount > 0)
    ) {
      markRead(activeConversationId);
    }
  });
}
