import type { NotificationType } from './constants';
import { z } from './zod';

/**
 * What a fencer can switch on or off, per channel, in Settings → Notifications. In-app notifications are always on;
 * these choose what also goes to the phone (web push) and to the mailbox.
 */
export const NOTIFICATION_SETTING_TYPES = [
  'like',
  'dislike',
  'comment',
  'mention',
  'connection-request',
  'accepted',
  'message',
  'club',
  'event',
  'bout',
] as const;
export type NotificationSettingType = (typeof NOTIFICATION_SETTING_TYPES)[number];

const channels = { push: z.boolean(), email: z.boolean() };

export const notificationChannelsSchema = z.strictObject(channels);
export type NotificationChannels = z.infer<typeof notificationChannelsSchema>;

/** GET /api/account/notification-settings: every type with both channels. */
export const notificationSettingsSchema = z.strictObject(
  Object.fromEntries(NOTIFICATION_SETTING_TYPES.map((type) => [type, notificationChannelsSchema])) as Record<
    NotificationSettingType,
    typeof notificationChannelsSchema
  >,
);
export type NotificationSettings = z.infer<typeof notificationSettingsSchema>;

const PUSHED_BY_DEFAULT: readonly NotificationSettingType[] = [
  'message',
  'comment',
  'mention',
  'connection-request',
  'accepted',
];

/** Push for what someone is waiting on an answer to, or that is about the fencer's own words; email for none. */
export const DEFAULT_NOTIFICATION_SETTINGS: NotificationSettings = Object.fromEntries(
  NOTIFICATION_SETTING_TYPES.map((type) => [type, { push: PUSHED_BY_DEFAULT.includes(type), email: false }]),
) as NotificationSettings;

/**
 * Which setting a stored notification falls under (null: none, it stays in the app only). The stored types are
 * older than the settings, so some are told apart by what they point at:
 * - `follow` with a request is a connection request; without one, the request was accepted;
 * - `other` about a post is a dislike (a dislike is stored as `other` with the post); `other` about nothing (an
 *   export that is ready, which mails anyway) has no setting;
 * - `achievement` is never stored by the server.
 */
export function notificationSettingTypeOf(notification: {
  type: NotificationType;
  postId?: string | null;
  requestId?: string | null;
}): NotificationSettingType | null {
  switch (notification.type) {
    case 'like':
      return 'like';
    case 'comment':
      return 'comment';
    case 'message':
      return 'message';
    case 'mention':
      return 'mention';
    case 'club':
      return 'club';
    case 'event':
      return 'event';
    case 'bout':
      return 'bout';
    case 'follow':
      return notification.requestId ? 'connection-request' : 'accepted';
    case 'other':
      return notification.postId ? 'dislike' : null;
    case 'achievement':
      return null;
  }
}

/** Longest endpoint accepted: real push services use a few hundred characters. */
export const PUSH_ENDPOINT_MAX = 2048;
/** Most subscriptions one fencer keeps (browsers and devices); a new one beyond it replaces the oldest. */
export const PUSH_SUBSCRIPTIONS_MAX = 20;

/** The reply of POST /api/push/subscriptions (201): the endpoint now registered for the signed-in user. */
export const pushSubscriptionReplySchema = z.object({ endpoint: z.string() });
export type PushSubscriptionReply = z.infer<typeof pushSubscriptionReplySchema>;

/** GET /api/push/public-key: the application server key the browser subscribes with (URL-safe base64). */
export const pushPublicKeySchema = z.object({ publicKey: z.string() });
export type PushPublicKey = z.infer<typeof pushPublicKeySchema>;

/**
 * What a push message carries, decrypted by the service worker: it shows `title` and `body`, folds repeats with the
 * same `tag` into one, and a click opens `url` (an app path).
 */
export const pushPayloadSchema = z.object({
  type: z.enum(NOTIFICATION_SETTING_TYPES),
  title: z.string(),
  body: z.string(),
  url: z.string().check(z.regex(/^\/(?!\/)/)),
  tag: z.string(),
});
export type PushPayload = z.infer<typeof pushPayloadSchema>;
