import {
  notificationSettingsSchema,
  pushPublicKeySchema,
  type NotificationSettings,
  type PushSubscriptionPayload,
  type UpdateNotificationSettings,
} from '@piste/contracts';
import { api } from './client';

/** GET /api/push/public-key: the key a browser subscribes to push with (every replica shares it). */
export async function fetchPushPublicKey(): Promise<string> {
  return (await api.get('/api/push/public-key', pushPublicKeySchema)).publicKey;
}

/** POST /api/push/subscriptions: this browser's subscription, for the signed-in user. */
export async function saveSubscription(subscription: PushSubscriptionPayload): Promise<void> {
  await api.post('/api/push/subscriptions', subscription);
}

/** DELETE /api/push/subscriptions: this browser no longer gets the user's pushes. */
export async function deleteSubscription(endpoint: string): Promise<void> {
  await api.delete('/api/push/subscriptions', undefined, { endpoint });
}

/** GET /api/account/notification-settings: push and email on or off, per type. */
export function fetchNotificationSettings(): Promise<NotificationSettings> {
  return api.get('/api/account/notification-settings', notificationSettingsSchema);
}

/** PUT /api/account/notification-settings: the types and channels given change; the reply is all of them. */
export function updateNotificationSettings(
  changes: UpdateNotificationSettings,
): Promise<NotificationSettings> {
  return api.put('/api/account/notification-settings', changes, notificationSettingsSchema);
}
