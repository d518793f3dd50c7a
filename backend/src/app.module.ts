import { DynamicModule, Module } from '@nestjs/common';
import { APP_FILTER, DiscoveryModule } from '@nestjs/core';
import { TypeOrmModule } from '@nestjs/typeorm';
import type { AppConfig } from './config/config';
import { ConfigModule } from './config/config.module';
import { dataSourceOptions, type DatabaseLocation } from './database/data-source';
import { ENTITIES } from './entities';
import { initializeDatabase } from './database/startup';
import { HttpExceptionFilter } from './common/http-exception.filter';
import { HealthModule } from './health/health.module';
import { MetricsModule } from './metrics/metrics.module';
import { loggingModule, rootLogger } from './common/logging';
import { AuthModule } from './auth/auth.module';
import { UsersModule } from './users/users.module';
import { RealtimeModule } from './realtime/realtime.module';
import { PublisherModule } from './publisher/publisher.module';
import { RedisModule } from './redis/redis.module';
import { ConnectionsModule } from './connections/connections.module';
import { PostsModule } from './posts/posts.module';
import { ObjectsModule } from './objects/objects.module';
import { SeedModule } from './startup/seed.module';
import { MessagesModule } from './messages/messages.module';
import { ModerationModule } from './moderation/moderation.module';
import { LimitsModule } from './limits/limits.module';
import { SearchModule } from './search/search.module';
import { ProfilesModule } from './profiles/profiles.module';
import { NotificationsModule } from './notifications/notifications.module';
import { JobsModule } from './jobs/jobs.module';
import { MailModule } from './mail/mail.module';
import { AccountsModule } from './accounts/accounts.module';
import { AccountDataModule } from './account-data/account-data.module';
import { PushModule } from './push/push.module';
import { LibraryModule } from './library/library.module';
import { ClubsModule } from './clubs/clubs.module';
import { FencingEventsModule } from './fencing-events/fencing-events.module';
import { RecordModule } from './record/record.module';
import { AdminUsersModule } from './admin-users/admin-users.module';
import { PasskeysModule } from './passkeys/passkeys.module';
import { SignInNoticesModule } from './sign-in-notices/sign-in-notices.module';

/** The domain modules, one per folder. */
const DOMAIN_MODULES = [
  RedisModule,
  PublisherModule,
  UsersModule,
  ObjectsModule,
  PostsModule,
  SeedModule,
  AuthModule,
  RealtimeModule,
  ConnectionsModule,
  MessagesModule,
  ModerationModule,
  LimitsModule,
  SearchModule,
  ProfilesModule,
  NotificationsModule,
  MailModule,
  AccountsModule,
  AccountDataModule,
  PushModule,
  LibraryModule,
  ClubsModule,
  FencingEventsModule,
  PasskeysModule,
  SignInNoticesModule,
  RecordModule,
  AdminUsersModule,
];

@Module({})
export class AppModule {
  static forRoot(config: AppConfig, database: DatabaseLocation): DynamicModule {
    return {
      module: AppModule,
      imports: [
        ConfigModule.forRoot(config),
        loggingModule(rootLogger(config)),
        DiscoveryModule,
        TypeOrmModule.forRootAsync({
          useFactory: () => dataSourceOptions(database, config.databaseSchema, ENTITIES, config.databasePool),
          // Migrations run before any other module touches the database, once across replicas.
          dataSourceFactory: (options) => initializeDatabase(options!),
        }),
        // Background jobs start once the database is migrated, and stop before it closes.
        JobsModule.forRoot(database),
        ...DOMAIN_MODULES,
        HealthModule,
        MetricsModule,
      ],
      providers: [{ provide: APP_FILTER, useClass: HttpExceptionFilter }],
    };
  }
}
