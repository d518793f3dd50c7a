import { Logger } from '@nestjs/common';
import {
  ConnectedSocket,
  MessageBody,
  OnGatewayConnection,
  OnGatewayDisconnect,
  OnGatewayInit,
  SubscribeMessage,
  WebSocketGateway,
} from '@nestjs/websockets';
import type { IncomingMessage } from 'node:http';
import type { Socket } from 'socket.io';
import { DataSource } from 'typeorm';
import {
  ADMINS_ROOM,
  clubRoom,
  clubWatchPayloadSchema,
  commentsRoom,
  eventRoom,
  eventWatchPayloadSchema,
  feedRoom,
  feedWatchPayloadSchema,
  postRoom,
  postWatchPayloadSchema,
  socketHandshakeSchema,
  typingPayloadSchema,
  userRoom,
  type ClientToServerEvents,
  type ServerToClientEvents,
} from '@piste/contracts';
import { AuthService } from '../auth/auth.service';
import { BlocksService } from '../connections/blocks.service';
import { ConnectionsService } from '../connections/connections.service';
import { BansService } from '../bans/bans.service';
import {
  BATCHED_COUNTS_ROOM,
  RealtimePublisher,
  sessionRoom,
  type PisteServer,
} from '../publisher/realtime.publisher';
import { SocketSessions, type SocketData } from './socket-sessions';
import { SOCKET_MESSAGE_MAX_BYTES } from '../config/rate-limits';
import { SocketEventLimits } from '../limits/socket-event-limits';
import { visibleCounts } from '../posts/post-events';

type PisteSocket = Socket<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>;

/**
 * Post rooms one socket may hold (a feed scrolled through 50 pages). Beyond it the rooms joined longest ago are
 * left: the client watches posts as they come on screen, so the newest watches are the ones it still shows.
 */
export const MAX_WATCHED_POSTS = 500;
const POST_ROOM_PREFIX = postRoom('');
const COMMENTS_ROOM_PREFIX = commentsRoom('');
const EVENT_ROOM_PREFIX = eventRoom('');

/** Whether the socket's handshake asked for counts in batches (`posts:counts`); anything else there is ignored. */
function takesBatchedCounts(socket: Socket): boolean {
  const handshake = socketHandshakeSchema.safeParse(socket.handshake.auth);
  return handshake.success && handshake.data.batchedCounts === true;
}

/**
 * Authenticates sockets with the HTTP session (SocketSessions reads it), joins `user:{id}` (and `admins`), and
 * lets clients watch a feed (new and deleted posts), the posts on screen (their counts and edits) and the threads
 * open (their comments).
 */
