import { Logger } from '@nestjs/common';
import {
  ConnectedSocket,
  MessageBody,
  OnGatewayConnection,
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
  type SessionUser,
} from '@piste/contracts';
import { AuthService } from '../auth/auth.service';
import { ConnectionsService } from '../connections/connections.service';
import { SessionMiddleware } from '../auth/session.middleware';
import { RealtimePublisher, type PisteServer } from './realtime.publisher';

interface SocketData {
  user: SessionUser;
}
type PisteSocket = Socket<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>;
type SessionRequest = IncomingMessage & { session?: { passport?: { user?: string } } };

/** Authenticates sockets with the HTTP session, joins `user:{id}` (and `admins`), and lets clients watch a feed. */
@WebSocketGateway({ path: '/socket.io', serveClient: false })
export class RealtimeGateway implements OnGatewayInit<PisteServer>, OnGatewayConnection<PisteSocket> {
  private readonly logger = new Logger(RealtimeGateway.name);

  constructor(
    private readonly sessions: SessionMiddleware,
    private readonly auth: AuthService,
    private readonly publisher: RealtimePublisher,
    private readonly connections: ConnectionsService,
  ) {}

  afterInit(server: PisteServer): void {
    this.publisher.attach(server);
    // The engine runs express-session on the handshake request, so sockets share the HTTP session.
    server.engine.use(this.sessions.handler);
    server.use((socket, next) => {
      const userId = (socket.request as SessionRequest).session?.passport?.user;
      if (!userId) return next(new Error('Not signed in'));
      this.auth.sessionUser(userId).then(
        (user) => {
          if (!user) return next(new Error('Not signed in'));
          (socket.data as SocketData).user = user;
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
    const user = socket.data.user;
    const rooms = [userRoom(user.id)];
    if (user.isAdmin) rooms.push(ADMINS_ROOM);
    await socket.join(rooms);
  }

  @SubscribeMessage('feed:watch')
  async watchFeed(
    @ConnectedSocket() socket: PisteSocket,
    @MessageBody() body: { weapon?: unknown },
  ): Promise<void> {
    if (isWeapon(body?.weapon)) await socket.join(feedRoom(body.weapon));
  }

  /** Relays "is typing" to the receiver, only between connected users with no block either way. */
  @SubscribeMessage('typing')
  async relayTyping(@ConnectedSocket() socket: PisteSocket, @MessageBody() body: unknown): Promise<void> {
    const parsed = typingPayloadSchema.safeParse(body);
    if (!parsed.success) return;
    const { receiverId, conversationId, isTyping } = parsed.data;
    const senderId = socket.data.user.id;
    if (receiverId === senderId) return;
    const [connected, blocked] = await Promise.all([
      this.connections.areConnected(senderId, receiverId),
      this.connections.isBlockedEitherWay(senderId, receiverId),
    ]);
    if (!connected || blocked) return;
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
    if (isWeapon(body?.weapon)) await socket.leave(feedRoom(body.weapon));
  }
}
