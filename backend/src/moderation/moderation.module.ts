import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { MessagesModule } from '../messages/messages.module';
import { PostsModule } from '../posts/posts.module';
import { UsersModule } from '../users/users.module';
import { BansModule } from '../bans/bans.module';
import { BansController, ReportsController } from './moderation.controller';
import { ModerationActionEntity, ReportedPostEntity } from './moderation.entities';
import { ModerationService } from './moderation.service';
import { ReportTargets } from './report-targets';

@Module({
  imports: [
    TypeOrmModule.forFeature([ReportedPostEntity, ModerationActionEntity]),
    PostsModule,
    MessagesModule,
    UsersModule,
    BansModule,
  ],
  controllers: [ReportsController, BansController],
  providers: [ModerationService, ReportTargets],
})
export class ModerationModule {}
