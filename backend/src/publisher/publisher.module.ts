import { Global, Module } from '@nestjs/common';
import { RealtimePublisher } from './realtime.publisher';
import { RedisLink } from './redis-link';

/**
 * The one way the backend emits live events, and the Redis link that carries them to every replica. Global and
 * low, so any domain module can publish without depending on the socket server (realtime/) that delivers them.
 */
@Global()
@Module({
  providers: [RealtimePublisher, RedisLink],
  exports: [RealtimePublisher, RedisLink],
})
export class PublisherModule {}
