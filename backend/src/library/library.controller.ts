import { Controller, Delete, Get, Param, Post } from '@nestjs/common';
import {
  drillsQuerySchema,
  savedQuerySchema,
  savePostSchema,
  tagParamSchema,
  tagPostsQuerySchema,
  trendingQuerySchema,
  type DrillsQuery,
  type PostPage,
  type SavedQuery,
  type SaveReply,
  type SessionUser,
  type TagPage,
  type TagPostsQuery,
  type TrendingTags,
} from '@piste/contracts';
import type { z } from 'zod';
import { AllowedWhileBanned, CurrentUser, uuidParam } from '../common/decorators';
import { ParsedBody, ParsedParam, ParsedQuery } from '../common/zod.pipe';
import { LibraryService } from './library.service';

/** Saved posts, the drill library and tags (§4c). Saving is the viewer's own business, banned or not. */
@Controller('api')
export class LibraryController {
  constructor(private readonly library: LibraryService) {}

  @Post('saves')
  @AllowedWhileBanned()
  save(
    @CurrentUser() user: SessionUser,
    @ParsedBody(savePostSchema) body: z.output<typeof savePostSchema>,
  ): Promise<SaveReply> {
    return this.library.save(user, body.postId);
  }

  @Delete('saves/:postId')
  @AllowedWhileBanned()
  unsave(@CurrentUser() user: SessionUser, @Param('postId', uuidParam()) postId: string): Promise<SaveReply> {
    return this.library.unsave(user, postId);
  }

  @Get('saves')
  saved(
    @CurrentUser() user: SessionUser,
    @ParsedQuery(savedQuerySchema) query: SavedQuery,
  ): Promise<PostPage> {
    return this.library.saved(user, query);
  }

  @Get('drills')
  drills(
    @CurrentUser() user: SessionUser,
    @ParsedQuery(drillsQuerySchema) query: DrillsQuery,
  ): Promise<PostPage> {
    return this.library.drills(user, query);
  }

  @Get('tags/trending')
  trending(
    @CurrentUser() user: SessionUser,
    @ParsedQuery(trendingQuerySchema) query: z.output<typeof trendingQuerySchema>,
  ): Promise<TrendingTags> {
    return this.library.trending(user, query.weapon);
  }

  @Get('tags/:tag/posts')
  tagged(
    @CurrentUser() user: SessionUser,
    @ParsedParam('tag', tagParamSchema) tag: string,
    @ParsedQuery(tagPostsQuerySchema) query: TagPostsQuery,
  ): Promise<TagPage> {
    return this.library.tagged(user, tag, query);
  }
}
