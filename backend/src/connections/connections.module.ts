import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { NotificationsModule } from '../notifications/notifications.module';
import { BlocksController } from './blocks.controller';
import { BlocksService } from './blocks.service';
import { BlockedUserEntity, FollowEntity, FriendRequestEntity } from './connection.entities';
import { ConnectionSearchService } from './connection-search.service';
import { ConnectionsController } from './connections.controller';
import { ConnectionsService } from './connections.service';
import { MutesController } from './mutes.controller';
import { MutesService } from './mutes.service';
import { RequestEvents } from './request-rows';
import { RequestsService } from './requests.service';

/** Connection requests, connections, discover search, blocking and muting. */
@Module({
  imports: [
    TypeOrmModule.forFeature([FriendRequestEntity, BlockedUserEntity, FollowEntity]),
    NotificationsModule,
  ],
  controllers: [ConnectionsController, BlocksController, MutesController],
  providers: [
    RequestsService,
    ConnectionsService,
    ConnectionSearchService,
    BlocksService,
    MutesService,
    RequestEvents,
  ],
  exports: [ConnectionsService, BlocksService],
})
export class ConnectionsModule {}
