import { Injectable, Logger } from '@nestjs/common';
import { RedisLink } from './redis-link';
import type { Server } from 'socket.io';
import type {
  ClientToServerEvents,
  ServerEventName,
  ServerEventPayload,
  ServerToClientEvents,
} from '@piste/contracts';

export type PisteServer = Server<ClientToServerEvents, ServerToClientEvents>;

/**
 * The one way the backend emits events. Call it after the transaction commits: events are hints,
 * the database is the truth. With the Redis adapter, rooms span every replica.
 */
@Injectable()
export class RealtimePublisher {
  private readonly logger = new Logger(RealtimePublisher.name);
  private server: PisteServer | null = null;

  constructor(private readonly redis: RedisLink) {}

  attach(server: PisteServer): void {
    this.server = server;
    this.redis.onRecovered(() => this.resyncEveryone());
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
  }

  /** Disconnects every socket of a user (e.g. at logout) across replicas. */
  disconnectUser(room: string): void {
    this.server?.in(room).disconnectSockets(true);
  }
}
