import { Controller, Get, HttpCode, Post } from '@nestjs/common';
import { blockUserSchema, type BlockedUser, type SessionUser } from '@piste/contracts';
import type { z } from 'zod';
import { AllowedWhileBanned, CurrentUser } from '../common/decorators';
import { ParsedBody } from '../common/zod.pipe';
import { BlocksService } from './blocks.service';

type BlockTarget = z.output<typeof blockUserSchema>;

/** Blocking and unblocking; a banned user may still do both. */
@Controller('api')
@AllowedWhileBanned()
export class BlocksController {
  constructor(private readonly blocks: BlocksService) {}

  @Get('blocked-users')
  blockedUsers(@CurrentUser() user: SessionUser): Promise<BlockedUser[]> {
    return this.blocks.blockedUsers(user.id);
  }

  @Post('block-user')
  @HttpCode(200)
  block(
    @CurrentUser() user: SessionUser,
    @ParsedBody(blockUserSchema) body: BlockTarget,
  ): Promise<BlockedUser> {
    return this.blocks.block(user.id, body.blockedId);
  }

  @Post('unblock-user')
  @HttpCode(200)
  unblock(
    @CurrentUser() user: SessionUser,
    @ParsedBody(blockUserSchema) body: BlockTarget,
  ): Promise<{ blockedId: string; isBlocked: false }> {
    return this.blocks.unblock(user.id, body.blockedId);
  }
}
