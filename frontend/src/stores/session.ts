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
}

let pendingLoad: Promise<void> | null = null;

export const useSessionStore = create<SessionState>()((set) => ({
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
}));
