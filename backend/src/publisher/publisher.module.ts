import { Global, Module } from '@nestjs/common';
import { RealtimePublisher } from './realtime.publisher';

/**
 * The one way the backend emits live events (the Redis link, redis/, carries them to every replica). Global and
 * low, so any domain module can publish without depending on the socket server (realtime/) that delivers them.
 */
@Global()
@Module({
  providers: [RealtimePublisher],
  exports: [RealtimePublisher],
})
export class PublisherModule {}
