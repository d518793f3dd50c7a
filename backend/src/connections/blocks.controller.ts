import { Controller, Get, HttpCode, Post } from '@nestjs/common';
import { blockUserSchema, type BlockedUser, type SessionUser } from '@piste/contracts';
import type { z } from 'zod';
import { AllowedWhileBanned, CurrentUser } from '../common/decorators';
import { ParsedBody } from '../common/zod.pipe';
import { BlocksService } from './blocks.service';

/** Blocking and unblocking; a banned user may still do both. */
@Controller('api')
export class BlocksController {
  constructor(private readonly blocks: BlocksService) {}

  @Get('blocked-users')
  blockedUsers(@CurrentUser() user: SessionUser): Promise<BlockedUser[]> {
    return this.blocks.blockedUsers(user.id);
  }

  @Post('block-user')
  @AllowedWhileBanned()
  @HttpCode(200)
  block(
    @CurrentUser() user: SessionUser,
    @ParsedBody(blockUserSchema) body: z.infer<typeof blockUserSchema>,
  ): Promise<BlockedUser> {
    return this.blocks.block(user.id, body.blockedId);
  }

  @Post('unblock-user')
  @AllowedWhileBanned()
  @HttpCode(200)
  unblock(
    @CurrentUser() user: SessionUser,
    @ParsedBody(blockUserSchema) body: z.infer<typeof blockUserSchema>,
  ): Promise<{ blockedId: string; isBlocked: false }> {
    return this.blocks.unblock(user.id, body.blockedId);
  }
}
