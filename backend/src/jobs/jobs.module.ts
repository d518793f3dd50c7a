import { DynamicModule, Global, Module } from '@nestjs/common';
import type { DatabaseLocation } from '../database/data-source';
import { JOBS_DATABASE, JobsService } from './jobs.service';

/**
 * Durable background jobs (pg-boss on the app's PostgreSQL). Global and low, like the publisher, so any domain
 * can register handlers and enqueue jobs.
 */
@Global()
@Module({})
export class JobsModule {
  static forRoot(database: DatabaseLocation): DynamicModule {
    return {
      module: JobsModule,
      providers: [{ provide: JOBS_DATABASE, useValue: database }, JobsService],
      exports: [JobsService],
    };
  }
}
