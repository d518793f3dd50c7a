import { create } from 'zustand';
import { pushPermission } from '../lib/push-permission';

/** Remembers that the user answered the prompt, so it is offered once per browser. */
const ANSWERED_KEY = 'piste:push-prompt';

function answered(): boolean {
  try {
    return localStorage.getItem(ANSWERED_KEY) !== null;
  } catch {
    return true;
  }
}

function remember(answer: 'accepted' | 'dismissed'): void {
  try {
    localStorage.setItem(ANSWERED_KEY, answer);
  } catch {
    // Private mode: the prompt may come back next time, which is all it costs.
  }
}

/**
 * A gentle offer to turn on notifications on this device: after the user's first message or like (when they have
 * just started something they will want to hear back about), never on load, once per browser.
 */
interface PushPromptState {
  visible: boolean;
  /** The user did something worth hearing back about: offer, if this browser has not been asked yet. */
  suggest: () => void;
  accept: () => Promise<void>;
  dismiss: () => void;
}

export const usePushPromptStore = create<PushPromptState>()((set, get) => ({
  visible: false,

  suggest: () => {
    if (get().visible || answered() || pushPermission() !== 'default') return;
    set({ visible: true });
  },

  accept: async () => {
    remember('accepted');
    set({ visible: false });
    // The settings' store (and the push client) load when someone says yes, not with every first screen.
    const { useNotificationSettingsStore } = await import('./notification-settings');
    await useNotificationSettingsStore.getState().setDevicePush(true);
  },

  dismiss: () => {
    remember('dismissed');
    set({ visible: false });
  },
}));
