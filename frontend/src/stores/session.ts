import type {
  LoginPayload,
  LoginTwoFactorPayload,
  RegisterForm,
  SessionUser,
  TwoFactorRequired,
} from '@piste/contracts';
import i18next from 'i18next';
import { create } from 'zustand';
import * as authApi from '../api/auth';
import { ApiError, errorMessage } from '../api/client';
import { notify } from '../lib/toast';

type SessionStatus = 'loading' | 'ready';

interface SessionState {
  user: SessionUser | null;
  status: SessionStatus;
  /** Asks the server who is signed in; a failure counts as signed out. */
  load: () => Promise<void>;
  /**
   * Signs in and says so; on failure the toast is shown and the rejection's message is its text. An account
   * with a second factor resolves to the server's request for it, with nobody signed in yet.
   */
  login: (credentials: LoginPayload) => Promise<SessionUser | TwoFactorRequired>;
  /** The second step of a sign-in: a code from the app or a recovery code; failures as for `login`. */
  loginSecondFactor: (payload: LoginTwoFactorPayload) => Promise<SessionUser>;
  /**
   * Signs in with a passkey this browser or phone holds, naming no account: no password, and no second step (the
   * passkey is both factors). Resolves to null when the person cancelled the browser's prompt, which says nothing;
   * failures as for `login`.
   */
  loginWithPasskey: () => Promise<SessionUser | null>;
  /** Creates the account and signs in; failures as for `login`. */
  register: (form: RegisterForm) => Promise<SessionUser>;
  /** Signs out and says so; failures as for `login`. */
  logout: () => Promise<void>;
  setUser: (user: SessionUser | null) => void;
  /** Admin rights granted or revoked by another admin, as the server announced them. */
  setRights: (isAdmin: boolean) => void;
  /** A ban arrived live (`ban:new`): the signed-in user is banned until the later of this and any earlier ban. */
  applyBan: (bannedUntil: string) => void;
  /** Asks the server again about the signed-in user (e.g. after the live connection was lost). */
  refresh: () => Promise<void>;
}

let pendingLoad: Promise<void> | null = null;

/**
 * Runs a sign-in, registration or sign-out with the spec's toasts: `success` once it worked (none when it gives
 * null), the server's message (or `failure` itself) under the title `failure` when it did not. The rejection
 * carries the text shown. Texts are given as functions, so they are read in the language shown at the time.
 */
async function announced<T>(
  action: () => Promise<T>,
  success: (result: T) => [title: string, description: string] | null,
  failureText: () => string,
): Promise<T> {
  let result: T;
  try {
    result = await action();
  } catch (error) {
    const failure = failureText();
    const message = errorMessage(error, failure);
    notify.error(failure, message);
    throw new Error(message, { cause: error });
  }
  const toast = success(result);
  if (toast) notify.success(...toast);
  return result;
}

/** The toast of a sign-in that worked. */
function welcomeBack(username: string): [title: string, description: string] {
  return [i18next.t('session.welcomeBack'), i18next.t('session.loggedInAs', { username })];
}

const loginFailed = () => i18next.t('session.loginFailed');

/** The user a login or registration answered with is the one signed in. */
async function signIn(request: Promise<SessionUser>): Promise<SessionUser> {
  const user = await request;
  useSessionStore.setState({ user, status: 'ready' });
  return user;
}

/** The reply to a refused second-factor code: 429 once too many were wrong, and the sign-in starts again. */
export const mustRestartSignIn = (error: unknown): boolean =>
  error instanceof Error && error.cause instanceof ApiError && error.cause.status === 429;

export const useSessionStore = create<SessionState>()((set, get) => ({
  user: null,
  status: 'loading',

  load: () => {
    // One request even when React's strict mode mounts twice.
    pendingLoad ??= authApi
      .fetchSessionUser()
      .then(
        (user) => set({ user, status: 'ready' }),
        () => set({ user: null, status: 'ready' }),
      )
      .finally(() => {
        pendingLoad = null;
      });
    return pendingLoad;
  },

  login: (credentials) =>
    announced(
      async () => {
        const reply = await authApi.login(credentials);
        return 'twoFactorRequired' in reply ? reply : signIn(Promise.resolve(reply));
      },
      // Nobody is signed in until the second step.
      (reply) => ('twoFactorRequired' in reply ? null : welcomeBack(reply.username)),
      loginFailed,
    ),

  loginSecondFactor: (payload) =>
    announced(
      () => signIn(authApi.loginSecondFactor(payload)),
      (user) => welcomeBack(user.username),
      loginFailed,
    ),

  loginWithPasskey: () =>
    announced(
      async () => {
        // Only the auth screen signs in with a passkey: its code stays out of the signed-in first load.
        const [passkeysApi, { signWithPasskeyInBrowser }] = await Promise.all([
          import('../api/passkeys'),
          import('../lib/webauthn'),
        ]);
        const response = await signWithPasskeyInBrowser(await passkeysApi.fetchSignInOptions());
        return response ? signIn(passkeysApi.loginWithPasskey({ response })) : null;
      },
      (user) => (user ? welcomeBack(user.username) : null),
      loginFailed,
    ),

  register: (form) =>
    announced(
      () => signIn(authApi.register(form)),
      () => [i18next.t('session.welcome'), i18next.t('session.accountCreated')],
      () => i18next.t('session.registrationFailed'),
    ),

  logout: () =>
    announced(
      async () => {
        // While still signed in: the server forgets this device, so the next user of the phone gets no pushes.
        await import('../lib/push')
          .then(({ unsubscribeThisDevice }) => unsubscribeThisDevice())
          .catch(() => undefined);
        await authApi.logout();
        set({ user: null, status: 'ready' });
      },
      () => [i18next.t('session.loggedOut'), i18next.t('session.loggedOutDetail')],
      () => i18next.t('session.logoutFailed'),
    ),

  setUser: (user) => set({ user, status: 'ready' }),
  setRights: (isAdmin) => set((state) => (state.user ? { user: { ...state.user, isAdmin } } : {})),

  applyBan: (bannedUntil) => {
    const user = get().user;
    if (!user) return;
    if (user.bannedUntil && Date.parse(user.bannedUntil) >= Date.parse(bannedUntil)) return;
    set({ user: { ...user, bannedUntil } });
  },

  refresh: async () => {
    if (!get().user) return;
    try {
      const user = await authApi.fetchSessionUser();
      // Only news about the same user; who is signed in is the socket's session check to settle.
      if (user && user.id === get().user?.id) set({ user });
    } catch {
      // Keep what is shown; the next reconnect asks again.
    }
  },
}));
