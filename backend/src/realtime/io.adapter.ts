import { Logger, type INestApplicationContext } from '@nestjs/common';
import { IoAdapter } from '@nestjs/platform-socket.io';
import type { MessageMappingProperties } from '@nestjs/websockets';
import { createAdapter, createShardedAdapter } from '@socket.io/redis-adapter';
import type { IncomingMessage } from 'node:http';
import type { Observable } from 'rxjs';
import type { Server, ServerOptions } from 'socket.io';
import type { AppConfig } from '../config/config';
import { fromAllowedOrigin } from '../common/origins';
import type { RedisLink } from '../redis/redis-link';

/** A socket as Nest's socket.io platform hands it over (its own copy of socket.io's types). */
type NestSocket = Parameters<IoAdapter['bindMessageHandlers']>[0];

/**
 * The Socket.IO server: handshakes from foreign origins are refused (a page elsewhere cannot open a socket with
 * a visitor's cookie), with Redis every emit reaches all replicas over RedisLink's guarded connections, and an
 * idle socket carries no more than one listener per gateway message.
 */
export class PisteIoAdapter extends IoAdapter {
  private readonly logger = new Logger(PisteIoAdapter.name);
  private readonly adapterConstructor:
    ReturnType<typeof createAdapter> | ReturnType<typeof createShardedAdapter> | undefined;

  constructor(
    app: INestApplicationContext,
    private readonly config: AppConfig,
    redis: RedisLink,
  ) {
    super(app);
    if (redis.enabled) {
      const { pubClient, subClient } = redis.adapterClients();
      type AdapterClient = Parameters<typeof createAdapter>[0];
      const prefix = `${config.redisKeyPrefix}:socket.io`;
      this.adapterConstructor =
        config.redisAdapter === 'sharded'
          ? createShardedAdapter(pubClient, subClient, { channelPrefix: prefix, subscriptionMode: 'dynamic' })
          : createAdapter(pubClient as AdapterClient, subClient as AdapterClient, { key: prefix });
    }
  }

  override createIOServer(port: number, options?: ServerOptions): Server {
    const allowRequest = (request: IncomingMessage, callback: (err: string | null, ok: boolean) => void) =>
      fromAllowedOrigin(request, this.config) ? callback(null, true) : callback('Origin not allowed', false);
    const server = super.createIOServer(port, { ...options, allowRequest }) as Server;
    if (this.adapterConstructor) server.adapter(this.adapterConstructor);
    return server;
  }

  /**
   * Binds the gateway's `@SubscribeMessage` handlers to a socket with one plain listener each, answering as Nest
   * does (an `{ event, data }` result is emitted, any other result acknowledges). Nest's own binding builds an
   * RxJS pipeline per handler and socket, several KiB that every idle socket would hold for its whole life.
   * A message sent with an acknowledgement is always answered once its handler has finished (with nothing when
   * the handler returns nothing or fails): the client then knows the server has processed it, e.g. joined the
   * rooms it asked for.
   */
  override bindMessageHandlers(
    socket: NestSocket,
    handlers: MessageMappingProperties[],
    transform: (result: unknown) => Observable<unknown>,
  ): void {
    for (const { message, callback, isAckHandledManually } of handlers) {
      socket.on(message as string, (...args: unknown[]) => {
        // As rxjs' fromEvent hands Nest's binding a message's arguments: one alone, several as an array.
        const { data, ack } = this.mapPayload(args.length > 1 ? args : args[0]) as {
          data: unknown;
          ack?: unknown;
        };
        let answer =
          !isAckHandledManually && typeof ack === 'function' ? (ack as (...reply: unknown[]) => void) : null;
        const acknowledge = (...reply: unknown[]) => {
          answer?.(...reply);
          answer = null;
        };
        transform(callback(data, ack)).subscribe({
          next: (reply) => {
            if (reply === null || reply === undefined) return;
            const { event, data: eventData } = reply as { event?: string; data?: unknown };
            if (event) socket.emit(event, eventData);
            else acknowledge(reply);
          },
          // What went wrong stays on the server: the client only learns that the message was handled.
          error: (err: unknown) => {
            this.logger.error(`'${String(message)}' failed: ${String(err)}`);
            acknowledge();
          },
          complete: () => acknowledge(),
        });
      });
    }
  }
}
