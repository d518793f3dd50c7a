import type { INestApplicationContext } from '@nestjs/common';
import { IoAdapter } from '@nestjs/platform-socket.io';
import { createAdapter } from '@socket.io/redis-adapter';
import type { IncomingMessage } from 'node:http';
import type { Server, ServerOptions } from 'socket.io';
import type { AppConfig } from '../config/config';
import { fromAllowedOrigin } from '../common/origins';
import type { RedisLink } from './redis-link';

/**
 * The Socket.IO server: handshakes from foreign origins are refused (a page elsewhere cannot open a socket with
 * a visitor's cookie), and with Redis every emit reaches all replicas over RedisLink's guarded connections.
 */
export class PisteIoAdapter extends IoAdapter {
  private readonly adapterConstructor: ReturnType<typeof createAdapter> | undefined;

  constructor(
    app: INestApplicationContext,
    private readonly config: AppConfig,
    redis: RedisLink,
  ) {
    super(app);
    if (redis.enabled) {
      const { pubClient, subClient } = redis.adapterClients();
      type AdapterClient = Parameters<typeof createAdapter>[0];
      this.adapterConstructor = createAdapter(pubClient as AdapterClient, subClient as AdapterClient, {
        key: `${config.redisKeyPrefix}:socket.io`,
      });
    }
  }

  override createIOServer(port: number, options?: ServerOptions): Server {
    const allowRequest = (request: IncomingMessage, callback: (err: string | null, ok: boolean) => void) =>
      fromAllowedOrigin(request, this.config) ? callback(null, true) : callback('Origin not allowed', false);
    const server = super.createIOServer(port, { ...options, allowRequest }) as Server;
    if (this.adapterConstructor) server.adapter(this.adapterConstructor);
    return server;
  }
}
