import type { Conversation, DirectMessage, ServerEventPayload } from '@piste/contracts';
import type { StateCreator } from 'zustand';

export type LoadStatus = 'idle' | 'loading' | 'ready' | 'error';

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

/** The conversation list, with unread counts for the header badge, kept live by `message:new`. */
export interface ConversationsSlice {
  conversations: Conversation[];
  conversationsStatus: LoadStatus;

  loadConversations: () => Promise<void>;
  /** Deletes it for this user, with the spec's toast; resolves to whether it worked. */
  deleteConversation: (conversationId: string) => Promise<boolean>;
  receive: (payload: ServerEventPayload<'message:new'>) => void;
}

/** The whole store's turns: catching up after a reconnect, and forgetting everything for another user. */
export interface LifecycleSlice {
  /** Bumped on reset, so replies for a previous user are dropped. */
  generation: number;

  /** After a reconnect: refetch the list and the open conversation's latest page. */
  refresh: () => void;
  reset: () => void;
}

/** Read receipts: what we have read (told to the server) and what the other side has read of ours. */
export interface ReceiptsSlice {
  /**
   * When the other side last read each conversation (conversation id → time). A read receipt can arrive
   * before the reply to our own send (the reader saw `message:new` first), so a message stored later still
   * counts as read if it is not newer.
   */
  partnerReadAt: Record<string, string>;

  /** The conversation on screen has been seen: clears its count and tells the server (read receipts). */
  markRead: (conversationId: string) => void;
  applyRead: (payload: ServerEventPayload<'message:read'>) => void;
}

/** Optimistic sends: shown at once with a client id, kept as failed when refused, retried or discarded. */
export interface SendingSlice {
  /** Sends optimistically; resolves with the conversation id, or null when the send failed. */
  send: (partner: ChatPartner, conversationId: string | null, content: string) => Promise<string | null>;
  /** Sends a failed message again with the same client id, so it can never be stored twice. */
  retry: (partner: ChatPartner, threadKey: string, clientId: string) => Promise<string | null>;
  discard: (threadKey: string, clientId: string) => void;
}

/** The open conversations' messages, page by page, and which conversation is on screen. */
export interface ThreadsSlice {
  /** By conversation id, or by draftKey(partnerId) before the first message. */
  threads: Record<string, Thread>;
  /** The conversation on screen: its incoming messages are read at once. */
  activeConversationId: string | null;

  /** Shows a conversation: loads its latest page (which marks it read) unless already loaded. */
  openConversation: (conversationId: string) => Promise<void>;
  setActiveConversation: (conversationId: string | null) => void;
  loadOlder: (conversationId: string) => Promise<void>;
}

/** The typing indicator both ways: who is typing to us, and telling the other side that we are. */
export interface TypingSlice {
  /** Other users typing to us: user id → when the indicator expires (ms). */
  typing: Record<string, number>;

  /** The composer's input changed: tell the other side we are typing (throttled), and when we stop. */
  typingInput: (partnerId: string, conversationId: string | null) => void;
  stopTyping: () => void;
  applyTyping: (payload: ServerEventPayload<'typing'>) => void;
  /** The user's indicator goes: they stopped, or their message arrived. */
  clearTyping: (userId: string) => void;
  /** Drops every indicator and timer without telling anyone: the signed-in user changed. */
  forgetTyping: () => void;
}

/** The whole messages store: every slice's state and actions, in one zustand store. */
export type MessagesState = ConversationsSlice &
  ThreadsSlice &
  SendingSlice &
  ReceiptsSlice &
  TypingSlice &
  LifecycleSlice;

/** One slice of the messages store (zustand's slices pattern): it sees, and may set, the whole state. */
export type MessagesSlice<Slice> = StateCreator<MessagesState, [], [], Slice>;
