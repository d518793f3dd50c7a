import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { NotificationsModule } from '../notifications/notifications.module';
import { ObjectsModule } from '../objects/objects.module';
import { UsersModule } from '../users/users.module';
import { CommentEntity, CommentLikeEntity } from './comment.entity';
import { CommentsController } from './comments.controller';
import { CommentsService } from './comments.service';
import { PostEntity } from './post.entity';
import { PostEvents } from './post-events';
import { PostsController } from './posts.controller';
import { PostsService } from './posts.service';
import { PostEditsService } from './post-edits.service';
import { Mentions } from './mentions';
import { DislikeEntity, HiddenPostEntity, LikeEntity } from './reaction.entities';
import { DislikesController, LikesController } from './reactions.controller';
import { ReactionsService } from './reactions.service';

/** Posts, the feed, likes and dislikes, comments and comment likes, hiding, edits, mentions and hashtags. */
@Module({
  imports: [
    TypeOrmModule.forFeature([
      PostEntity,
      LikeEntity,
      DislikeEntity,
      HiddenPostEntity,
      CommentEntity,
      CommentLikeEntity,
    ]),
    UsersModule,
    ObjectsModule,
    NotificationsModule,
  ],
  controllers: [PostsController, LikesController, DislikesController, CommentsController],
  providers: [PostsService, PostEditsService, ReactionsService, CommentsService, PostEvents, Mentions],
  exports: [PostsService, PostEvents, CommentsService],
})
export class PostsModule {}
