import {
  INVALID_LINK_MESSAGE,
  type ForgotPasswordPayload,
  type ResetPasswordPayload,
} from '@piste/contracts';
import { create } from 'zustand';
import i18next from 'i18next';
import { ApiError, errorMessage } from '../api/client';
import * as accountApi from '../api/account';
import { validationText } from '../lib/forms';
import { notify } from '../lib/toast';
import { useSessionStore } from './session';

/** Getting back into an account: asking for a reset link, and choosing a new password with it. */
interface PasswordResetState {
  requesting: boolean;
  resetting: boolean;
  /**
   * Asks for a link to the account of a username or email; resolves to the reply to show (the same whether or
   * not an account matched). On failure the toast is shown and the rejection's message is its text.
   */
  requestLink: (payload: ForgotPasswordPayload) => Promise<string>;
  /**
   * Sets the new password with the link's token and says so; every session of the account ends, so the app
   * asks again who is signed in. A refused link rejects with the server's text, for which {@link isInvalidLink}
   * holds (the page explains it, no toast); other failures as for `requestLink`.
   */
  reset: (payload: ResetPasswordPayload) => Promise<void>;
}

export const usePasswordResetStore = create<PasswordResetState>()((set) => ({
  requesting: false,
  resetting: false,

  requestLink: async (payload) => {
    set({ requesting: true });
    try {
      return (await accountApi.requestPasswordReset(payload)).message;
    } catch (error) {
      const message = errorMessage(error, i18next.t('errors.tryAgainLater'));
      notify.error(i18next.t('auth:toasts.linkNotSent'), message);
      throw new Error(message, { cause: error });
    } finally {
      set({ requesting: false });
    }
  },

  reset: async (payload) => {
    set({ resetting: true });
    try {
      const reply = await accountApi.resetPassword(payload);
      notify.success(i18next.t('auth:toasts.passwordReset'), reply.message);
    } catch (error) {
      const message = errorMessage(error, i18next.t('errors.tryAgainLater'));
      if (!isInvalidLink(error)) notify.error(i18next.t('auth:toasts.passwordNotReset'), message);
      throw new Error(message, { cause: error });
    } finally {
      set({ resetting: false });
    }
    // Whoever was signed in to that account in this browser is not any more.
    await useSessionStore.getState().load();
  },
}));

/** Whether a failure (or what caused it) is the server refusing a mailed link: used, expired or unknown. */
export function isInvalidLink(error: unknown): boolean {
  for (let cause = error; cause instanceof Error; cause = cause.cause) {
    if (cause instanceof ApiError) {
      // A token the schema refuses before any lookup answers with the link rule, in the language asked for.
      return (
        cause.code === 'accounts.invalid_link' ||
        cause.message === INVALID_LINK_MESSAGE ||
        cause.message === validationText(INVALID_LINK_MESSAGE)
      );
    }
  }
  return false;
}
