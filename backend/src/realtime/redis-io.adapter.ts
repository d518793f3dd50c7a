import { INestApplicationContext, Logger } from '@nestjs/common';
import { IoAdapter } from '@nestjs/platform-socket.io';
import { createAdapter } from '@socket.io/redis-adapter';
import { createClient } from 'redis';
import type { Server, ServerOptions } from 'socket.io';

/** Carries every emit to all replicas through Redis pub/sub; connects before the app uses it. */
export class RedisIoAdapter extends IoAdapter {
  private adapterConstructor: ReturnType<typeof createAdapter> | undefined;
  private clients: Array<{ close(): Promise<unknown> }> = [];

  constructor(
    app: INestApplicationContext,
    private readonly redisUrl: string,
    private readonly keyPrefix: string,
  ) {
    super(app);
  }

  async connectToRedis(): Promise<void> {
    const pubClient = createClient({ url: this.redisUrl });
    const subClient = pubClient.duplicate();
    const logger = new Logger('Redis');
    for (const client of [pubClient, subClient])
      client.on('error', (err: Error) => logger.error(err.message));
    await Promise.all([pubClient.connect(), subClient.connect()]);
    this.clients = [pubClient, subClient];
    type AdapterClient = Parameters<typeof createAdapter>[0];
    this.adapterConstructor = createAdapter(pubClient as AdapterClient, subClient as AdapterClient, {
      key: `${this.keyPrefix}:socket.io`,
    });
  }

  override createIOServer(port: number, options?: ServerOptions): Server {
    const server = super.createIOServer(port, options) as Server;
    if (this.adapterConstructor) server.adapter(this.adapterConstructor);
    return server;
  }

  override async dispose(): Promise<void> {
    await super.dispose();
    await Promise.all(this.clients.map((c) => c.close().catch(() => undefined)));
    this.clients = [];
  }
}
