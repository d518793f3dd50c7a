import { Controller, Delete, Get, Param, Patch, Post } from '@nestjs/common';
import {
  commentsQuerySchema,
  createCommentSchema,
  editCommentSchema,
  type CommentHistory,
  type CommentLikeReply,
  type PostComment,
  type SessionUser,
} from '@piste/contracts';
import type { z } from 'zod';
import { assertSelf } from '../common/assert-self';
import { AllowedWhileBanned, CurrentUser, uuidParam } from '../common/decorators';
import { ParsedBody, ParsedQuery } from '../common/zod.pipe';
import { RateLimit } from '../limits/rate-limit.guard';
import { CommentsService, type CreateComment, type EditComment } from './comments.service';

@Controller('api')
export class CommentsController {
  constructor(private readonly comments: CommentsService) {}

  @Get('comments')
  list(
    @CurrentUser() user: SessionUser,
    @ParsedQuery(commentsQuerySchema) query: z.output<typeof commentsQuerySchema>,
  ): Promise<PostComment[]> {
    return this.comments.list(user, query.postId);
  }

  @Post('comments')
  @RateLimit('comments', 'comments-burst')
  create(
    @CurrentUser() user: SessionUser,
    @ParsedBody(createCommentSchema) body: CreateComment,
  ): Promise<PostComment> {
    assertSelf(user, body.authorId);
    return this.comments.create(user, body);
  }

  @Patch('comments/:id')
  @RateLimit('edits')
  edit(
    @CurrentUser() user: SessionUser,
    @Param('id', uuidParam()) id: string,
    @ParsedBody(editCommentSchema) body: EditComment,
  ): Promise<PostComment> {
    return this.comments.edit(user, id, body);
  }

  @Get('comments/:id/history')
  history(@CurrentUser() user: SessionUser, @Param('id', uuidParam()) id: string): Promise<CommentHistory> {
    return this.comments.history(user, id);
  }

  @Post('comment-likes/:commentId')
  like(
    @CurrentUser() user: SessionUser,
    @Param('commentId', uuidParam()) commentId: string,
  ): Promise<CommentLikeReply> {
    return this.comments.like(user, commentId);
  }

  @Delete('comment-likes/:commentId')
  @AllowedWhileBanned()
  unlike(
    @CurrentUser() user: SessionUser,
    @Param('commentId', uuidParam()) commentId: string,
  ): Promise<CommentLikeReply> {
    return this.comments.unlike(user, commentId);
  }
}
