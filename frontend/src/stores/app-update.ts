import { create } from 'zustand';

/** A new build of Piste is waiting in the service worker: the app offers to reload into it. */
interface AppUpdateState {
  available: boolean;
  /** Activates the waiting build and reloads the page; set by whoever registered the service worker. */
  apply: () => void;
  offer: (apply: () => void) => void;
}

export const useAppUpdateStore = create<AppUpdateState>()((set) => ({
  available: false,
  apply: () => undefined,
  offer: (apply) => set({ available: true, apply }),
}));
