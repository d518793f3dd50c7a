import { z } from 'zod';
import { NOTIFICATION_TYPES } from './constants';

/** The `notification` socket event: the server's hint that the browser should add a notification. */
export const notificationEventSchema = z.object({
  type: z.enum(NOTIFICATION_TYPES),
  user: z.object({ id: z.string().optional(), name: z.string().nullable(), avatar: z.string().nullable() }),
  message: z.string(),
  postId: z.string().optional(),
  postContent: z.string().optional(),
});
export type NotificationEvent = z.infer<typeof notificationEventSchema>;

/** The Notification record kept in the browser's local storage. */
export const notificationSchema = notificationEventSchema.extend({
  id: z.number(),
  time: z.string(),
  createdAt: z.string().optional(),
  unread: z.boolean(),
});
export type AppNotification = z.infer<typeof notificationSchema>;
