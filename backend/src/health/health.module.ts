import { Global, Module } from '@nestjs/common';
import { ObjectsModule } from '../objects/objects.module';
import { HealthController } from './health.controller';
import { HealthService } from './health.service';
import { Lifecycle } from './lifecycle';

/** Liveness and readiness probes, and the process lifecycle they report. */
@Global()
@Module({
  imports: [ObjectsModule],
  controllers: [HealthController],
  providers: [HealthService, Lifecycle],
  exports: [Lifecycle],
})
export class HealthModule {}