// Clients emit only tiny payloads: a larger message closes the connection (SECURITY.md, "Abuse limits").
@WebSocketGateway({ path: '/socket.io', serveClient: false, maxHttpBufferSize: SOCKET_MESSAGE_MAX_BYTES })
export class RealtimeGateway
  implements OnGatewayInit<PisteServer>, OnGatewayConnection<PisteSocket>, OnGatewayDisconnect<PisteSocket>
{
  private readonly logger = new Logger(RealtimeGateway.name);

  constructor(
    private readonly auth: AuthService,
    private readonly publisher: RealtimePublisher,
    private readonly connections: ConnectionsService,
    private readonly blocks: BlocksService,
    private readonly socketSessions: SocketSessions,
    private readonly bans: BansService,
    private readonly eventLimits: SocketEventLimits,
    private readonly dataSource: DataSource,
  ) {}

  afterInit(server: PisteServer): void {
    this.publisher.attach(server, (userId) => void this.socketSessions.refresh(server, userId));
    server.use((socket, next) => {
      const cookieHeader = socket.handshake.headers.cookie;
      releaseHandshakeRequest(socket);
      this.authenticate(cookieHeader).then(
        (data) => {
          if (!data) return next(new Error('Not signed in'));
          socket.data = data;
          next();
        },
        (err: unknown) => {
          this.logger.error(`Socket auth failed: ${String(err)}`);
          next(new Error('Not signed in'));
        },
      );
    });
  }

  /** What a signed-in socket carries (null: refused): its session, and the user's rights when it connects. */
  private async authenticate(cookieHeader: string | undefined): Promise<SocketData | null> {
    const session = await this.socketSessions.fromCookie(cookieHeader);
    const user = session && (await this.auth.sessionUser(session.userId));
    return session && user ? { ...session, isAdmin: user.isAdmin } : null;
  }

  async handleConnection(socket: PisteSocket): Promise<void> {
    const { userId, sessionId, isAdmin, sessionExpiresAt } = socket.data;
    const rooms = [userRoom(userId), sessionRoom(sessionId)];
    if (isAdmin) rooms.push(ADMINS_ROOM);
    if (takesBatchedCounts(socket)) rooms.push(BATCHED_COUNTS_ROOM);
    await socket.join(rooms);
    this.socketSessions.watch(socket, sessionExpiresAt);
  }

  handleDisconnect(socket: PisteSocket): void {
    this.socketSessions.forget(socket);
  }

  @SubscribeMessage('feed:watch')
  async watchFeed(@ConnectedSocket() socket: PisteSocket, @MessageBody() body: unknown): Promise<void> {
    if (!(await this.eventLimits.admit(socket, 'feed'))) return;
    const parsed = feedWatchPayloadSchema.safeParse(body);
    if (parsed.success) await socket.join(feedRoom(parsed.data.weapon));
  }

  /**
   * Relays "is typing" to the receiver, only between connected users with no block either way, and never from
   * a banned user (who cannot send the message either).
   */
  @SubscribeMessage('typing')
  async relayTyping(@ConnectedSocket() socket: PisteSocket, @MessageBody() body: unknown): Promise<void> {
    // Checked first: an emit over the limit costs no database query.
    if (!(await this.eventLimits.admit(socket, 'typing'))) return;
    const parsed = typingPayloadSchema.safeParse(body);
    if (!parsed.success) return;
    const { receiverId, conversationId, isTyping } = parsed.data;
    const senderId = socket.data.userId;
    if (receiverId === senderId) return;
    const [connected, blocked, banned] = await Promise.all([
      this.connections.areConnected(senderId, receiverId),
      this.blocks.isBlockedEitherWay(senderId, receiverId),
      this.bans.isBanned(senderId),
    ]);
    if (!connected || blocked || banned) return;
    this.publisher.publish(userRoom(receiverId), 'typing', {
      conversationId: conversationId ?? null,
      userId: senderId,
      isTyping,
    });
  }

  @SubscribeMessage('feed:unwatch')
  async unwatchFeed(@ConnectedSocket() socket: PisteSocket, @MessageBody() body: unknown): Promise<void> {
    if (!(await this.eventLimits.admit(socket, 'feed'))) return;
    const parsed = feedWatchPayloadSchema.safeParse(body);
    if (parsed.success) await socket.leave(feedRoom(parsed.data.weapon));
  }

  /**
   * Follows the counts and edits of posts that came on screen, and sends their counts as they are now: a post
   * that comes back on screen missed the changes made while it was off it.
   */
  @SubscribeMessage('posts:watch')
  async watchPosts(@ConnectedSocket() socket: PisteSocket, @MessageBody() body: unknown): Promise<void> {
    if (!(await this.eventLimits.admit(socket, 'posts'))) return;
    const parsed = postWatchPayloadSchema.safeParse(body);
    if (!parsed.success) return;
    const joining = parsed.data.postIds.filter((postId) => !socket.rooms.has(postRoom(postId)));
    await socket.join(parsed.data.postIds.map(postRoom));
    await leaveOldestRooms(socket, POST_ROOM_PREFIX);
    if (joining.length === 0) return;
    // Joined first: a change committed from here on reaches the room, one before it is in what is read.
    try {
      const current = await visibleCounts(this.dataSource.manager, socket.data.userId, joining);
      if (!socket.rooms.has(BATCHED_COUNTS_ROOM))
        for (const counts of current) socket.emit('post:counts', counts);
      else if (current.length > 0) socket.emit('posts:counts', { counts: current });
    } catch (err) {
      // Counts are hints: the screen keeps those it has until the next change.
      this.logger.warn(`Skipped the counts of posts coming on screen: ${String(err)}`);
    }
  }

  @SubscribeMessage('posts:unwatch')
  async unwatchPosts(@ConnectedSocket() socket: PisteSocket, @MessageBody() body: unknown): Promise<void> {
    if (!(await this.eventLimits.admit(socket, 'posts'))) return;
    const parsed = postWatchPayloadSchema.safeParse(body);
    if (!parsed.success) return;
    for (const postId of parsed.data.postIds) await socket.leave(postRoom(postId));
  }

  /**
   * Follows the new and edited comments of posts whose comments are on screen (an opened thread, a post's page);
   * a card that only shows a post's comment count follows it with `posts:watch`.
   */
  @SubscribeMessage('comments:watch')
  async watchComments(@ConnectedSocket() socket: PisteSocket, @MessageBody() body: unknown): Promise<void> {
    if (!(await this.eventLimits.admit(socket, 'posts'))) return;
    const parsed = postWatchPayloadSchema.safeParse(body);
    if (!parsed.success) return;
    await socket.join(parsed.data.postIds.map(commentsRoom));
    await leaveOldestRooms(socket, COMMENTS_ROOM_PREFIX);
  }

  @SubscribeMessage('comments:unwatch')
  async unwatchComments(@ConnectedSocket() socket: PisteSocket, @MessageBody() body: unknown): Promise<void> {
    if (!(await this.eventLimits.admit(socket, 'posts'))) return;
    const parsed = postWatchPayloadSchema.safeParse(body);
    if (!parsed.success) return;
    for (const postId of parsed.data.postIds) await socket.leave(commentsRoom(postId));
  }

  /** Follows a club's page: its public posts (club-only ones reach members through their own rooms). */
  @SubscribeMessage('club:watch')
  async watchClub(@ConnectedSocket() socket: PisteSocket, @MessageBody() body: unknown): Promise<void> {
    if (!(await this.eventLimits.admit(socket, 'feed'))) return;
    const parsed = clubWatchPayloadSchema.safeParse(body);
    if (parsed.success) await socket.join(clubRoom(parsed.data.clubId));
  }

  @SubscribeMessage('club:unwatch')
  async unwatchClub(@ConnectedSocket() socket: PisteSocket, @MessageBody() body: unknown): Promise<void> {
    if (!(await this.eventLimits.admit(socket, 'feed'))) return;
    const parsed = clubWatchPayloadSchema.safeParse(body);
    if (parsed.success) await socket.leave(clubRoom(parsed.data.clubId));
  }

  /** Follows the going and interested counts of events on screen (events are public). */
  @SubscribeMessage('events:watch')
  async watchEvents(@ConnectedSocket() socket: PisteSocket, @MessageBody() body: unknown): Promise<void> {
    if (!(await this.eventLimits.admit(socket, 'posts'))) return;
    const parsed = eventWatchPayloadSchema.safeParse(body);
    if (!parsed.success) return;
    await socket.join(parsed.data.eventIds.map(eventRoom));
    await leaveOldestRooms(socket, EVENT_ROOM_PREFIX);
  }

  @SubscribeMessage('events:unwatch')
  async unwatchEvents(@ConnectedSocket() socket: PisteSocket, @MessageBody() body: unknown): Promise<void> {
    if (!(await this.eventLimits.admit(socket, 'posts'))) return;
    const parsed = eventWatchPayloadSchema.safeParse(body);
    if (!parsed.success) return;
    for (const eventId of parsed.data.eventIds) await socket.leave(eventRoom(eventId));
  }
}

/**
 * Socket.IO keeps the request that opened the connection for the connection's whole life, though nothing reads
 * it after the handshake: let it go, as Socket.IO's "Memory usage" guide suggests.
 */
function releaseHandshakeRequest(socket: Socket): void {
  (socket.conn as { request: IncomingMessage | null }).request = null;
}

/**
 * Keeps a socket within MAX_WATCHED_POSTS rooms of one kind (posts, comments, events); a socket's rooms iterate in
 * the order they were joined.
 */
async function leaveOldestRooms(socket: PisteSocket, prefix: string): Promise<void> {
  const watched = [...socket.rooms].filter((room) => room.startsWith(prefix));
  const oldest = watched.slice(0, Math.max(0, watched.length - MAX_WATCHED_POSTS));
  for (const room of oldest) await socket.leave(room);
}
