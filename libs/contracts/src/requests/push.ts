import { z } from 'zod';
import { NOTIFICATION_SETTING_TYPES, PUSH_ENDPOINT_MAX, type NotificationSettingType } from '../push';
import { clientString } from './common';
import { english } from '../validation';

const channel = z.boolean({ error: 'push and email must be true or false' });
const channelsError = (issue: { code: string; keys?: string[] }) =>
  issue.code === 'unrecognized_keys'
    ? `Unknown channel: ${issue.keys?.join(', ')} (push or email)`
    : 'Each notification type takes {"push": boolean, "email": boolean}';
const typesError = (issue: { code: string; keys?: string[] }) =>
  issue.code === 'unrecognized_keys'
    ? `Unknown notification type: ${issue.keys?.join(', ')}`
    : 'Send an object of notification types';

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

const ENDPOINT_MESSAGE = english('push.endpoint');

const pushEndpointSchema = clientString(ENDPOINT_MESSAGE)
  .max(PUSH_ENDPOINT_MAX, { message: english('push.endpointTooLong', { max: PUSH_ENDPOINT_MAX }) })
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
  clientString(english('push.keyRequired', { name }))
    .max(256, { message: english('push.keyInvalid', { name }) })
    .refine((key) => /^[A-Za-z0-9_-]+={0,2}$/.test(key) && decodedLength(key.replace(/=+$/, '')) === bytes, {
      message: english('push.keyInvalid', { name }),
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
    { message: english('push.keys') },
  ),
  expirationTime: z.number().nullable().optional(),
});
export type PushSubscriptionPayload = z.infer<typeof pushSubscriptionSchema>;

/** DELETE /api/push/subscriptions (204; only the caller's own subscription is ever removed). */
export const deletePushSubscriptionSchema = z.object({ endpoint: pushEndpointSchema });
export type DeletePushSubscription = z.infer<typeof deletePushSubscriptionSchema>;
