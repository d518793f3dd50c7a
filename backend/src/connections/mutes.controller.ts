import { Controller, Delete, Get, Param, Post, Put } from '@nestjs/common';
import {
  muteUserSchema,
  mutedWordsSchema,
  type MutedUsers,
  type MutedWord,
  type SessionUser,
} from '@piste/contracts';
import type { z } from 'zod';
import { AllowedWhileBanned, CurrentUser, uuidParam } from '../common/decorators';
import { ParsedBody } from '../common/zod.pipe';
import { MutesService } from './mutes.service';

/** Muted fencers and muted words: the viewer's own, never anyone else's. */
@Controller('api')
@AllowedWhileBanned()
export class MutesController {
  constructor(private readonly mutes: MutesService) {}

  @Get('mutes')
  list(@CurrentUser() user: SessionUser): Promise<MutedUsers> {
    return this.mutes.mutedUsers(user.id);
  }

  @Post('mutes')
  async mute(
    @CurrentUser() user: SessionUser,
    @ParsedBody(muteUserSchema) body: z.output<typeof muteUserSchema>,
  ): Promise<{ userId: string; muted: true }> {
    await this.mutes.mute(user.id, body.userId);
    return { userId: body.userId, muted: true };
  }

  @Delete('mutes/:userId')
  async unmute(
    @CurrentUser() user: SessionUser,
    @Param('userId', uuidParam()) userId: string,
  ): Promise<{ userId: string; muted: false }> {
    await this.mutes.unmute(user.id, userId);
    return { userId, muted: false };
  }

  @Get('account/muted-words')
  words(@CurrentUser() user: SessionUser): Promise<MutedWord[]> {
    return this.mutes.mutedWords(user.id);
  }

  @Put('account/muted-words')
  setWords(
    @CurrentUser() user: SessionUser,
    @ParsedBody(mutedWordsSchema) body: z.output<typeof mutedWordsSchema>,
  ): Promise<MutedWord[]> {
    return this.mutes.setMutedWords(user.id, body);
  }
}
