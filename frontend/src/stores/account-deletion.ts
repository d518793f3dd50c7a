import i18next from 'i18next';
import type { DeleteAccountPayload } from '@piste/contracts';
import { create } from 'zustand';
import { errorMessage } from '../api/client';
import * as accountApi from '../api/account';
import { notify } from '../lib/toast';
import { resetProfileStore } from './profile';
import { useSessionStore } from './session';

/** Deleting the account for good, from the Privacy tab. */
interface AccountDeletionState {
  deleting: boolean;
  /**
   * Deletes the account with its password and says goodbye. The server has already signed this browser out, so
   * the app forgets the user and shows the sign-in screen. A refusal (a wrong password) raises no toast: the
   * dialog that asked for the password says it, with the rejection's message as its text.
   */
  deleteAccount: (payload: DeleteAccountPayload) => Promise<void>;
}

export const useAccountDeletionStore = create<AccountDeletionState>()((set, get) => ({
  deleting: false,

  deleteAccount: async (payload) => {
    if (get().deleting) return;
    set({ deleting: true });
    let message: string;
    try {
      ({ message } = await accountApi.deleteAccount(payload));
    } catch (error) {
      throw new Error(errorMessage(error, i18next.t('settings:toasts.deletionFailed')), {
        cause: error,
      });
    } finally {
      set({ deleting: false });
    }
    notify.success(i18next.t('settings:toasts.accountDeleted'), message);
    // Every store of the user's is reset with the session (live-events' ON_USER_CHANGE); the profile is not there.
    resetProfileStore();
    useSessionStore.getState().setUser(null);
  },
}));
