import i18next from 'i18next';
import {
  DEFAULT_NOTIFICATION_SETTINGS,
  type NotificationSettings,
  type NotificationSettingType,
} from '@piste/contracts';
import { create } from 'zustand';
import { errorMessage } from '../api/client';
import * as pushApi from '../api/push';
import {
  isSubscribed,
  pushPermission,
  subscribeThisDevice,
  unsubscribeThisDevice,
  type PushPermission,
} from '../lib/push';
import { notify } from '../lib/toast';
import { screenStoreLoaded } from '../realtime/screen-stores';

type Channel = 'push' | 'email';
type LoadStatus = 'idle' | 'loading' | 'ready' | 'error';

/** The Notifications tab: what goes to the phone and the mailbox, per type, and whether this device gets pushes. */
interface NotificationSettingsState {
  settings: NotificationSettings;
  status: LoadStatus;
  /** This browser: its permission, and whether it is subscribed. */
  permission: PushPermission;
  subscribed: boolean;
  /** A subscribe or unsubscribe under way. */
  switchingDevice: boolean;
  load: () => Promise<void>;
  /** Turns one type's channel on or off at once, and back if the server refuses. */
  toggle: (type: NotificationSettingType, channel: Channel, on: boolean) => Promise<void>;
  /** Subscribes this device (asking the browser's permission) or unsubscribes it, and says so. */
  setDevicePush: (on: boolean) => Promise<void>;
  reset: () => void;
}

const INITIAL = {
  settings: DEFAULT_NOTIFICATION_SETTINGS,
  status: 'idle' as LoadStatus,
  permission: 'default' as PushPermission,
  subscribed: false,
  switchingDevice: false,
};

export const useNotificationSettingsStore = create<NotificationSettingsState>()((set, get) => ({
  ...INITIAL,

  load: async () => {
    set({ status: get().status === 'ready' ? 'ready' : 'loading', permission: pushPermission() });
    try {
      const [settings, subscribed] = await Promise.all([
        pushApi.fetchNotificationSettings(),
        isSubscribed().catch(() => false),
      ]);
      set({ settings, subscribed, status: 'ready' });
    } catch {
      if (get().status !== 'ready') set({ status: 'error' });
    }
  },

  toggle: async (type, channel, on) => {
    const before = get().settings;
    set({ settings: { ...before, [type]: { ...before[type], [channel]: on } } });
    try {
      set({ settings: await pushApi.updateNotificationSettings({ [type]: { [channel]: on } }) });
    } catch (error) {
      set({ settings: before });
      notify.error(
        i18next.t('settings:toasts.settingsNotSaved.title'),
        errorMessage(error, i18next.t('settings:toasts.settingsNotSaved.text')),
      );
    }
  },

  setDevicePush: async (on) => {
    if (get().switchingDevice) return;
    set({ switchingDevice: true });
    try {
      if (on) {
        const permission = await subscribeThisDevice();
        set({ permission, subscribed: permission === 'granted' });
        if (permission === 'granted')
          notify.success(i18next.t('settings:toasts.pushOn.title'), i18next.t('settings:toasts.pushOn.text'));
        else if (permission === 'denied') {
          notify.error(
            i18next.t('settings:toasts.pushBlocked.title'),
            i18next.t('settings:toasts.pushBlocked.text'),
          );
        }
      } else {
        await unsubscribeThisDevice();
        set({ subscribed: false });
        notify.success(i18next.t('settings:toasts.pushOff.title'), i18next.t('settings:toasts.pushOff.text'));
      }
    } catch (error) {
      notify.error(
        i18next.t('settings:toasts.pushUnavailable.title'),
        errorMessage(error, i18next.t('settings:toasts.pushUnavailable.text')),
      );
    } finally {
      set({ switchingDevice: false });
    }
  },

  reset: () => set(INITIAL),
}));

screenStoreLoaded('notification-settings', useNotificationSettingsStore);
