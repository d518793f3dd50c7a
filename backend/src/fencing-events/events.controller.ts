import { Controller, Delete, Get, HttpCode, Param, Patch, Post, Put, Res } from '@nestjs/common';
import type { Response } from 'express';
import {
  attendanceSchema,
  createEventSchema,
  eventsQuerySchema,
  updateEventSchema,
  type AttendanceReply,
  type CalendarFeed,
  type EventPage,
  type EventsPage,
  type EventsQuery,
  type SessionUser,
} from '@piste/contracts';
import type { z } from 'zod';
import { AllowedWhileBanned, CurrentUser, Public, uuidParam } from '../common/decorators';
import { ParsedBody, ParsedQuery } from '../common/zod.pipe';
import { RateLimit } from '../limits/rate-limit.guard';
import { AttendanceService } from './attendance.service';
import { CalendarService } from './calendar.service';
import { EventsService, type CreateEvent, type UpdateEvent } from './events.service';
import { eventError, EventErrorCode } from './fencing-events.errors';

const ICS_TYPE = 'text/calendar; charset=utf-8';

/** Events, going and interested, and calendars (DESIGN.md §4d). */
@Controller('api')
export class EventsController {
  constructor(
    private readonly events: EventsService,
    private readonly attendance: AttendanceService,
    private readonly calendars: CalendarService,
  ) {}

  @Post('events')
  @RateLimit('events')
  create(
    @CurrentUser() user: SessionUser,
    @ParsedBody(createEventSchema) body: CreateEvent,
  ): Promise<EventPage> {
    return this.events.create(user, body);
  }

  @Get('events')
  list(
    @CurrentUser() user: SessionUser,
    @ParsedQuery(eventsQuerySchema) query: EventsQuery,
  ): Promise<EventsPage> {
    return this.events.list(user, query);
  }

  /** One event as a calendar file (the `.ics` is part of the id's path). */
  @Get('events/:id.ics')
  async file(
    @CurrentUser() user: SessionUser,
    @Param('id', uuidParam()) id: string,
    @Res({ passthrough: true }) response: Response,
  ): Promise<string> {
    const file = await this.calendars.eventFile(user, id);
    response.setHeader('Content-Type', ICS_TYPE);
    response.setHeader('Content-Disposition', `attachment; filename="${file.name}"`);
    response.setHeader('Cache-Control', 'private, no-cache');
    return file.body;
  }

  @Get('events/:id')
  page(@CurrentUser() user: SessionUser, @Param('id', uuidParam()) id: string): Promise<EventPage> {
    return this.events.page(user, id);
  }

  @Patch('events/:id')
  @RateLimit('edits')
  update(
    @CurrentUser() user: SessionUser,
    @Param('id', uuidParam()) id: string,
    @ParsedBody(updateEventSchema) body: UpdateEvent,
  ): Promise<EventPage> {
    return this.events.update(user, id, body);
  }

  @Delete('events/:id')
  @AllowedWhileBanned()
  @HttpCode(204)
  remove(@CurrentUser() user: SessionUser, @Param('id', uuidParam()) id: string): Promise<void> {
    return this.events.remove(user, id);
  }

  @Put('events/:id/attendance')
  @RateLimit('attendance')
  attend(
    @CurrentUser() user: SessionUser,
    @Param('id', uuidParam()) id: string,
    @ParsedBody(attendanceSchema) body: z.output<typeof attendanceSchema>,
  ): Promise<AttendanceReply> {
    return this.attendance.set(user, id, body.status);
  }

  @Get('account/calendar')
  calendarStatus(@CurrentUser() user: SessionUser): Promise<CalendarFeed> {
    return this.calendars.status(user);
  }

  /** A new secret link for the personal calendar feed; the old one stops working. */
  @Post('account/calendar')
  @AllowedWhileBanned()
  @RateLimit('edits')
  renewCalendar(@CurrentUser() user: SessionUser): Promise<CalendarFeed> {
    return this.calendars.renew(user);
  }

  @Delete('account/calendar')
  @AllowedWhileBanned()
  @HttpCode(204)
  revokeCalendar(@CurrentUser() user: SessionUser): Promise<void> {
    return this.calendars.revoke(user);
  }

  /**
   * The personal feed calendar apps subscribe to. Public because they cannot sign in: the secret token in the
   * path is the permission, as for an upload URL.
   */
  @Public()
  @Get('calendar/:token.ics')
  async feed(@Param('token') token: string, @Res({ passthrough: true }) response: Response): Promise<string> {
    if (!/^[A-Za-z0-9_-]{20,64}$/.test(token)) throw eventError(EventErrorCode.CalendarNotFound);
    const body = await this.calendars.feed(token);
    response.setHeader('Content-Type', ICS_TYPE);
    response.setHeader('Cache-Control', 'private, max-age=300');
    return body;
  }
}
