import { Inject, Injectable, Logger, type OnApplicationShutdown } from '@nestjs/common';
import { createHash } from 'node:crypto';
import { APP_CONFIG, type AppConfig } from '../config/config';
import { RedisLink } from '../redis/redis-link';
import { CountsBatches, type CountsDelivery, type PostCountsEvent } from './counts-batches';
import type { Server } from 'socket.io';
import type {
  ClientToServerEvents,
  ServerEventName,
  ServerEventPayload,
  ServerToClientEvents,
} from '@piste/contracts';

/** Messages between replicas (through the adapter), not seen by clients. */
export interface ReplicaEvents {
  /** A user's rights or profile changed (admin, ban, name, avatar): each replica re-reads that user. */
  'user:refresh': (userId: string) => void;
  /** A post's counts, for each replica to send its sockets that show the post (at once, or in batches). */
  'post:counts': (delivery: CountsDelivery) => void;
  /** A session was written or ended (by its `sessionKey`): each replica forgets what it cached of it. */
  'session:changed': (key: string) => void;
}

export type PisteServer = Server<ClientToServerEvents, ServerToClientEvents, ReplicaEvents>;

/**
 * What names a session where it may travel (through Redis) or be kept: a hash, as a session id is a credential.
 */
export function sessionKey(sessionId: string): string {
  return createHash('sha256').update(sessionId).digest('base64url').slice(0, 24);
}

/** The room of one session's sockets. */
export function sessionRoom(sessionId: string): string {
  return `session:${sessionKey(sessionId)}`;
}

/** The room of the sockets that take counts in batches (`posts:counts`); their handshake asked for it. */
export const BATCHED_COUNTS_ROOM = 'counts:batched';

/**
 * The one way the backend emits events. Call it after the transaction commits: events are hints,
 * the database is the truth. With the Redis adapter, rooms span every replica.
 */
@Injectable()
export class RealtimePublisher implements OnApplicationShutdown {
  private readonly logger = new Logger(RealtimePublisher.name);
  private server: PisteServer | null = null;
  private readonly countsBatches: CountsBatches;
  private refreshLocal: (userId: string) => void = () => undefined;
  private readonly userChangedListeners = new Set<(userId: string) => void>();
  private readonly sessionChangedListeners = new Set<(key: string) => void>();
  private readonly publishedListeners = new Set<(event: ServerEventName) => void>();

  constructor(
    private readonly redis: RedisLink,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.countsBatches = new CountsBatches(config.postCountsBatchMs, {
      inRoom: (room) => this.batchedSocketsIn(room),
      // Each socket is in a room of its own id.
      send: (socketIds, counts) => this.server?.local.to(socketIds).emit('posts:counts', { counts }),
    });
  }

  onApplicationShutdown(): void {
    this.countsBatches.clear();
  }

  /** The gateway hands over the server and how it refreshes a user's sockets on this replica. */
  attach(server: PisteServer, refreshLocal: (userId: string) => void): void {
    this.server = server;
    this.refreshLocal = refreshLocal;
    server.on('user:refresh', (userId) => this.userChanged(userId));
    server.on('post:counts', (delivery) => this.deliverCounts(delivery));
    server.on('session:changed', (key) => this.sessionChangedListeners.forEach((listener) => listener(key)));
    this.redis.onRecovered(() => this.resyncEveryone());
  }

  /** Ends the sockets of one session on every replica (sign-out): no event reaches them afterwards. */
  endSession(sessionId: string): void {
    this.sessionChanged(sessionId);
    this.server?.in(sessionRoom(sessionId)).disconnectSockets(true);
  }

  /** Makes every replica forget what it cached of a session that was just written or ended. */
  sessionChanged(sessionId: string): void {
    const key = sessionKey(sessionId);
    this.sessionChangedListeners.forEach((listener) => listener(key));
    // Alone (no Redis adapter) there is no other replica to tell.
    if (this.redis.enabled) this.server?.serverSideEmit('session:changed', key);
  }

  /** Runs `listener` with a session's `sessionKey` whenever it is written or ended, here or on another replica. */
  onSessionChanged(listener: (key: string) => void): void {
    this.sessionChangedListeners.add(listener);
  }

