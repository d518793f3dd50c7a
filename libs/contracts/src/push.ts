import { z } from 'zod';
import type { NotificationType } from './constants';
import { clientString } from './common';

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

const channel = z.boolean({ error: 'push and email must be true or false' });
const channelsFields = { push: channel, email: channel };
const channelsError = (issue: { code: string; keys?: string[] }) =>
  issue.code === 'unrecognized_keys'
    ? `Unknown channel: ${issue.keys?.join(', ')} (push or email)`
    : 'Each notification type takes {"push": boolean, "email": boolean}';
const typesError = (issue: { code: string; keys?: string[] }) =>
  issue.code === 'unrecognized_keys'
    ? `Unknown notification type: ${issue.keys?.join(', ')}`
    : 'Send an object of notification types';

export const notificationChannelsSchema = z.strictObject(channelsFields, { error: channelsError });
export type NotificationChannels = z.infer<typeof notificationChannelsSchema>;

/** GET /api/account/notification-settings: every type with both channels. */
export const notificationSettingsSchema = z.strictObject(
  Object.fromEntries(NOTIFICATION_SETTING_TYPES.map((type) => [type, notificationChannelsSchema])) as Record<
    NotificationSettingType,
    typeof notificationChannelsSchema
  >,
  { error: typesError },
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

const channelsUpdateSchema = z.strictObject(
  { push: channel.optional(), email: channel.optional() },
  { error: channelsError },
);

/**
 * PUT /api/account/notification-settings: any of the types, each with either channel or both; what is left out
 * stays as it was. An unknown type or channel is refused.
 */
export const updateNotificationSettingsSchema = z.strictObject(
  Object.fromEntries(
    NOTIFICATION_SETTING_TYPES.map((type) => [type, channelsUpdateSchema.optional()]),
  ) as Record<NotificationSettingType, z.ZodOptional<typeof channelsUpdateSchema>>,
  { error: typesError },
);
export type UpdateNotificationSettings = z.infer<typeof updateNotificationSettingsSchema>;

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

const ENDPOINT_MESSAGE = 'The push endpoint must be an https: URL';

const pushEndpointSchema = clientString(ENDPOINT_MESSAGE)
  .max(PUSH_ENDPOINT_MAX, { message: `The push endpoint must be at most ${PUSH_ENDPOINT_MAX} characters` })
  .refine(
    (endpoint) => {
      if (!URL.canParse(endpoint)) return false;
      const url = new URL(endpoint);
      return url.protocol === 'https:' && !url.username && !url.password;
    },
    { message: ENDPOINT_MESSAGE },
  );

/** A URL-safe base64 key (as `PushSubscription.toJSON()` gives it) that decodes to `bytes` bytes. */
const subscriptionKey = (name: string, bytes: number) =>
  clientString(`${name} is required`)
    .max(256, { message: `${name} is not a valid key` })
    .refine((key) => /^[A-Za-z0-9_-]+={0,2}$/.test(key) && decodedLength(key.replace(/=+$/, '')) === bytes, {
      message: `${name} is not a valid key`,
    });

/** Bytes that unpadded base64 of this many characters decodes to (null when no whole number of bytes). */
function decodedLength(unpadded: string): number | null {
  const remainder = unpadded.length % 4;
  if (remainder === 1) return null;
  return Math.floor(unpadded.length / 4) * 3 + (remainder === 0 ? 0 : remainder - 1);
}

/**
 * POST /api/push/subscriptions: a browser's `PushSubscription.toJSON()` — its endpoint on the push service and the
 * keys that encrypt what is sent to it (p256dh, a P-256 public key; auth, a 16-byte secret). `expirationTime`,
 * which browsers add, is accepted and ignored.
 */
export const pushSubscriptionSchema = z.object({
  endpoint: pushEndpointSchema,
  keys: z.object(
    { p256dh: subscriptionKey('keys.p256dh', 65), auth: subscriptionKey('keys.auth', 16) },
    { message: 'keys with p256dh and auth are required' },
  ),
  expirationTime: z.number().nullable().optional(),
});
export type PushSubscriptionPayload = z.infer<typeof pushSubscriptionSchema>;

/** The reply of POST /api/push/subscriptions (201): the endpoint now registered for the signed-in user. */
export const pushSubscriptionReplySchema = z.object({ endpoint: z.string() });
export type PushSubscriptionReply = z.infer<typeof pushSubscriptionReplySchema>;

/** DELETE /api/push/subscriptions (204; only the caller's own subscription is ever removed). */
export const deletePushSubscriptionSchema = z.object({ endpoint: pushEndpointSchema });
export type DeletePushSubscription = z.infer<typeof deletePushSubscriptionSchema>;

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
  url: z.string().regex(/^\/(?!\/)/),
  tag: z.string(),
});
export type PushPayload = z.infer<typeof pushPayloadSchema>;
