import { Module } from '@nestjs/common';
import { NotificationsModule } from '../notifications/notifications.module';
import { AttendanceService } from './attendance.service';
import { CalendarService } from './calendar.service';
import { EventsController } from './events.controller';
import { EventsService } from './events.service';

/** Events: competitions, trainings, camps and socials, who goes, and calendars (DESIGN.md §4d). */
@Module({
  imports: [NotificationsModule],
  controllers: [EventsController],
  providers: [EventsService, AttendanceService, CalendarService],
})
export class FencingEventsModule {}
