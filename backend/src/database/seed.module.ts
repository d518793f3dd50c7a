import { Module } from '@nestjs/common';
import { ObjectsModule } from '../objects/objects.module';
import { DemoSeeder } from './seed';

/** Seeds the demo community on the first start (SEED_DEMO). */
@Module({
  imports: [ObjectsModule],
  providers: [DemoSeeder],
})
export class SeedModule {}
