import { z } from 'zod';
import { POST_WATCH_MAX_IDS } from '../events';

/** The client's `posts:watch` and `posts:unwatch` events: the posts that came on screen, or left it. */
export const postWatchPayloadSchema = z.object({
  postIds: z.array(z.uuid()).min(1).max(POST_WATCH_MAX_IDS),
});
export type PostWatchPayload = z.infer<typeof postWatchPayloadSchema>;

/** The client's `club:watch` and `club:unwatch` events: the club whose page it shows. */
export const clubWatchPayloadSchema = z.object({ clubId: z.uuid() });
export type ClubWatchPayload = z.infer<typeof clubWatchPayloadSchema>;

/** The client's `events:watch` and `events:unwatch` events: the events that came on screen, or left it. */
export const eventWatchPayloadSchema = z.object({
  eventIds: z.array(z.uuid()).min(1).max(POST_WATCH_MAX_IDS),
});
export type EventWatchPayload = z.infer<typeof eventWatchPayloadSchema>;
