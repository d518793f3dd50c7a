import { getSocket } from '../../realtime/socket';
import type { MessagesSlice, TypingSlice } from './types';

/** How long a typing indicator stays without news from the other side. */
const TYPING_SHOWN_MS = 6000;
/** Idle time after which this side says it stopped typing. */
const TYPING_IDLE_MS = 3000;
/** While typing goes on, the "typing" signal is repeated at most this often. */
const TYPING_REPEAT_MS = 2000;

export const createTypingSlice: MessagesSlice<TypingSlice> = (set, get) => {
  /** What this side last told the other side it is typing to. */
  let outgoing: { partnerId: string; conversationId: string | null; lastSentAt: number } | null = null;
  let idleTimer: ReturnType<typeof setTimeout> | null = null;
  /** Per user typing to us: the timer that hides their indicator. */
  const expiryTimers = new Map<string, ReturnType<typeof setTimeout>>();

  const clearIdleTimer = () => {
    if (idleTimer) clearTimeout(idleTimer);
    idleTimer = null;
  };

  return {
    typing: {},

    typingInput: (partnerId, conversationId) => {
      const now = Date.now();
      if (outgoing && outgoing.partnerId !== partnerId) get().stopTyping();
      if (!outgoing || now - outgoing.lastSentAt >= TYPING_REPEAT_MS) {
        getSocket()?.emit('typing', { receiverId: partnerId, conversationId, isTyping: true });
        outgoing = { partnerId, conversationId, lastSentAt: now };
      }
      clearIdleTimer();
      idleTimer = setTimeout(() => get().stopTyping(), TYPING_IDLE_MS);
    },

    stopTyping: () => {
      clearIdleTimer();
      if (!outgoing) return;
      const { partnerId, conversationId } = outgoing;
      outgoing = null;
      getSocket()?.emit('typing', { receiverId: partnerId, conversationId, isTyping: false });
    },

    applyTyping: ({ userId, isTyping }) => {
      if (!isTyping) {
        get().clearTyping(userId);
        return;
      }
      set((state) => ({ typing: { ...state.typing, [userId]: Date.now() + TYPING_SHOWN_MS } }));
      const previous = expiryTimers.get(userId);
      if (previous) clearTimeout(previous);
      expiryTimers.set(
        userId,
        setTimeout(() => get().clearTyping(userId), TYPING_SHOWN_MS),
      );
    },

    clearTyping: (userId) => {
      const timer = expiryTimers.get(userId);
      if (timer) clearTimeout(timer);
      expiryTimers.delete(userId);
      if (!(userId in get().typing)) return;
      set((state) => {
        const typing = { ...state.typing };
        delete typing[userId];
        return { typing };
      });
    },

    forgetTyping: () => {
      outgoing = null;
      clearIdleTimer();
      expiryTimers.forEach((timer) => clearTimeout(timer));
      expiryTimers.clear();
      set({ typing: {} });
    },
  };
};
