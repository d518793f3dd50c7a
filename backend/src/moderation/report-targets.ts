import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import type { ReportTargetType } from '@piste/contracts';
import { MessagesService } from '../messages/messages.service';
import { CommentsService } from '../posts/comments.service';
import { PostsService } from '../posts/posts.service';
import type { UserEntity } from '../users/user.entity';
import { UsersService } from '../users/users.service';
import type { ReportedPostEntity } from './moderation.entities';
import { userError, UserErrorCode } from '../users/users.errors';
import { moderationError, ModerationErrorCode } from './moderation.errors';

/** What a report is about, with the snapshot it keeps: the columns a new report is stored with. */
export type ReportedItem = Pick<
  ReportedPostEntity,
  | 'targetType'
  | 'targetId'
  | 'targetUserId'
  | 'postId'
  | 'postContent'
  | 'postAuthorId'
  | 'postAuthorName'
  | 'targetSnapshot'
> & { targetId: string; targetUserId: string };

const OWN_ITEM: Record<ReportTargetType, ModerationErrorCode> = {
  post: ModerationErrorCode.OwnPost,
  comment: ModerationErrorCode.OwnComment,
  message: ModerationErrorCode.OwnMessage,
  user: ModerationErrorCode.Self,
};

export const ALREADY_REPORTED: Record<ReportTargetType, ModerationErrorCode> = {
  post: ModerationErrorCode.PostAlreadyReported,
  comment: ModerationErrorCode.CommentAlreadyReported,
  message: ModerationErrorCode.MessageAlreadyReported,
  user: ModerationErrorCode.UserAlreadyReported,
};

/** A user's display name: their name, else their username. */
function displayName(user: Pick<UserEntity, 'name' | 'username'> | null): string | null {
  return user ? (user.name ?? user.username) : null;
}

/**
 * Who may report what (DESIGN.md §4e), and what the report keeps of it:
 * - a post or a comment the reporter can see: not across a block, and within the post's visibility;
 * - a direct message the reporter received: anyone else, its sender included, learns nothing of it (404);
 * - any other fencer, even one on either side of a block with the reporter (reporting is a safety tool), admins
 *   included (as on Mastodon: an admin is answerable to the others, though a ban cannot reach them).
 * Nobody reports their own content or themselves (403).
 */
@Injectable()
export class ReportTargets {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly posts: PostsService,
    private readonly comments: CommentsService,
    private readonly messages: MessagesService,
    private readonly users: UsersService,
  ) {}

  /** The item `reporterId` reports: 404 when it is unknown or out of their sight, 403 when it is their own. */
  async find(reporterId: string, type: ReportTargetType, id: string): Promise<ReportedItem> {
    const item = await this.read(reporterId, type, id);
    if (item.targetUserId === reporterId) throw moderationError(OWN_ITEM[type]);
    return item;
  }

  private async read(reporterId: string, type: ReportTargetType, id: string): Promise<ReportedItem> {
    switch (type) {
      case 'post': {
        const post = await this.posts.getVisible(this.dataSource.manager, reporterId, id);
        return {
          targetType: 'post',
          targetId: post.id,
          targetUserId: post.authorId,
          postId: post.id,
          postContent: post.content,
          postAuthorId: post.authorId,
          postAuthorName: displayName(await this.users.findById(post.authorId)),
          targetSnapshot: {},
        };
      }
      case 'comment': {
        const comment = await this.comments.getVisible(reporterId, id);
        return {
          ...withoutPost('comment', comment.id, comment.authorId, comment.content),
          targetSnapshot: {
            postId: comment.postId,
            authorName: displayName(await this.users.findById(comment.authorId)),
          },
        };
      }
      case 'message': {
        const message = await this.messages.findForParticipant(reporterId, id);
        return {
          ...withoutPost('message', message.id, message.senderId, message.content),
          targetSnapshot: {
            authorName: displayName(await this.users.findById(message.senderId)),
            sentAt: message.createdAt.toISOString(),
          },
        };
      }
      case 'user': {
        const user = await this.users.findById(id);
        if (!user) throw userError(UserErrorCode.NotFound);
        const { username, name, avatar, title, role, weaponSpecialty } = user;
        return {
          // Their bio is the text a fencer's report keeps.
          ...withoutPost('user', user.id, user.id, user.bio ?? ''),
          targetSnapshot: { username, name, avatar, title, role, weaponSpecialty },
        };
      }
    }
  }
}

/** The columns of a report of anything but a post: the spec-era post columns stay empty but for the text. */
function withoutPost(
  targetType: Exclude<ReportTargetType, 'post'>,
  targetId: string,
  targetUserId: string,
  text: string,
): Omit<ReportedItem, 'targetSnapshot'> {
  return {
    targetType,
    targetId,
    targetUserId,
    postId: null,
    postContent: text,
    postAuthorId: null,
    postAuthorName: null,
  };
}
