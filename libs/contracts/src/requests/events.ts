import { z } from 'zod';
import { POST_WATCH_MAX_IDS, WEAPONS } from '../constants';
import { typingPayloadSchema } from './messages';

/** The client's `feed:watch` and `feed:unwatch` events: the weapon whose feed it shows. */
export const feedWatchPayloadSchema = z.object({ weapon: z.enum(WEAPONS) });
export type FeedWatchPayload = z.infer<typeof feedWatchPayloadSchema>;

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

/**
 * Every event the client emits, as the schema the server parses its payload with; the typed event map
 * (`ClientToServerEvents`, events.ts) is derived from these.
 */
export const clientEventSchemas = {
  'feed:watch': feedWatchPayloadSchema,
  'feed:unwatch': feedWatchPayloadSchema,
  /** Follow the counts and comments of posts shown on screen. */
  'posts:watch': postWatchPayloadSchema,
  'posts:unwatch': postWatchPayloadSchema,
  /** Follow the new and edited comments of posts whose comments are shown (a thread opened, a post's page). */
  'comments:watch': postWatchPayloadSchema,
  'comments:unwatch': postWatchPayloadSchema,
  /** Follow a club's page: its public posts as they come and go. */
  'club:watch': clubWatchPayloadSchema,
  'club:unwatch': clubWatchPayloadSchema,
  /** Follow the going and interested counts of events shown on screen. */
  'events:watch': eventWatchPayloadSchema,
  'events:unwatch': eventWatchPayloadSchema,
  typing: typingPayloadSchema,
} as const;
