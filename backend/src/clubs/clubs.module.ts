import { Module } from '@nestjs/common';
import { NotificationsModule } from '../notifications/notifications.module';
import { ObjectsModule } from '../objects/objects.module';
import { ClubsController } from './clubs.controller';
import { ClubMembersService } from './club-members.service';
import { ClubsService } from './clubs.service';

/** Clubs, their members and requests to join (DESIGN.md §4d). */
@Module({
  imports: [NotificationsModule, ObjectsModule],
  controllers: [ClubsController],
  providers: [ClubsService, ClubMembersService],
  exports: [ClubsService],
})
export class ClubsModule {}
