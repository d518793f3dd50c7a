import type { DirectMessage } from '@piste/contracts';
import type { StateCreator } from 'zustand';
import type { ConversationsSlice } from './conversations';
import type { LifecycleSlice } from './lifecycle';
import type { ReceiptsSlice } from './receipts';
import type { SendingSlice } from './sending';
import type { ThreadsSlice } from './threads';
import type { TypingSlice } from './typing';

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

/** The whole messages store: every slice's state and actions, in one zustand store. */
export type MessagesState = ConversationsSlice &
  ThreadsSlice &
  SendingSlice &
  ReceiptsSlice &
  TypingSlice &
  LifecycleSlice;

/** One slice of the messages store (zustand's slices pattern): it sees, and may set, the whole state. */
export type MessagesSlice<Slice> = StateCreator<MessagesState, [], [], Slice>;
