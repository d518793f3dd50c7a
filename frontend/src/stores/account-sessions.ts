import i18next from 'i18next';
import type { AccountSession } from '@piste/contracts';
import { create } from 'zustand';
import { ApiError, errorMessage } from '../api/client';
import * as accountApi from '../api/account';
import { notify } from '../lib/toast';
import { screenStoreLoaded } from '../realtime/screen-stores';

type ListStatus = 'idle' | 'loading' | 'ready' | 'error';

/** The browsers signed in to the account, as the Security tab lists them, and signing them out. */
interface AccountSessionsState {
  /** This browser first, then the others, most recently active first. */
  sessions: AccountSession[];
  status: ListStatus;
  /** The sign-out under way: a session's id, `others` for every other browser, or null. */
  ending: string | null;
  /** Fetches the list; what was shown stays if a refetch fails. */
  load: () => Promise<void>;
  /** Signs one other browser out and says so; resolves to whether it worked. */
  end: (id: string) => Promise<boolean>;
  /** Signs out every browser but this one and says so; resolves to whether it worked. */
  endOthers: () => Promise<boolean>;
  reset: () => void;
}

const lastActive = (session: AccountSession) => session.lastActiveAt ?? session.createdAt ?? '';

/** This browser first, then the most recently active. */
function ordered(sessions: AccountSession[]): AccountSession[] {
  return [...sessions].sort(
    (a, b) => Number(b.current) - Number(a.current) || lastActive(b).localeCompare(lastActive(a)),
  );
}

let loadSequence = 0;

export const useAccountSessionsStore = create<AccountSessionsState>()((set, get) => ({
  sessions: [],
  status: 'idle',
  ending: null,

  load: async () => {
    const sequence = ++loadSequence;
    if (get().status !== 'ready') set({ status: 'loading' });
    try {
      const sessions = await accountApi.fetchSessions();
      if (sequence === loadSequence) set({ sessions: ordered(sessions), status: 'ready' });
    } catch {
      if (sequence === loadSequence) set((s) => ({ status: s.status === 'ready' ? 'ready' : 'error' }));
    }
  },

  end: async (id) => {
    if (get().ending) return false;
    set({ ending: id });
    try {
      const reply = await accountApi.endSession(id);
      set((s) => ({ sessions: s.sessions.filter((session) => session.id !== id) }));
      notify.success(i18next.t('settings:toasts.signedOut'), reply.message);
      return true;
    } catch (error) {
      notify.error(
        i18next.t('settings:toasts.signOutFailed'),
        errorMessage(error, i18next.t('common:errors.tryAgainLater')),
      );
      // Gone already (it signed out or expired meanwhile): show the list as it is now.
      if (error instanceof ApiError && error.status === 404) void get().load();
      return false;
    } finally {
      set({ ending: null });
    }
  },

  endOthers: async () => {
    if (get().ending) return false;
    set({ ending: 'others' });
    try {
      const reply = await accountApi.endOtherSessions();
      set((s) => ({ sessions: s.sessions.filter((session) => session.current) }));
      notify.success(i18next.t('settings:toasts.signedOut'), reply.message);
      return true;
    } catch (error) {
      notify.error(
        i18next.t('settings:toasts.signOutOthersFailed'),
        errorMessage(error, i18next.t('common:errors.tryAgainLater')),
      );
      return false;
    } finally {
      set({ ending: null });
    }
  },

  reset: () => {
    loadSequence += 1;
    set({ sessions: [], status: 'idle', ending: null });
  },
}));

screenStoreLoaded('account-sessions', useAccountSessionsStore);
