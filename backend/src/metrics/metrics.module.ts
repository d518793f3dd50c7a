import { Module } from '@nestjs/common';
import { PublisherModule } from '../publisher/publisher.module';
import { RedisModule } from '../redis/redis.module';
import { MetricsServer } from './metrics-server';
import { MetricsService } from './metrics.service';

/** Prometheus metrics (DESIGN.md §3b) on a port of their own; nothing else depends on this module. */
@Module({
  imports: [PublisherModule, RedisModule],
  providers: [MetricsService, MetricsServer],
  exports: [MetricsService, MetricsServer],
})
export class MetricsModule {}
