import type { LoginPayload, RegisterForm, SessionUser } from '@piste/contracts';
import { create } from 'zustand';
import * as authApi from '../api/auth';

type SessionStatus = 'loading' | 'ready';

interface SessionState {
  user: SessionUser | null;
  status: SessionStatus;
  /** Asks the server who is signed in; a failure counts as signed out. */
  load: () => Promise<void>;
  login: (credentials: LoginPayload) => Promise<SessionUser>;
  register: (form: RegisterForm) => Promise<SessionUser>;
  logout: () => Promise<void>;
  setUser: (user: SessionUser | null) => void;
  /** A ban arrived live (`ban:new`): the signed-in user is banned until the later of this and any earlier ban. */
  applyBan: (bannedUntil: string) => void;
  /** Asks the server again about the signed-in user (e.g. after the live connection was lost). */
  refresh: () => Promise<void>;
}

let pendingLoad: Promise<void> | null = null;

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

  login: async (credentials) => {
    const user = await authApi.login(credentials);
    set({ user, status: 'ready' });
    return user;
  },

  register: async (form) => {
    const user = await authApi.register(form);
    set({ user, status: 'ready' });
    return user;
  },

  logout: async () => {
    await authApi.logout();
    set({ user: null, status: 'ready' });
  },

  setUser: (user) => set({ user, status: 'ready' }),

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
