import { Global, Module } from '@nestjs/common';
import { RedisLink } from './redis-link';

/**
 * The connections to Redis, when REDIS_URL is set: they carry live events to every replica (publisher/), keep the
 * abuse limits' counters (limits/) and tell the session cache when to forget (auth/). Global and on the ground, so
 * each of them can use it without depending on another.
 */
@Global()
@Module({
  providers: [RedisLink],
  exports: [RedisLink],
})
export class RedisModule {}
