import i18next from 'i18next';
import { create } from 'zustand';
import { ApiError, errorMessage } from '../api/client';
import * as accountApi from '../api/account';
import { notify } from '../lib/toast';
import { useAccountStore } from './account';
import { ADDRESS_CONFIRMED_KEY } from './address-confirmation';
import { useSessionStore } from './session';

export { followAddressConfirmation } from './address-confirmation';

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
