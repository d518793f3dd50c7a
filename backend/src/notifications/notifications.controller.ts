import { Controller, Delete, Get, HttpCode, Param, Post, Req } from '@nestjs/common';
import type { Request } from 'express';
import {
  markNotificationsReadSchema,
  notificationsQuerySchema,
  type MarkNotificationsRead,
  type NotificationsPage,
  type NotificationsQuery,
  type SessionUser,
} from '@piste/contracts';
import { AllowedWhileBanned, CurrentUser, uuidParam } from '../common/decorators';
import { ParsedBody, ParsedQuery } from '../common/zod.pipe';
import { requestLanguage } from '../i18n/request-language';
import { NotificationsService } from './notifications.service';

/** The signed-in user's own notifications: read them, mark them read, delete them. */
@Controller('api/notifications')
export class NotificationsController {
  constructor(private readonly notifications: NotificationsService) {}

  @Get()
  list(
    @CurrentUser() user: SessionUser,
    @ParsedQuery(notificationsQuerySchema) query: NotificationsQuery,
    @Req() request: Request,
  ): Promise<NotificationsPage> {
    return this.notifications.list(user.id, query, requestLanguage(request));
  }

  @Post('read')
  @HttpCode(200)
  @AllowedWhileBanned()
  markRead(
    @CurrentUser() user: SessionUser,
    @ParsedBody(markNotificationsReadSchema) body: MarkNotificationsRead,
  ): Promise<{ read: number }> {
    return this.notifications.markRead(user.id, body);
  }

  @Delete(':id')
  @HttpCode(204)
  @AllowedWhileBanned()
  remove(@CurrentUser() user: SessionUser, @Param('id', uuidParam()) id: string): Promise<void> {
    return this.notifications.remove(user.id, id);
  }
}
