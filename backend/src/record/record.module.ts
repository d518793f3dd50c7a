import { Module } from '@nestjs/common';
import { NotificationsModule } from '../notifications/notifications.module';
import { BoutsService } from './bouts.service';
import { RecordController } from './record.controller';
import { RecordSettingsService } from './record-settings.service';

/** A fencer's record: ratings, the bout log, totals and head-to-head (DESIGN.md §4d). */
@Module({
  imports: [NotificationsModule],
  controllers: [RecordController],
  providers: [BoutsService, RecordSettingsService],
})
export class RecordModule {}
