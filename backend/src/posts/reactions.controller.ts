import { Body, Controller, Delete, Param, Post } from '@nestjs/common';
import { reactionPayloadSchema, type ReactionReply, type SessionUser } from '@piste/contracts';
import type { z } from 'zod';
import { assertSelf } from '../common/assert-self';
import { AllowedWhileBanned, CurrentUser, uuidParam } from '../common/decorators';
import { ZodPipe } from '../common/zod.pipe';
import { ReactionsService } from './reactions.service';

type ReactionPayload = z.output<typeof reactionPayloadSchema>;

@Controller('api')
export class ReactionsController {
  constructor(private readonly reactions: ReactionsService) {}

  @Post('likes')
  like(
    @CurrentUser() user: SessionUser,
    @Body(new ZodPipe(reactionPayloadSchema)) body: ReactionPayload,
  ): Promise<ReactionReply> {
    assertSelf(user, body.userId);
    return this.reactions.add(user, body.postId, 'like');
  }

  @Delete('likes/:userId/:postId')
  @AllowedWhileBanned()
  unlike(
    @CurrentUser() user: SessionUser,
    @Param('userId', uuidParam()) userId: string,
    @Param('postId', uuidParam()) postId: string,
  ): Promise<ReactionReply> {
    assertSelf(user, userId);
    return this.reactions.remove(user, postId, 'like');
  }

  @Post('dislikes')
  dislike(
    @CurrentUser() user: SessionUser,
    @Body(new ZodPipe(reactionPayloadSchema)) body: ReactionPayload,
  ): Promise<ReactionReply> {
    assertSelf(user, body.userId);
    return this.reactions.add(user, body.postId, 'dislike');
  }

  @Delete('dislikes/:userId/:postId')
  @AllowedWhileBanned()
  undislike(
    @CurrentUser() user: SessionUser,
    @Param('userId', uuidParam()) userId: string,
    @Param('postId', uuidParam()) postId: string,
  ): Promise<ReactionReply> {
    assertSelf(user, userId);
    return this.reactions.remove(user, postId, 'dislike');
  }
}
