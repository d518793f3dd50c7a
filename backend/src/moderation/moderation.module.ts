import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { PostsModule } from '../posts/posts.module';
import { UsersModule } from '../users/users.module';
import { BansModule } from '../bans/bans.module';
import { BansController, ReportsController } from './moderation.controller';
import { ModerationActionEntity, ReportedPostEntity } from './moderation.entities';
import { ModerationService } from './moderation.service';

@Module({
  imports: [
    TypeOrmModule.forFeature([ReportedPostEntity, ModerationActionEntity]),
    PostsModule,
    UsersModule,
    BansModule,
  ],
  controllers: [ReportsController, BansController],
  providers: [ModerationService],
})
export class ModerationModule {}
