import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { NotificationsModule } from '../notifications/notifications.module';
import { BlocksController } from './blocks.controller';
import { BlocksService } from './blocks.service';
import { BlockedUserEntity, FollowEntity, FriendRequestEntity } from './connection.entities';
import { ConnectionSearchService } from './connection-search.service';
import { ConnectionsController } from './connections.controller';
import { ConnectionsService } from './connections.service';
import { RequestEvents } from './request-rows';
import { RequestsService } from './requests.service';

/** Connection requests, connections, discover search and blocking. */
@Module({
  imports: [
    TypeOrmModule.forFeature([FriendRequestEntity, BlockedUserEntity, FollowEntity]),
    NotificationsModule,
  ],
  controllers: [ConnectionsController, BlocksController],
  providers: [RequestsService, ConnectionsService, ConnectionSearchService, BlocksService, RequestEvents],
  exports: [ConnectionsService, BlocksService],
})
export class ConnectionsModule {}
