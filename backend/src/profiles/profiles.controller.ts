import { Controller, Get } from '@nestjs/common';
import {
  fencerPostsQuerySchema,
  profileUsernameSchema,
  type FeedPost,
  type FencerPostsQuery,
  type FencerProfile,
  type SessionUser,
} from '@piste/contracts';
import { CurrentUser } from '../common/decorators';
import { ParsedParam, ParsedQuery } from '../common/zod.pipe';
import { ProfilesService } from './profiles.service';

/** A fencer's public page (/u/{username}): the profile with the viewer's connection state, and their posts. */
@Controller('api/profiles')
export class ProfilesController {
  constructor(private readonly profiles: ProfilesService) {}

  @Get(':username')
  profile(
    @CurrentUser() viewer: SessionUser,
    @ParsedParam('username', profileUsernameSchema) username: string,
  ): Promise<FencerProfile> {
    return this.profiles.profile(viewer, username);
  }

  @Get(':username/posts')
  posts(
    @CurrentUser() viewer: SessionUser,
    @ParsedParam('username', profileUsernameSchema) username: string,
    @ParsedQuery(fencerPostsQuerySchema) page: FencerPostsQuery,
  ): Promise<FeedPost[]> {
    return this.profiles.postsOf(viewer, username, page);
  }
}
