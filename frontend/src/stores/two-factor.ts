import i18next from 'i18next';
import type { TotpSetup, TwoFactorStatus } from '@piste/contracts';
import { create } from 'zustand';
import { errorMessage } from '../api/client';
import * as twoFactorApi from '../api/two-factor';
import { notify } from '../lib/toast';
import { screenStoreLoaded } from '../realtime/screen-stores';

type LoadStatus = 'idle' | 'loading' | 'ready' | 'error';

/** Two-factor sign-in as the Security tab shows it: turning the authenticator app on and off, recovery codes. */
interface TwoFactorState {
  twoFactor: TwoFactorStatus | null;
  status: LoadStatus;
  /** The secret being added to an app, until it is turned on or the setup is cancelled. */
  setup: TotpSetup | null;
  /** Recovery codes just made: shown once, until the user says they are saved. */
  recoveryCodes: string[] | null;
  /** An action under way. */
  pending: boolean;
  load: () => Promise<void>;
  /** Asks for a new secret to show as a QR code. */
  startSetup: () => Promise<void>;
  cancelSetup: () => void;
  /** Turns the app on with one of its codes; rejects with the text its toast showed. */
  enable: (code: string) => Promise<void>;
  /** Turns it off with the password and a current code; rejects as `enable`. */
  disable: (payload: { password: string; code: string }) => Promise<void>;
  /** A new set of recovery codes for the password; rejects as `enable`. */
  regenerateRecoveryCodes: (password: string) => Promise<void>;
  /** The user has saved the codes shown: they are not shown again. */
  dismissRecoveryCodes: () => void;
  reset: () => void;
}

/** Raises the failure's toast under `title` and rejects with the text it showed. */
function failed(title: string, error: unknown): never {
  const message = errorMessage(error, i18next.t('common:errors.tryAgainLater'));
  notify.error(title, message);
  throw new Error(message, { cause: error });
}

let loadSequence = 0;

export const useTwoFactorStore = create<TwoFactorState>()((set, get) => {
  /** Runs `action` with `pending` set; a second action waits for the first. */
  async function whilePending(action: () => Promise<void>): Promise<void> {
    if (get().pending) return;
    set({ pending: true });
    try {
      await action();
    } finally {
      set({ pending: false });
    }
  }

  return {
    twoFactor: null,
    status: 'idle',
    setup: null,
    recoveryCodes: null,
    pending: false,

    load: async () => {
      const sequence = ++loadSequence;
      if (get().status !== 'ready') set({ status: 'loading' });
      try {
        const twoFactor = await twoFactorApi.fetchTwoFactorStatus();
        if (sequence === loadSequence) set({ twoFactor, status: 'ready' });
      } catch {
        if (sequence === loadSequence) set((s) => ({ status: s.status === 'ready' ? 'ready' : 'error' }));
      }
    },

    startSetup: () =>
      whilePending(async () => {
        try {
          set({ setup: await twoFactorApi.setupTotp() });
        } catch (error) {
          failed(i18next.t('settings:toasts.setupNotStarted'), error);
        }
      }),

    cancelSetup: () => set({ setup: null }),

    enable: (code) =>
      whilePending(async () => {
        try {
          const { recoveryCodes } = await twoFactorApi.enableTotp(code);
          set((s) => ({
            setup: null,
            recoveryCodes,
            twoFactor: { ...s.twoFactor, totp: true, recoveryCodesLeft: recoveryCodes.length },
          }));
          notify.success(
            i18next.t('settings:toasts.twoFactorOn.title'),
            i18next.t('settings:toasts.twoFactorOn.text'),
          );
        } catch (error) {
          failed(i18next.t('settings:toasts.twoFactorNotOn'), error);
        }
      }),

    disable: (payload) =>
      whilePending(async () => {
        try {
          await twoFactorApi.disableTotp(payload);
          set({ twoFactor: { totp: false, recoveryCodesLeft: 0 }, recoveryCodes: null });
          notify.success(
            i18next.t('settings:toasts.twoFactorOff.title'),
            i18next.t('settings:toasts.twoFactorOff.text'),
          );
        } catch (error) {
          failed(i18next.t('settings:toasts.twoFactorNotOff'), error);
        }
      }),

    regenerateRecoveryCodes: (password) =>
      whilePending(async () => {
        try {
          const { recoveryCodes } = await twoFactorApi.regenerateRecoveryCodes(password);
          set((s) => ({
            recoveryCodes,
            twoFactor: { totp: s.twoFactor?.totp ?? true, recoveryCodesLeft: recoveryCodes.length },
          }));
          notify.success(
            i18next.t('settings:toasts.newCodes.title'),
            i18next.t('settings:toasts.newCodes.text'),
          );
        } catch (error) {
          failed(i18next.t('settings:toasts.noNewCodes'), error);
        }
      }),

    dismissRecoveryCodes: () => set({ recoveryCodes: null }),

    reset: () => {
      loadSequence += 1;
      set({ twoFactor: null, status: 'idle', setup: null, recoveryCodes: null, pending: false });
    },
  };
});

screenStoreLoaded('two-factor', useTwoFactorStore);
