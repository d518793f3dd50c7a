import { Module } from '@nestjs/common';
import { Clock } from '../common/clock';
import { MailModule } from '../mail/mail.module';
import { NotificationDigestService } from './notification-digest.service';
import { NotificationSettingsController } from './notification-settings.controller';
import { NotificationSettingsService } from './notification-settings.service';
import { PushController } from './push.controller';
import { PushDeliveryService } from './push-delivery.service';
import { PushSender } from './push-sender';
import { PushSubscriptionsService } from './push-subscriptions.service';
import { VapidKeys } from './vapid-keys';

/**
 * Notifications outside the app: web push to the user's browsers and mail for what stays unread, as the user's
 * notification settings choose. NotificationsService hands each stored notification to PushDeliveryService.
 */
@Module({
  imports: [MailModule],
  controllers: [PushController, NotificationSettingsController],
  providers: [
    Clock,
    VapidKeys,
    PushSender,
    PushSubscriptionsService,
    NotificationSettingsService,
    NotificationDigestService,
    PushDeliveryService,
  ],
  exports: [PushDeliveryService],
})
export class PushModule {}
