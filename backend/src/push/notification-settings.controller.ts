import { Controller, Get, Put } from '@nestjs/common';
import {
  updateNotificationSettingsSchema,
  type NotificationSettings,
  type SessionUser,
  type UpdateNotificationSettings,
} from '@piste/contracts';
import { AllowedWhileBanned, CurrentUser } from '../common/decorators';
import { ParsedBody } from '../common/zod.pipe';
import { NotificationSettingsService } from './notification-settings.service';

/** Settings → Notifications: what is pushed and what is mailed, per type. The user's own, banned or not. */
@Controller('api/account/notification-settings')
export class NotificationSettingsController {
  constructor(private readonly settings: NotificationSettingsService) {}

  @Get()
  get(@CurrentUser() user: SessionUser): Promise<NotificationSettings> {
    return this.settings.get(user.id);
  }

  @Put()
  @AllowedWhileBanned()
  update(
    @CurrentUser() user: SessionUser,
    @ParsedBody(updateNotificationSettingsSchema) changes: UpdateNotificationSettings,
  ): Promise<NotificationSettings> {
    return this.settings.update(user.id, changes);
  }
}
