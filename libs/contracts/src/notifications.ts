import { NOTIFICATION_TYPES } from './constants';
import { z } from './zod';

/** What a notification says and what it is about; the same on the server, on the wire and in the browser. */
const notificationFields = {
  type: z.enum(NOTIFICATION_TYPES),
  user: z.object({
    id: z.optional(z.string()),
    name: z.nullable(z.string()),
    avatar: z.nullable(z.string()),
  }),
  message: z.string(),
  postId: z.optional(z.string()),
  postContent: z.optional(z.string()),
  /** A message's conversation, opened from the notification. */
  conversationId: z.optional(z.string()),
  /** A connection request, opened from the notification. */
  requestId: z.optional(z.string()),
  /** The app's page it opens when it is about none of the above (an export that is ready: the settings). */
  path: z.optional(z.string().check(z.regex(/^\/[^/]/))),
};

/** What the browser turns into a notification: a server notification, or one it makes itself. */
export const notificationDraftSchema = z.object(notificationFields);
export type NotificationDraft = z.infer<typeof notificationDraftSchema>;

/**
 * A notification kept on the server (GET /api/notifications) and the `notification` socket event, which carries
 * it once stored: the draft's fields, its server id, when it was made and whether it is unread.
 */
export const serverNotificationSchema = z.object({
  ...notificationFields,
  id: z.string(),
  createdAt: z.string(),
  unread: z.boolean(),
});
export type ServerNotification = z.infer<typeof serverNotificationSchema>;
/** The `notification` socket event. */
export type NotificationEvent = ServerNotification;

/**
 * The Notification record kept in the browser's local storage: `id` is the creation timestamp, as the spec has
 * it; `serverId` ties it to the server's copy (absent on those the browser makes itself).
 */
export const notificationSchema = z.object({
  ...notificationFields,
  id: z.number(),
  serverId: z.optional(z.string()),
  /** The browser's own 'You sent a message' record, whose text is said in the language shown, not as stored. */
  ownMessage: z.optional(z.boolean()),
  time: z.string(),
  createdAt: z.optional(z.string()),
  unread: z.boolean(),
});
export type AppNotification = z.infer<typeof notificationSchema>;

/** Notifications the server keeps per user at least: the newest 200, and all of the last 30 days. */
export const NOTIFICATIONS_KEPT = 200;
export const NOTIFICATIONS_KEPT_DAYS = 30;
/** A page of GET /api/notifications. */
export const NOTIFICATIONS_PAGE_SIZE = 20;

export const notificationsPageSchema = z.object({
  notifications: z.array(serverNotificationSchema),
  /** The `before` of the next page; null when there is none. */
  nextCursor: z.nullable(z.string()),
});
export type NotificationsPage = z.infer<typeof notificationsPageSchema>;

/** To the user's own room when they read or delete notifications, so their other tabs and devices follow. */
export const notificationsChangedSchema = z.object({
  /** Now read; `'all'` when every one is. */
  read: z.optional(z.union([z.array(z.string()), z.literal('all')])),
  deleted: z.optional(z.array(z.string())),
});
export type NotificationsChanged = z.infer<typeof notificationsChangedSchema>;
