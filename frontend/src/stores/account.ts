import i18next from 'i18next';
import type { Account, ChangeEmailPayload, ChangePasswordPayload } from '@piste/contracts';
import { create } from 'zustand';
import { errorMessage } from '../api/client';
import * as accountApi from '../api/account';
import { notify } from '../lib/toast';
import { useAccountSessionsStore } from './account-sessions';
import { screenStoreLoaded } from '../realtime/screen-stores';

type AccountStatus = 'idle' | 'loading' | 'ready' | 'error';

/** The signed-in user's account as the settings show it, and the changes made there. */
interface AccountState {
  account: Account | null;
  status: AccountStatus;
  /** Fetches the account; what was shown stays if a refetch fails. */
  load: () => Promise<void>;
  /**
   * Asks for a new address (with the password): resolves to the reply that says where the link went. On failure
   * the toast is shown and the rejection's message is its text.
   */
  changeEmail: (payload: ChangeEmailPayload) => Promise<string>;
  /** Changes the password and says so (other browsers are signed out); failures as for `changeEmail`. */
  changePassword: (payload: ChangePasswordPayload) => Promise<void>;
  /** Fetches the account again if the settings have shown it (an address was verified or changed). */
  refreshIfShown: () => Promise<void>;
  reset: () => void;
}

let loadSequence = 0;

/** Raises the failure's toast under `title` and rejects with the text it showed. */
function failed(title: string, error: unknown): never {
  const message = errorMessage(error, i18next.t('common:errors.tryAgainLater'));
  notify.error(title, message);
  throw new Error(message, { cause: error });
}

export const useAccountStore = create<AccountState>()((set, get) => ({
  account: null,
  status: 'idle',

  load: async () => {
    const sequence = ++loadSequence;
    if (get().status !== 'ready') set({ status: 'loading' });
    try {
      const account = await accountApi.fetchAccount();
      if (sequence === loadSequence) set({ account, status: 'ready' });
    } catch {
      if (sequence === loadSequence) set((s) => ({ status: s.status === 'ready' ? 'ready' : 'error' }));
    }
  },

  changeEmail: async (payload) => {
    let message: string;
    try {
      ({ message } = await accountApi.changeEmail(payload));
    } catch (error) {
      failed(i18next.t('settings:toasts.emailNotChanged'), error);
    }
    // The new address now waits for its link.
    void get().load();
    return message;
  },

  changePassword: async (payload) => {
    try {
      const reply = await accountApi.changePassword(payload);
      notify.success(i18next.t('settings:toasts.passwordChanged'), reply.message);
    } catch (error) {
      failed(i18next.t('settings:toasts.passwordNotChanged'), error);
    }
    const sessions = useAccountSessionsStore.getState();
    if (sessions.status !== 'idle') void sessions.load();
  },

  refreshIfShown: async () => {
    if (get().status !== 'idle') await get().load();
  },

  reset: () => {
    loadSequence += 1;
    set({ account: null, status: 'idle' });
  },
}));

screenStoreLoaded('account', useAccountStore);
