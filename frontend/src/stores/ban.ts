import type { Ban } from '@piste/contracts';
import { create } from 'zustand';
import * as moderationApi from '../api/moderation';
import { notify } from '../lib/toast';
import { formatBanEnd } from '../lib/moderation-format';
import { onReconnect, onServerEvent } from '../realtime/socket';
import { useSessionStore } from './session';

/**
 * The signed-in user's own ban, so the app says why posting and commenting are closed and until when.
 * Loaded once per sign-in, refreshed on reconnect, and set live by `ban:new`.
 */
interface BanState {
  /** The ban ending last; the notice hides itself once `bannedUntil` has passed. */
  ban: Ban | null;
  load: () => Promise<void>;
  receive: (ban: Ban) => void;
  reset: () => void;
}

function endsLater(a: Ban | null, b: Ban): boolean {
  return !a || b.bannedUntil > a.bannedUntil;
}

export const useBanStore = create<BanState>()((set, get) => ({
  ban: null,

  load: async () => {
    try {
      const ban = await moderationApi.fetchOwnBan();
      set({ ban });
    } catch {
      // The notice is a courtesy: the server refuses banned posts and comments regardless.
    }
  },

  receive: (ban) => {
    if (endsLater(get().ban, ban)) set({ ban });
  },

  reset: () => set({ ban: null }),
}));

onServerEvent('ban:new', ({ ban }) => {
  useBanStore.getState().receive(ban);
  notify.error(
    'You have been banned from posting',
    `You can't post or comment until ${formatBanEnd(ban.bannedUntil)}. Reason: ${ban.reason}`,
  );
});
onReconnect(() => {
  if (useSessionStore.getState().user) void useBanStore.getState().load();
});
useSessionStore.subscribe((state, previous) => {
  if (state.user?.id !== previous.user?.id) useBanStore.getState().reset();
});