  /**
   * Makes every replica forget what it cached about a user whose rights or profile changed (admin rights, a
   * ban, name or avatar), and re-read them for its open sockets.
   */
  refreshUser(userId: string): void {
    this.userChanged(userId);
    // Alone (no Redis adapter) there is no other replica to tell.
    if (this.redis.enabled) this.server?.serverSideEmit('user:refresh', userId);
  }

  /** Runs `listener` on this replica whenever a user changes, here or on another replica, before sockets re-read. */
  onUserChanged(listener: (userId: string) => void): void {
    this.userChangedListeners.add(listener);
  }

  /** Runs `listener` with the name of every event this replica emits (metrics count them). */
  onPublished(listener: (event: ServerEventName) => void): void {
    this.publishedListeners.add(listener);
  }

  /** How many sockets are connected to this replica. */
  localSocketCount(): number {
    return this.server?.of('/').sockets.size ?? 0;
  }

  private userChanged(userId: string): void {
    this.userChangedListeners.forEach((listener) => listener(userId));
    this.refreshLocal(userId);
  }

  /** Tells every socket on every replica to refetch what it shows (DESIGN.md §3a). */
  resyncEveryone(): void {
    this.logger.log('Asking every client to resync');
    this.server?.emit('resync', {});
  }

  /** Closes this replica's sockets (at shutdown), so their clients reconnect to another replica. */
  disconnectLocalSockets(): void {
    this.server?.local.disconnectSockets(true);
  }

  publish<E extends ServerEventName>(
    rooms: string | string[],
    event: E,
    payload: ServerEventPayload<E>,
  ): void {
    if (!this.server) {
      this.logger.warn(`Dropped '${event}': the socket server is not ready`);
      return;
    }
    const args = [payload] as unknown as Parameters<ServerToClientEvents[E]>;
    this.server.to(rooms).emit(event, ...args);
    this.publishedListeners.forEach((listener) => listener(event));
  }

  /**
   * Sends to a room except one socket (e.g. the sender's own tab that already shows the change), or except
   * whole rooms (e.g. the user rooms of people who blocked the author).
   */
  publishExcept<E extends ServerEventName>(
    rooms: string | string[],
    exceptSocketId: string | string[] | undefined,
    event: E,
    payload: ServerEventPayload<E>,
  ): void {
    if (!this.server) return;
    const args = [payload] as unknown as Parameters<ServerToClientEvents[E]>;
    const target = exceptSocketId ? this.server.to(rooms).except(exceptSocketId) : this.server.to(rooms);
    target.emit(event, ...args);
    this.publishedListeners.forEach((listener) => listener(event));
  }

  /**
   * A post's counts, to the sockets in `rooms` except those in `except`, on every replica: each replica sends its
   * own sockets one `post:counts` frame (encoded once for all of them), or adds the post to the next batch of a
   * socket that takes `posts:counts`. Goes to every replica as one message, whatever rooms they hold: a hot post
   * is on screen everywhere, and its counts are coalesced upstream (PostEvents).
   */
  publishCounts(rooms: string[], except: string[], counts: PostCountsEvent): void {
    // No room would mean every socket.
    if (!this.server || rooms.length === 0) return;
    const delivery: CountsDelivery = { counts, rooms, except };
    this.deliverCounts(delivery);
    if (this.redis.enabled) this.server.serverSideEmit('post:counts', delivery);
    this.publishedListeners.forEach((listener) => listener('post:counts'));
  }

  private deliverCounts(delivery: CountsDelivery): void {
    const { counts, rooms, except } = delivery;
    if (!this.server) return;
    this.server.local
      .to(rooms)
      .except([...except, BATCHED_COUNTS_ROOM])
      .emit('post:counts', counts);
    if (this.server.of('/').adapter.rooms.get(BATCHED_COUNTS_ROOM)?.size) this.countsBatches.add(delivery);
  }

  /** This replica's sockets in `room` that take counts in batches. */
  private *batchedSocketsIn(room: string): Iterable<string> {
    const rooms = this.server?.of('/').adapter.rooms;
    const batched = rooms?.get(BATCHED_COUNTS_ROOM);
    if (!batched?.size) return;
    for (const id of rooms?.get(room) ?? []) if (batched.has(id)) yield id;
  }
}
