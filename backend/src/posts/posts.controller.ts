import { Controller, Delete, Get, HttpCode, Param, Patch, Post } from '@nestjs/common';
import {
  clubSlugSchema,
  createPostSchema,
  fencerPostsQuerySchema,
  type FencerPostsQuery,
  editPostSchema,
  hidePostSchema,
  feedQuerySchema,
  weaponParamSchema,
  type FeedPost,
  type FeedQuery,
  type PostHistory,
  type PostPage,
  type SessionUser,
  type Weapon,
} from '@piste/contracts';
import type { z } from 'zod';
import { assertSelf } from '../common/assert-self';
import { AllowedWhileBanned, CurrentUser, uuidParam } from '../common/decorators';
import { ParsedBody, ParsedParam, ParsedQuery } from '../common/zod.pipe';
import { RateLimit } from '../limits/rate-limit.guard';
import { PostsService, type CreatePost } from './posts.service';
import { PostEditsService, type EditPost } from './post-edits.service';

@Controller('api')
export class PostsController {
  constructor(
    private readonly posts: PostsService,
    private readonly edits: PostEditsService,
  ) {}

  @Get('posts/id/:id')
  getPost(@CurrentUser() user: SessionUser, @Param('id', uuidParam()) id: string): Promise<FeedPost> {
    return this.posts.getForViewer(user, id);
  }

  @Get('posts/:weapon')
  feed(
    @CurrentUser() user: SessionUser,
    @ParsedParam('weapon', weaponParamSchema) weapon: Weapon,
    @ParsedQuery(feedQuerySchema) page: FeedQuery,
  ): Promise<FeedPost[]> {
    return this.posts.feed(user, weapon, page);
  }

  /** A club's posts, newest first (§4d): club-only ones for its members alone. */
  @Get('clubs/:slug/posts')
  clubPosts(
    @CurrentUser() user: SessionUser,
    @ParsedParam('slug', clubSlugSchema) slug: string,
    @ParsedQuery(fencerPostsQuerySchema) page: FencerPostsQuery,
  ): Promise<PostPage> {
    return this.posts.byClub(user, slug, page);
  }

  @Post('posts')
  @RateLimit('posts', 'posts-burst')
  create(
    @CurrentUser() user: SessionUser,
    @ParsedBody(createPostSchema) body: CreatePost,
  ): Promise<FeedPost> {
    assertSelf(user, body.authorId);
    return this.posts.create(user, body);
  }

  @Patch('posts/:id')
  @RateLimit('edits')
  edit(
    @CurrentUser() user: SessionUser,
    @Param('id', uuidParam()) id: string,
    @ParsedBody(editPostSchema) body: EditPost,
  ): Promise<FeedPost> {
    return this.edits.edit(user, id, body);
  }

  @Get('posts/:id/history')
  history(@CurrentUser() user: SessionUser, @Param('id', uuidParam()) id: string): Promise<PostHistory> {
    return this.edits.history(user, id);
  }

  @Delete('posts/:id')
  @AllowedWhileBanned()
  async delete(
    @CurrentUser() user: SessionUser,
    @Param('id', uuidParam()) id: string,
  ): Promise<{ postId: string; deleted: true }> {
    await this.posts.delete(user, id);
    return { postId: id, deleted: true };
  }

  @Post('hide-post')
  @AllowedWhileBanned()
  @HttpCode(200)
  async hide(
    @CurrentUser() user: SessionUser,
    @ParsedBody(hidePostSchema) body: z.output<typeof hidePostSchema>,
  ): Promise<{ postId: string; hidden: true }> {
    await this.posts.hide(user, body.postId);
    return { postId: body.postId, hidden: true };
  }
}
