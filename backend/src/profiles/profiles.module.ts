import { Module } from '@nestjs/common';
import { ConnectionsModule } from '../connections/connections.module';
import { PostsModule } from '../posts/posts.module';
import { UsersModule } from '../users/users.module';
import { ProfilesController } from './profiles.controller';
import { UserProfilesController } from './user-profiles.controller';
import { ProfilesService } from './profiles.service';

/** Fencers' public pages. */
@Module({
  imports: [ConnectionsModule, PostsModule, UsersModule],
  controllers: [ProfilesController, UserProfilesController],
  providers: [ProfilesService],
})
export class ProfilesModule {}
