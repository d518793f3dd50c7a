import { Controller, Get, Param, Patch, Post } from '@nestjs/common';
import {
  createBanSchema,
  createReportSchema,
  updateReportSchema,
  type ActiveBanReply,
  type Ban,
  type Report,
  type SessionUser,
} from '@piste/contracts';
import type { z } from 'zod';
import { AdminOnly, AllowedWhileBanned, CurrentUser, uuidParam } from '../common/decorators';
import { ParsedBody } from '../common/zod.pipe';
import { RateLimit } from '../limits/rate-limit.guard';
import { BansService } from '../bans/bans.service';
import { toBanView } from './moderation.mapper';
import { ModerationService } from './moderation.service';

@Controller('api/reports')
export class ReportsController {
  constructor(private readonly moderation: ModerationService) {}

  /**
   * Any signed-in user reports someone else's post, comment, received message or another fencer, banned or not:
   * reporting is a safety tool. The spec's `{postId, reason}` reports a post with a free-text reason.
   */
  @Post()
  @AllowedWhileBanned()
  @RateLimit('reports')
  create(
    @CurrentUser() user: SessionUser,
    @ParsedBody(createReportSchema) body: z.output<typeof createReportSchema>,
  ): Promise<Report> {
    return this.moderation.createReport(user, body);
  }

  @AdminOnly()
  @Get()
  list(): Promise<Report[]> {
    return this.moderation.listReports();
  }

  @AdminOnly()
  @Patch(':id')
  review(
    @CurrentUser() user: SessionUser,
    @Param('id', uuidParam()) id: string,
    @ParsedBody(updateReportSchema) body: z.output<typeof updateReportSchema>,
  ): Promise<Report> {
    return this.moderation.reviewReport(user, id, body);
  }
}

@Controller('api/bans')
export class BansController {
  constructor(
    private readonly moderation: ModerationService,
    private readonly bans: BansService,
  ) {}

  /** The signed-in user's own active ban, so the app can say why posting is closed and until when. */
  @Get('me')
  async mine(@CurrentUser() user: SessionUser): Promise<ActiveBanReply> {
    const ban = await this.bans.activeBan(user.id);
    return { ban: ban ? toBanView(ban) : null };
  }

  @AdminOnly()
  @Post()
  ban(
    @CurrentUser() user: SessionUser,
    @ParsedBody(createBanSchema) body: z.output<typeof createBanSchema>,
  ): Promise<Ban> {
    return this.moderation.banUser(user, body);
  }
}
