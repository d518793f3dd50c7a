import i18next from 'i18next';
import type { Passkey } from '@piste/contracts';
import { create } from 'zustand';
import { ApiError, errorMessage } from '../api/client';
import * as passkeysApi from '../api/passkeys';
import { notify } from '../lib/toast';
import { createPasskeyInBrowser } from '../lib/webauthn';
import { screenStoreLoaded } from '../realtime/screen-stores';

type LoadStatus = 'idle' | 'loading' | 'ready' | 'error';

/** The user's passkeys as the Security tab lists them: adding one in this browser, naming and removing them. */
interface PasskeysState {
  /** Oldest first, as the server lists them. */
  passkeys: Passkey[];
  status: LoadStatus;
  /** An action under way; a second one waits for it. */
  pending: boolean;
  /** Fetches the list; what was shown stays if a refetch fails. */
  load: () => Promise<void>;
  /**
   * Makes a passkey in this browser (its own prompt: fingerprint, face or screen lock) and keeps it under `name`.
   * Resolves to whether one was added: not when the person cancelled the prompt, which says nothing. Other
   * failures raise a toast and reject with its text.
   */
  add: (name: string) => Promise<boolean>;
  /** Renames a passkey; failures as `add`. */
  rename: (id: string, name: string) => Promise<void>;
  /** Removes a passkey and says so; resolves to whether it worked. */
  remove: (id: string) => Promise<boolean>;
  reset: () => void;
}

/** Raises the failure's toast under `title` and rejects with the text it showed. */
function failed(title: string, error: unknown): never {
  const message = errorMessage(error, i18next.t('common:errors.tryAgainLater'));
  notify.error(title, message);
  throw new Error(message, { cause: error });
}

let loadSequence = 0;

export const usePasskeysStore = create<PasskeysState>()((set, get) => {
  /** Runs `action` with `pending` set; while another runs, resolves to `busy` at once. */
  async function whilePending<T>(busy: T, action: () => Promise<T>): Promise<T> {
    if (get().pending) return busy;
    set({ pending: true });
    try {
      return await action();
    } finally {
      set({ pending: false });
    }
  }

  /** Puts `passkey` in the list in place of its old self. */
  const replace = (passkey: Passkey) =>
    set((s) => ({ passkeys: s.passkeys.map((shown) => (shown.id === passkey.id ? passkey : shown)) }));

  return {
    passkeys: [],
    status: 'idle',
    pending: false,

    load: async () => {
      const sequence = ++loadSequence;
      if (get().status !== 'ready') set({ status: 'loading' });
      try {
        const passkeys = await passkeysApi.fetchPasskeys();
        if (sequence === loadSequence) set({ passkeys, status: 'ready' });
      } catch {
        if (sequence === loadSequence) set((s) => ({ status: s.status === 'ready' ? 'ready' : 'error' }));
      }
    },

    add: (name) =>
      whilePending(false, async () => {
        try {
          const options = await passkeysApi.fetchRegistrationOptions();
          const response = await createPasskeyInBrowser(options);
          if (!response) return false;
          const passkey = await passkeysApi.addPasskey({ response, name });
          set((s) => ({ passkeys: [...s.passkeys.filter((shown) => shown.id !== passkey.id), passkey] }));
          notify.success(
            i18next.t('settings:toasts.passkeyAdded.title'),
            i18next.t('settings:toasts.passkeyAdded.text'),
          );
          return true;
        } catch (error) {
          failed(i18next.t('settings:toasts.passkeyNotAdded'), error);
        }
      }),

    rename: (id, name) =>
      whilePending(undefined, async () => {
        try {
          replace(await passkeysApi.renamePasskey(id, name));
        } catch (error) {
          failed(i18next.t('settings:toasts.passkeyNotRenamed'), error);
        }
      }),

    remove: (id) =>
      whilePending(false, async () => {
        try {
          await passkeysApi.removePasskey(id);
          const removed = get().passkeys.find((passkey) => passkey.id === id);
          set((s) => ({ passkeys: s.passkeys.filter((passkey) => passkey.id !== id) }));
          notify.success(
            i18next.t('settings:toasts.passkeyRemoved.title'),
            removed
              ? i18next.t('settings:toasts.passkeyRemoved.named', { name: removed.name })
              : i18next.t('settings:toasts.passkeyRemoved.text'),
          );
          return true;
        } catch (error) {
          notify.error(
            i18next.t('settings:toasts.passkeyNotRemoved'),
            errorMessage(error, i18next.t('common:errors.tryAgainLater')),
          );
          // Gone already (removed in another tab): show the list as it is now.
          if (error instanceof ApiError && error.status === 404) void get().load();
          return false;
        }
      }),

    reset: () => {
      loadSequence += 1;
      set({ passkeys: [], status: 'idle', pending: false });
    },
  };
});

screenStoreLoaded('passkeys', usePasskeysStore);
