import { z } from 'zod';
import { MAX_PAGE_LIMIT } from '../constants';
import { NOTIFICATIONS_PAGE_SIZE } from '../notifications';
import { pageLimitSchema, uuidSchema } from './common';
import { english } from '../validation';

/** GET /api/notifications?limit=&before=: newest first; `before` is the id of the last one already shown. */
export const notificationsQuerySchema = z.object({
  limit: pageLimitSchema(NOTIFICATIONS_PAGE_SIZE),
  before: uuidSchema.optional(),
});
export type NotificationsQuery = z.infer<typeof notificationsQuerySchema>;

/** POST /api/notifications/read: the given ones, or all of them. */
export const markNotificationsReadSchema = z.union(
  [
    z
      .object({
        ids: z
          .array(uuidSchema)
          .min(1)
          .max(MAX_PAGE_LIMIT * 4),
      })
      .strict(),
    z.object({ all: z.literal(true) }).strict(),
  ],
  { message: english('notifications.which') },
);
export type MarkNotificationsRead = z.infer<typeof markNotificationsReadSchema>;
