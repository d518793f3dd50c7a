import { Injectable, Logger } from '@nestjs/common';
import { DataSource } from 'typeorm';
import {
  feedRoom,
  postRoom,
  userRoom,
  type FeedPost,
  type NotificationType,
  type PostComment,
  type PostCounts,
  type PostViewer,
  type SessionUser,
  type Weapon,
} from '@piste/contracts';
import type { NotificationDraft } from '../notifications/notification-insert';
import { RealtimePublisher } from '../publisher/realtime.publisher';
import { postPreview } from './posts.mapper';
import { usersBlockedEitherWay } from '../blocks/block-visibility';

/** The post being acted on, as a notification describes it. */
export interface NotifiedPost {
  id: string;
  authorId: string;
  content: string;
}

/**
 * Every live event about posts, sent after the change has committed. New and deleted posts go to their
 * weapon's feed; counts and comments only to the sockets that show the post (its `post:{id}` room), so a busy
 * feed does not cost every reader an event for every like. Content, counts included, skips the users on either
 * side of a block with its author, as the feed does.
 */
@Injectable()
export class PostEvents {
  private readonly logger = new Logger(PostEvents.name);

  constructor(
    private readonly publisher: RealtimePublisher,
    private readonly dataSource: DataSource,
  ) {}

  async postCreated(post: FeedPost): Promise<void> {
    const except = await this.blockedRooms(post.authorId);
    if (!except) return;
    this.publisher.publishExcept(feedRoom(post.weapon), except, 'post:created', { post });
  }

  postDeleted(postId: string, weapon: Weapon): void {
    this.publisher.publish(feedRoom(weapon), 'post:deleted', { postId, weapon });
  }

  /** New counts of a post, to its watchers except the users on either side of a block with its author. */
  async counts(counts: PostCounts, post: { authorId: string; weapon: Weapon }): Promise<void> {
    const except = await this.blockedRooms(post.authorId);
    if (!except) return;
    this.publisher.publishExcept(postRoom(counts.postId), except, 'post:counts', {
      ...counts,
      weapon: post.weapon,
    });
  }

  /** The reacting user's like or dislike, to their own room: their other tabs follow it. */
  viewerReacted(userId: string, viewer: PostViewer): void {
    this.publisher.publish(userRoom(userId), 'post:viewer', viewer);
  }

  /** A new comment, except to the users on either side of a block with the post's author or the comment's. */
  async commentCreated(comment: PostComment, post: { authorId: string; weapon: Weapon }): Promise<void> {
    const except = await this.blockedRooms(post.authorId, comment.authorId);
    if (!except) return;
    this.publisher.publishExcept(postRoom(comment.postId), except, 'comment:created', {
      comment,
      weapon: post.weapon,
    });
  }

  /** Null when the lookup failed: then the event is skipped rather than shown to someone who blocked the author. */
  private async blockedRooms(...authorIds: string[]): Promise<string[] | null> {
    try {
      const lists = await Promise.all(
        [...new Set(authorIds)].map((id) => usersBlockedEitherWay(this.dataSource.manager, id)),
      );
      return [...new Set(lists.flat())].map(userRoom);
    } catch (err) {
      // Events are hints (clients refetch on reconnect): a failed lookup must not fail a committed request.
      this.logger.warn(
        `Skipped a live event: could not list the blocks of ${authorIds.join(', ')}: ${String(err)}`,
      );
      return null;
    }
  }
}

/** The notification that tells a post's author someone reacted or commented (stored with its cause). */
export function authorNotification(
  post: NotifiedPost,
  actor: SessionUser,
  type: NotificationType,
  action: string,
): NotificationDraft {
  return {
    recipientId: post.authorId,
    type,
    actor,
    message: `${actor.name || actor.username} ${action}`,
    postId: post.id,
    postContent: postPreview(post.content),
  };
}
