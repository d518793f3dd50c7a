import { WEAPONS, type Weapon } from './constants';
import { friendRequestSchema } from './connections';
import { directMessageSchema } from './messages';
import { banSchema, reportSchema } from './moderation';
import { banLiftedSchema } from './admin';
import { notificationsChangedSchema, serverNotificationSchema } from './notifications';
import { commentSchema, feedPostSchema, postCountsSchema, postViewerSchema } from './posts';
import type { clientEventSchemas } from './requests/events';
import { commentUpdateSchema, postUpdateSchema } from './social';
import { clubMemberEventSchema, clubRequestEventSchema } from './clubs';
import { eventAttendanceEventSchema } from './fencing-events';
import { z } from './zod';

const weapon = z.enum(WEAPONS);
const postCountsEventSchema = z.extend(postCountsSchema, { weapon });

/**
 * What a socket may say when it connects (Socket.IO's handshake `auth`): `batchedCounts`, that it takes the counts
 * of the posts it shows as `posts:counts` batches rather than one `post:counts` a post.
 */
export const socketHandshakeSchema = z.object({ batchedCounts: z.optional(z.boolean()) });
export type SocketHandshake = z.infer<typeof socketHandshakeSchema>;

/**
 * Every event the server emits (DESIGN.md section 5), as the schema of its payload; the typed event map below
 * is derived from these, so a payload's shape is written once.
 */
export const serverEventSchemas = {
  'message:new': z.object({ message: directMessageSchema, conversationId: z.string() }),
  'message:read': z.object({ conversationId: z.string(), readerId: z.string(), readAt: z.string() }),
  typing: z.object({ conversationId: z.nullable(z.string()), userId: z.string(), isTyping: z.boolean() }),
  notification: serverNotificationSchema,
  /** To the user's own room: notifications read or deleted in one of their tabs or devices. */
  'notifications:changed': notificationsChangedSchema,
  'post:created': z.object({ post: feedPostSchema }),
  'post:deleted': z.object({ postId: z.string(), weapon }),
  /** To `post:{id}`: the sockets that show the post. */
  'post:counts': postCountsEventSchema,
  /**
   * Instead of `post:counts`, to a socket that asked for batches when it connected (`batchedCounts` in its
   * handshake's auth): the latest counts of the posts it shows that changed since its last batch, one frame a
   * socket at most every `POST_COUNTS_BATCH_MS`.
   */
  'posts:counts': z.object({ counts: z.array(postCountsEventSchema) }),
  /** To `comments:{id}`: the sockets that show the post's comments (a feed card gets its count by `post:counts`). */
  'comment:created': z.object({ comment: commentSchema, weapon }),
  /** To whoever shows the post: its author edited it (§4c). */
  'post:updated': postUpdateSchema,
  /** To whoever shows the post's comments: the comment's author edited it. */
  'comment:updated': commentUpdateSchema,
  /** To a club's admins (their own rooms): someone asks to join (§4d). */
  'club:request': clubRequestEventSchema,
  /** To the member's own room: they joined, were accepted, changed role, or left or were removed. */
  'club:member': clubMemberEventSchema,
  /** To `event:{id}`: those who show the event; its going and interested counts changed. */
  'event:attendance': eventAttendanceEventSchema,
  /** To the reacting user's own room: their like or dislike changed, so their other tabs show it. */
  'post:viewer': postViewerSchema,
  'friend-request:new': z.object({ request: friendRequestSchema }),
  'friend-request:updated': z.object({ request: friendRequestSchema }),
  /** A request or connection row went away: a pending request withdrawn by a block, or a connection removed. */
  'friend-request:removed': z.object({
    requestId: z.string(),
    senderId: z.string(),
    receiverId: z.string(),
    status: friendRequestSchema.shape.status,
  }),
  'report:new': z.object({ report: reportSchema }),
  'report:updated': z.object({ report: reportSchema }),
  'ban:new': z.object({ ban: banSchema }),
  /** To the user's own room: an admin lifted a ban early; what remains of their bans comes with it. */
  'ban:lifted': banLiftedSchema,
  /** To the user's own room: an admin granted or revoked their admin rights; their open tabs show it at once. */
  'session:rights': z.strictObject({ isAdmin: z.boolean() }),
  /** Live events may have been lost (a replica's Redis link was down): refetch what is shown. */
  resync: z.strictObject({}),
} as const;

/** Events the server emits, typed from their schemas. */
export type ServerToClientEvents = {
  [E in keyof typeof serverEventSchemas]: (payload: z.infer<(typeof serverEventSchemas)[E]>) => void;
};

/**
 * Events the client emits, typed from the schemas the server parses them with (requests/events.ts). The server
 * acknowledges each one once it has handled it, when the client asks (the browser does not; tests wait for it
 * before checking what the message changed).
 */
export type ClientToServerEvents = {
  [E in keyof typeof clientEventSchemas]: (
    payload: z.input<(typeof clientEventSchemas)[E]>,
    handled?: () => void,
  ) => void;
};

export type ServerEventName = keyof ServerToClientEvents;
export type ServerEventPayload<E extends ServerEventName> = Parameters<ServerToClientEvents[E]>[0];

export const userRoom = (userId: string) => `user:${userId}`;
export const feedRoom = (weapon: Weapon) => `feed:${weapon}`;
export const postRoom = (postId: string) => `post:${postId}`;
/** Those showing a post's comments: its new and edited comments. */
export const commentsRoom = (postId: string) => `comments:${postId}`;
/** Those watching a club's page: its public posts as they come and go (club-only ones go to members' rooms). */
export const clubRoom = (clubId: string) => `club:${clubId}`;
/** Those showing an event: its going and interested counts. */
export const eventRoom = (eventId: string) => `event:${eventId}`;
export const ADMINS_ROOM = 'admins';
