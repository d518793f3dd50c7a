import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module';
import { ObjectsModule } from '../objects/objects.module';
import { DemoSeeder } from './seed';
import { StartupTasks } from './startup.tasks';

/** The start-up work after migrations: the configured admin and, on an empty database, the demo seed. */
@Module({
  imports: [AuthModule, ObjectsModule],
  providers: [DemoSeeder, StartupTasks],
})
export class SeedModule {}
