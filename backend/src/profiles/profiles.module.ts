import { Module } from '@nestjs/common';
import { ConnectionsModule } from '../connections/connections.module';
import { PostsModule } from '../posts/posts.module';
import { ProfilesController } from './profiles.controller';
import { ProfilesService } from './profiles.service';

/** Fencers' public pages. */
@Module({
  imports: [ConnectionsModule, PostsModule],
  controllers: [ProfilesController],
  providers: [ProfilesService],
})
export class ProfilesModule {}
