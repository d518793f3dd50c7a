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
import {
  ADMINS_ROOM,
  feedRoom,
  isWeapon,
  typingPayloadSchema,
  userRoom,
  type ClientToServerEvents,
  type ServerToClientEvents,
} from '@piste/contracts';
import { AuthService } from '../auth/auth.service';
import { ConnectionsService } from '../connections/connections.service';
import { SessionMiddleware } from '../auth/session.middleware';
import { BansService } from '../moderation/bans.service';
import { RealtimePublisher, sessionRoom, type PisteServer } from './realtime.publisher';
import { SocketSessions, type SocketData } from './socket-sessions';
import { SOCKET_MESSAGE_MAX_BYTES } from '../config/rate-limits';
import { SocketEventLimits } from '../limits/socket-event-limits';

type PisteSocket = Socket<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>;
type SessionRequest = IncomingMessage & {
  sessionID?: string;
  session?: { passport?: { user?: string }; cookie?: { expires?: Date | string | boolean | null } };
};

/** Authenticates sockets with the HTTP session, joins `user:{id}` (and `admins`), and lets clients watch a feed. */
// Clients emit only tiny payloads: a larger message closes the connection (SECURITY.md, "Abuse limits").
@WebSocketGateway({ path: '/socket.io', serveClient: false, maxHttpBufferSize: SOCKET_MESSAGE_MAX_BYTES })
export class RealtimeGateway
  implements OnGatewayInit<PisteServer>, OnGatewayConnection<PisteSocket>, OnGatewayDisconnect<PisteSocket>
{
  private readonly logger = new Logger(RealtimeGateway.name);

  constructor(
    private readonly sessions: SessionMiddleware,
    private readonly auth: AuthService,
    private readonly publisher: RealtimePublisher,
    private readonly connections: ConnectionsService,
    private readonly socketSessions: SocketSessions,
    private readonly bans: BansService,
    private readonly eventLimits: SocketEventLimits,
  ) {}

  afterInit(server: PisteServer): void {
    this.publisher.attach(server, (userId) => void this.socketSessions.refresh(server, userId));
    // The engine runs express-session on the handshake request, so sockets share the HTTP session.
    server.engine.use(this.sessions.handler);
    server.use((socket, next) => {
      const request = socket.request as SessionRequest;
      const userId = request.session?.passport?.user;
      if (!userId || !request.sessionID) return next(new Error('Not signed in'));
      const sessionId = request.sessionID;
      this.auth.sessionUser(userId).then(
        (user) => {
          if (!user) return next(new Error('Not signed in'));
          Object.assign(socket.data as SocketData, { user, sessionId });
          next();
        },
        (err: unknown) => {
          this.logger.error(`Socket auth failed: ${String(err)}`);
          next(new Error('Not signed in'));
        },
      );
    });
  }

  async handleConnection(socket: PisteSocket): Promise<void> {
    const { user, sessionId } = socket.data;
    const rooms = [userRoom(user.id), sessionRoom(sessionId)];
    if (user.isAdmin) rooms.push(ADMINS_ROOM);
    await socket.join(rooms);
    const expires = (socket.request as SessionRequest).session?.cookie?.expires;
    this.socketSessions.watch(socket, expires ? new Date(expires as string | Date) : undefined);
  }

  handleDisconnect(socket: PisteSocket): void {
    this.socketSessions.forget(socket);
  }

  @SubscribeMessage('feed:watch')
  async watchFeed(
    @ConnectedSocket() socket: PisteSocket,
    @MessageBody() body: { weapon?: unknown },
  ): Promise<void> {
    if (!(await this.eventLimits.admit(socket, 'feed'))) return;
    if (isWeapon(body?.weapon)) await socket.join(feedRoom(body.weapon));
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
    const senderId = socket.data.user.id;
    if (receiverId === senderId) return;
    const [connected, blocked, banned] = await Promise.all([
      this.connections.areConnected(senderId, receiverId),
      this.connections.isBlockedEitherWay(senderId, receiverId),
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
  async unwatchFeed(
    @ConnectedSocket() socket: PisteSocket,
    @MessageBody() body: { weapon?: unknown },
  ): Promise<void> {
    if (!(await this.eventLimits.admit(socket, 'feed'))) return;
    if (isWeapon(body?.weapon)) await socket.leave(feedRoom(body.weapon));
  }
}
