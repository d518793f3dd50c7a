import type { INestApplicationContext } from '@nestjs/common';
import { IoAdapter } from '@nestjs/platform-socket.io';
import { createAdapter } from '@socket.io/redis-adapter';
import type { Server, ServerOptions } from 'socket.io';
import type { RedisLink } from './redis-link';

/** Carries every emit to all replicas through Redis pub/sub, over the guarded connections of RedisLink. */
export class RedisIoAdapter extends IoAdapter {
  private readonly adapterConstructor: ReturnType<typeof createAdapter>;

  constructor(app: INestApplicationContext, redis: RedisLink, keyPrefix: string) {
    super(app);
    const { pubClient, subClient } = redis.adapterClients();
    type AdapterClient = Parameters<typeof createAdapter>[0];
    this.adapterConstructor = createAdapter(pubClient as AdapterClient, subClient as AdapterClient, {
      key: `${keyPrefix}:socket.io`,
    });
  }

  override createIOServer(port: number, options?: ServerOptions): Server {
    const server = super.createIOServer(port, options) as Server;
    server.adapter(this.adapterConstructor);
    return server;
  }
}
