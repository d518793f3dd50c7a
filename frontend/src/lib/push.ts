import * as pushApi from '../api/push';
import { pushPermission, type PushPermission } from './push-permission';

export { pushPermission, type PushPermission } from './push-permission';

/** The VAPID key as the bytes `PushManager.subscribe` takes (it comes as URL-safe base64). */
function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(base64url.length / 4) * 4, '=');
  const binary = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

async function currentSubscription(): Promise<PushSubscription | null> {
  if (pushPermission() === 'unsupported') return null;
  const registration = await navigator.serviceWorker.getRegistration();
  return (await registration?.pushManager.getSubscription()) ?? null;
}

/** Whether this browser is subscribed to the signed-in user's pushes. */
export async function isSubscribed(): Promise<boolean> {
  return (await currentSubscription()) !== null;
}

/**
 * Asks the browser's permission (only ever after a click: browsers refuse it on load), subscribes this device and
 * tells the server. Resolves to the permission it ended with.
 */
export async function subscribeThisDevice(): Promise<PushPermission> {
  if (pushPermission() === 'unsupported') return 'unsupported';
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') return permission;
  const registration = await navigator.serviceWorker.ready;
  const subscription =
    (await registration.pushManager.getSubscription()) ??
    (await registration.pushManager.subscribe({
      userVisibleOnly: true,
      applicationServerKey: keyBytes(await pushApi.fetchPushPublicKey()),
    }));
  await pushApi.saveSubscription(subscription.toJSON() as Parameters<typeof pushApi.saveSubscription>[0]);
  return 'granted';
}

/** Stops pushes to this browser (from settings, and at sign-out: the next user of a shared phone gets none). */
export async function unsubscribeThisDevice(): Promise<void> {
  const subscription = await currentSubscription();
  if (!subscription) return;
  await pushApi.deleteSubscription(subscription.endpoint).catch(() => undefined);
  await subscription.unsubscribe();
}
