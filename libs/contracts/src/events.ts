import { z } from 'zod';
import type { Weapon } from './constants';
import type { FeedPost, PostComment, PostCounts, PostViewer } from './posts';
import type { ConnectionRequest } from './connections';
import type { DirectMessage } from './messages';
import type { Report, Ban } from './moderation';
import type { NotificationEvent, NotificationsChanged } from './notifications';

/** Events the server emits (DESIGN.md section 5). */
export interface ServerToClientEvents {
  'message:new': (payload: { message: DirectMessage; conversationId: string }) => void;
  'message:read': (payload: { conversationId: string; readerId: string; readAt: string }) => void;
  typing: (payload: { conversationId: string | null; userId: string; isTyping: boolean }) => void;
  notification: (payload: NotificationEvent) => void;
  /** To the user's own room: notifications read or deleted in one of their tabs or devices. */
  'notifications:changed': (payload: NotificationsChanged) => void;
  'post:created': (payload: { post: FeedPost }) => void;
  'post:deleted': (payload: { postId: string; weapon: Weapon }) => void;
  /** To `post:{id}`: the sockets that show the post. */
  'post:counts': (payload: PostCounts & { weapon: Weapon }) => void;
  /** To `post:{id}`: the sockets that show the post. */
  'comment:created': (payload: { comment: PostComment; weapon: Weapon }) => void;
  /** To the reacting user's own room: their like or dislike changed, so their other tabs show it. */
  'post:viewer': (payload: PostViewer) => void;
  'friend-request:new': (payload: { request: ConnectionRequest }) => void;
  'friend-request:updated': (payload: { request: ConnectionRequest }) => void;
  /** A request or connection row went away: a pending request withdrawn by a block, or a connection removed. */
  'friend-request:removed': (payload: {
    requestId: string;
    senderId: string;
    receiverId: string;
    status: ConnectionRequest['status'];
  }) => void;
  'report:new': (payload: { report: Report }) => void;
  'report:updated': (payload: { report: Report }) => void;
  'ban:new': (payload: { ban: Ban }) => void;
  /** Live events may have been lost (a replica's Redis link was down): refetch what is shown. */
  resync: (payload: Record<string, never>) => void;
}

/** Events the client emits. */
export interface ClientToServerEvents {
  'feed:watch': (payload: { weapon: Weapon }) => void;
  'feed:unwatch': (payload: { weapon: Weapon }) => void;
  /** Follow the counts and comments of posts shown on screen. */
  'posts:watch': (payload: PostWatchPayload) => void;
  'posts:unwatch': (payload: PostWatchPayload) => void;
  typing: (payload: { receiverId: string; conversationId: string | null; isTyping: boolean }) => void;
}

export type ServerEventName = keyof ServerToClientEvents;
export type ServerEventPayload<E extends ServerEventName> = Parameters<ServerToClientEvents[E]>[0];

export const userRoom = (userId: string) => `user:${userId}`;
export const feedRoom = (weapon: Weapon) => `feed:${weapon}`;
export const postRoom = (postId: string) => `post:${postId}`;
export const ADMINS_ROOM = 'admins';

/** Ids per `posts:watch` / `posts:unwatch` message: 50 uuids keep it well under the socket message limit (4 KiB). */
export const POST_WATCH_MAX_IDS = 50;

/** The client's `posts:watch` and `posts:unwatch` events: the posts that came on screen, or left it. */
export const postWatchPayloadSchema = z.object({
  postIds: z.array(z.uuid()).min(1).max(POST_WATCH_MAX_IDS),
});
export type PostWatchPayload = z.infer<typeof postWatchPayloadSchema>;
