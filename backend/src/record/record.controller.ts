import { Controller, Delete, Get, HttpCode, Param, Post, Put } from '@nestjs/common';
import {
  boutsQuerySchema,
  createBoutSchema,
  profileUsernameSchema,
  recordSettingsSchema,
  type Bout,
  type BoutsPage,
  type BoutsQuery,
  type FencerRecord,
  type HeadToHead,
  type RecordSettings,
  type SessionUser,
} from '@piste/contracts';
import { AllowedWhileBanned, CurrentUser, uuidParam } from '../common/decorators';
import { ParsedBody, ParsedParam, ParsedQuery } from '../common/zod.pipe';
import { RateLimit } from '../limits/rate-limit.guard';
import { BoutsService, type CreateBout } from './bouts.service';
import { RecordSettingsService } from './record-settings.service';

/** A fencer's record (DESIGN.md §4d): ratings and who sees them, the bout log, totals and head-to-head. */
@Controller('api')
export class RecordController {
  constructor(
    private readonly bouts: BoutsService,
    private readonly settings: RecordSettingsService,
  ) {}

  @Get('account/record')
  getSettings(@CurrentUser() user: SessionUser): Promise<RecordSettings> {
    return this.settings.get(user);
  }

  /** Ratings are part of the profile: a ban, which freezes the profile, refuses them too. */
  @Put('account/record')
  @RateLimit('edits')
  setSettings(
    @CurrentUser() user: SessionUser,
    @ParsedBody(recordSettingsSchema) body: RecordSettings,
  ): Promise<RecordSettings> {
    return this.settings.set(user, body);
  }

  @Post('bouts')
  @RateLimit('bouts')
  create(@CurrentUser() user: SessionUser, @ParsedBody(createBoutSchema) body: CreateBout): Promise<Bout> {
    return this.bouts.create(user, body);
  }

  @Post('bouts/:id/confirm')
  @AllowedWhileBanned()
  @HttpCode(200)
  confirm(@CurrentUser() user: SessionUser, @Param('id', uuidParam()) id: string): Promise<Bout> {
    return this.bouts.answer(user, id, true);
  }

  @Post('bouts/:id/dispute')
  @AllowedWhileBanned()
  @HttpCode(200)
  dispute(@CurrentUser() user: SessionUser, @Param('id', uuidParam()) id: string): Promise<Bout> {
    return this.bouts.answer(user, id, false);
  }

  @Delete('bouts/:id')
  @AllowedWhileBanned()
  @HttpCode(204)
  remove(@CurrentUser() user: SessionUser, @Param('id', uuidParam()) id: string): Promise<void> {
    return this.bouts.remove(user, id);
  }

  @Get('profiles/:username/record')
  record(
    @CurrentUser() user: SessionUser,
    @ParsedParam('username', profileUsernameSchema) username: string,
  ): Promise<FencerRecord> {
    return this.bouts.record(user, username);
  }

  @Get('profiles/:username/bouts')
  list(
    @CurrentUser() user: SessionUser,
    @ParsedParam('username', profileUsernameSchema) username: string,
    @ParsedQuery(boutsQuerySchema) query: BoutsQuery,
  ): Promise<BoutsPage> {
    return this.bouts.list(user, username, query);
  }

  @Get('profiles/:username/head-to-head')
  headToHead(
    @CurrentUser() user: SessionUser,
    @ParsedParam('username', profileUsernameSchema) username: string,
  ): Promise<HeadToHead> {
    return this.bouts.headToHead(user, username);
  }
}
