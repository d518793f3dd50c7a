import { Injectable, Logger } from '@nestjs/common';
import { DataSource } from 'typeorm';
import {
  feedRoom,
  userRoom,
  type FeedPost,
  type NotificationType,
  type PostComment,
  type PostCounts,
  type SessionUser,
  type Weapon,
} from '@piste/contracts';
import { RealtimePublisher } from '../realtime/realtime.publisher';
import { postPreview } from './posts.mapper';
import { usersBlockedEitherWay } from './post-visibility';

/** The post being acted on, as a notification describes it. */
export interface NotifiedPost {
  id: string;
  authorId: string;
  content: string;
}

/**
 * Every live event about posts, sent after the change has committed. Content (new posts, new comments) skips
 * the users on either side of a block with its author, as the feed does.
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

  counts(counts: PostCounts, weapon: Weapon): void {
    this.publisher.publish(feedRoom(weapon), 'post:counts', { ...counts, weapon });
  }

  async commentCreated(comment: PostComment, weapon: Weapon): Promise<void> {
    const except = await this.blockedRooms(comment.authorId);
    if (!except) return;
    this.publisher.publishExcept(feedRoom(weapon), except, 'comment:created', { comment, weapon });
  }

  /** Tells the post's author that someone else reacted or commented; nothing when they acted on their own post. */
  notifyAuthor(post: NotifiedPost, actor: SessionUser, type: NotificationType, action: string): void {
    if (post.authorId === actor.id) return;
    this.publisher.publish(userRoom(post.authorId), 'notification', {
      type,
      user: { id: actor.id, name: actor.name, avatar: actor.avatar },
      message: `${actor.name ?? actor.username} ${action}`,
      postId: post.id,
      postContent: postPreview(post.content),
    });
  }

  /** Null when the lookup failed: then the event is skipped rather than shown to someone who blocked the author. */
  private async blockedRooms(authorId: string): Promise<string[] | null> {
    try {
      return (await usersBlockedEitherWay(this.dataSource.manager, authorId)).map(userRoom);
    } catch (err) {
      // Events are hints (clients refetch on reconnect): a failed lookup must not fail a committed request.
      this.logger.warn(`Skipped a live event: could not list the blocks of ${authorId}: ${String(err)}`);
      return null;
    }
  }
}
