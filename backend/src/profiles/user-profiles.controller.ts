import { Controller, Get, Param, Put } from '@nestjs/common';
import { updateProfileSchema, type Profile, type SessionUser } from '@piste/contracts';
import { CurrentUser, uuidParam } from '../common/decorators';
import { ParsedBody } from '../common/zod.pipe';
import { BlocksService } from '../connections/blocks.service';
import { RealtimePublisher } from '../publisher/realtime.publisher';
import { toProfile } from '../users/users.mapper';
import { UsersService, type ProfileChanges } from '../users/users.service';
import { profileError, ProfileErrorCode } from './profiles.errors';
import { userError, UserErrorCode } from '../users/users.errors';

/** Profiles: a user's public profile, and editing your own (spec sections 2 and 5). */
@Controller('api/users')
export class UserProfilesController {
  constructor(
    private readonly users: UsersService,
    private readonly blocks: BlocksService,
    private readonly publisher: RealtimePublisher,
  ) {}

  /** Anyone's public profile (email only for yourself); 404 when unknown or when either blocked the other. */
  @Get(':id')
  async profile(@CurrentUser() viewer: SessionUser, @Param('id', uuidParam()) id: string): Promise<Profile> {
    const user = await this.users.findById(id);
    if (!user || (id !== viewer.id && (await this.blocks.isBlockedEitherWay(viewer.id, id)))) {
      throw userError(UserErrorCode.NotFound);
    }
    return toProfile(user, viewer.id);
  }

  /** Your own profile only. */
  @Put(':id')
  async update(
    @CurrentUser() viewer: SessionUser,
    @Param('id', uuidParam()) id: string,
    @ParsedBody(updateProfileSchema) body: ProfileChanges,
  ): Promise<Profile> {
    if (id !== viewer.id) throw profileError(ProfileErrorCode.NotYourProfile);
    const updated = await this.users.updateProfile(id, body);
    // The session user carries the name and avatar: every replica reads them again.
    this.publisher.refreshUser(id);
    return toProfile(updated, viewer.id);
  }
}
