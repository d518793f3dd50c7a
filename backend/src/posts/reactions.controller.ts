import { Controller, Delete, Param, Post, type Type } from '@nestjs/common';
import { reactionPayloadSchema, type ReactionReply, type SessionUser } from '@piste/contracts';
import type { z } from 'zod';
import { assertSelf } from '../common/assert-self';
import { AllowedWhileBanned, CurrentUser, uuidParam } from '../common/decorators';
import { ParsedBody } from '../common/zod.pipe';
import { ReactionsService, type Reaction } from './reactions.service';

type ReactionPayload = z.output<typeof reactionPayloadSchema>;

interface ReactionRoutes {
  add(user: SessionUser, body: ReactionPayload): Promise<ReactionReply>;
  remove(user: SessionUser, userId: string, postId: string): Promise<ReactionReply>;
}

/**
 * The two routes of one reaction, the same for likes and dislikes: `POST /api/{reaction}s` records it and
 * `DELETE /api/{reaction}s/{userId}/{postId}` takes it back (allowed while banned).
 */
function reactionRoutes(reaction: Reaction): Type<ReactionRoutes> {
  @Controller(`api/${reaction}s`)
  class Routes implements ReactionRoutes {
    constructor(private readonly reactions: ReactionsService) {}

    @Post()
    add(
      @CurrentUser() user: SessionUser,
      @ParsedBody(reactionPayloadSchema) body: ReactionPayload,
    ): Promise<ReactionReply> {
      assertSelf(user, body.userId);
      return this.reactions.add(user, body.postId, reaction);
    }

    @Delete(':userId/:postId')
    @AllowedWhileBanned()
    remove(
      @CurrentUser() user: SessionUser,
      @Param('userId', uuidParam()) userId: string,
      @Param('postId', uuidParam()) postId: string,
    ): Promise<ReactionReply> {
      assertSelf(user, userId);
      return this.reactions.remove(user, postId, reaction);
    }
  }
  return Routes;
}

/** POST /api/likes and DELETE /api/likes/{userId}/{postId}. */
export class LikesController extends reactionRoutes('like') {}

/** POST /api/dislikes and DELETE /api/dislikes/{userId}/{postId}. */
export class DislikesController extends reactionRoutes('dislike') {}
