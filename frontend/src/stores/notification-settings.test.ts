import { DEFAULT_NOTIFICATION_SETTINGS } from '@piste/contracts';
import * as pushApi from '../api/push';
import { ApiError } from '../api/client';
import * as push from '../lib/push';
import * as permission from '../lib/push-permission';
import { notify } from '../lib/toast';
import { useNotificationSettingsStore } from './notification-settings';
import { usePushPromptStore } from './push-prompt';

jest.mock('../api/push');
jest.mock('../lib/push');
jest.mock('../lib/push-permission');
jest.mock('../lib/toast', () => jest.requireActual('../test-support/live-socket-mock').toastModule());
const api = jest.mocked(pushApi);
const device = jest.mocked(push);
const toast = jest.mocked(notify);
const store = () => useNotificationSettingsStore.getState();

beforeEach(() => {
  jest.resetAllMocks();
  store().reset();
  usePushPromptStore.setState({ visible: false });
  localStorage.clear();
  device.pushPermission.mockReturnValue('default');
  // The offer asks the browser through this module alone (it stays out of the push client's chunk).
  jest.mocked(permission).pushPermission.mockReturnValue('default');
  device.isSubscribed.mockResolvedValue(false);
  api.fetchNotificationSettings.mockResolvedValue(DEFAULT_NOTIFICATION_SETTINGS);
});

describe('notification settings', () => {
  it('loads the settings and where this device stands', async () => {
    device.isSubscribed.mockResolvedValue(true);
    await store().load();
    expect(store()).toMatchObject({ status: 'ready', subscribed: true, permission: 'default' });
    expect(store().settings.message).toEqual({ push: true, email: false });
  });

  it('switches a channel at once, and back with a toast when the server refuses', async () => {
    await store().load();
    api.updateNotificationSettings.mockRejectedValue(new ApiError('Unknown notification type: x', 400));
    const saving = store().toggle('like', 'push', true);
    expect(store().settings.like.push).toBe(true);
    await saving;
    expect(store().settings.like.push).toBe(false);
    expect(toast.error).toHaveBeenCalledWith('Settings not saved', 'Unknown notification type: x');
  });

  it('keeps what the server answers after a change', async () => {
    await store().load();
    const saved = { ...DEFAULT_NOTIFICATION_SETTINGS, comment: { push: false, email: true } };
    api.updateNotificationSettings.mockResolvedValue(saved);
    await store().toggle('comment', 'email', true);
    expect(api.updateNotificationSettings).toHaveBeenCalledWith({ comment: { email: true } });
    expect(store().settings.comment).toEqual({ push: false, email: true });
  });

  it('turns this device on and off, and says when the browser blocks it', async () => {
    device.subscribeThisDevice.mockResolvedValue('granted');
    await store().setDevicePush(true);
    expect(store().subscribed).toBe(true);
    await store().setDevicePush(false);
    expect(device.unsubscribeThisDevice).toHaveBeenCalled();
    expect(store().subscribed).toBe(false);
    device.subscribeThisDevice.mockResolvedValue('denied');
    await store().setDevicePush(true);
    expect(store()).toMatchObject({ subscribed: false, permission: 'denied' });
    expect(toast.error).toHaveBeenCalledWith('Notifications blocked', expect.any(String));
  });
});

describe('the offer to turn notifications on', () => {
  it('comes once per browser, and only while the browser has not been asked', () => {
    usePushPromptStore.getState().suggest();
    expect(usePushPromptStore.getState().visible).toBe(true);
    usePushPromptStore.getState().dismiss();
    usePushPromptStore.getState().suggest();
    expect(usePushPromptStore.getState().visible).toBe(false);

    localStorage.clear();
    jest.mocked(permission).pushPermission.mockReturnValue('denied');
    usePushPromptStore.getState().suggest();
    expect(usePushPromptStore.getState().visible).toBe(false);
  });

  it('subscribes this device when accepted', async () => {
    device.subscribeThisDevice.mockResolvedValue('granted');
    usePushPromptStore.getState().suggest();
    await usePushPromptStore.getState().accept();
    expect(usePushPromptStore.getState().visible).toBe(false);
    expect(device.subscribeThisDevice).toHaveBeenCalled();
    expect(store().subscribed).toBe(true);
  });
});
