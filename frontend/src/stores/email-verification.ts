import i18next from 'i18next';
import { create } from 'zustand';
import { ApiError, errorMessage } from '../api/client';
import * as accountApi from '../api/account';
import { notify } from '../lib/toast';
import { useAccountStore } from './account';
import { useSessionStore } from './session';

/** What a link from a mail does: confirm the account's address, or make a new address the account's. */
export type MailedLinkKind = 'verify' | 'change';

/** Following one mailed link: under way, done (with the server's words) or refused (with its reason). */
export interface LinkOutcome {
  status: 'following' | 'done' | 'failed';
  message: string | null;
}

interface EmailVerificationState {
  /** True while a new verification link is being asked for. */
  resending: boolean;
  /** What following each link gave, by `{kind}:{token}`: each link is followed once, however often it is shown. */
  links: Record<string, LinkOutcome>;
  /** Asks for a new verification link and says how it went. */
  resend: () => Promise<void>;
  /** Follows a mailed link once; its outcome lands in `links` under `linkKey(kind, token)`. */
  follow: (token: string, kind: MailedLinkKind) => Promise<void>;
}

export const linkKey = (kind: MailedLinkKind, token: string) => `${kind}:${token}`;

/** Written when this browser confirms an address, so its other tabs take the news without waiting. */
const ADDRESS_CONFIRMED_KEY = 'piste:address-confirmed';

/** The signed-in user and the settings learn that the address changed. */
function addressChanged(): void {
  void useSessionStore.getState().refresh();
  void useAccountStore.getState().refreshIfShown();
}

export const useEmailVerificationStore = create<EmailVerificationState>()((set, get) => ({
  resending: false,
  links: {},

  resend: async () => {
    if (get().resending) return;
    set({ resending: true });
    try {
      const reply = await accountApi.resendVerification();
      notify.success(i18next.t('emailVerification.toasts.sent'), reply.message);
    } catch (error) {
      notify.error(
        i18next.t('emailVerification.toasts.notSent'),
        errorMessage(error, i18next.t('errors.tryAgainLater')),
      );
      // Already verified (in another browser, say): what is shown is out of date.
      if (error instanceof ApiError && error.status === 400) addressChanged();
    } finally {
      set({ resending: false });
    }
  },

  follow: async (token, kind) => {
    const key = linkKey(kind, token);
    if (get().links[key]) return;
    const settle = (outcome: LinkOutcome) => set((s) => ({ links: { ...s.links, [key]: outcome } }));
    settle({ status: 'following', message: null });
    try {
      const reply = await (kind === 'change'
        ? accountApi.confirmEmailChange(token)
        : accountApi.verifyEmail(token));
      settle({ status: 'done', message: reply.message });
    } catch (error) {
      settle({ status: 'failed', message: errorMessage(error, i18next.t('emailVerification.linkNotUsed')) });
      return;
    }
    addressChanged();
    try {
      localStorage.setItem(ADDRESS_CONFIRMED_KEY, String(Date.now()));
    } catch {
      // Storage may be off; the other tabs ask again when they are next looked at.
    }
  },
}));

/**
 * While the banner asks for a confirmation: when this browser confirms the address in another tab, or the user
 * comes back to this one (after following the link elsewhere), ask the server again who is signed in, so the
 * banner goes. Returns the function that stops following.
 */
export function followAddressConfirmation(): () => void {
  const refresh = () => void useSessionStore.getState().refresh();
  const onStorage = (event: StorageEvent) => {
    if (event.key === ADDRESS_CONFIRMED_KEY) refresh();
  };
  const onVisible = () => {
    if (document.visibilityState === 'visible') refresh();
  };
  window.addEventListener('storage', onStorage);
  window.addEventListener('focus', refresh);
  document.addEventListener('visibilitychange', onVisible);
  return () => {
    window.removeEventListener('storage', onStorage);
    window.removeEventListener('focus', refresh);
    document.removeEventListener('visibilitychange', onVisible);
  };
}
