import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import type { ReactionReply, ServerNotification, SessionUser } from '@piste/contracts';
import type { NotificationDraft } from '../notifications/notification-insert';
import { NotificationsService } from '../notifications/notifications.service';
import { PostEntity } from './post.entity';
import { DislikeEntity, LikeEntity } from './reaction.entities';
import { toPostCounts } from './posts.mapper';
import { authorNotification, PostEvents } from './post-events';
import { PostsService } from './posts.service';
import { postError, PostErrorCode } from './posts.errors';

export type Reaction = 'like' | 'dislike';

const TABLES = { like: LikeEntity, dislike: DislikeEntity } as const;
const COUNTERS = { like: 'likesCount', dislike: 'dislikesCount' } as const;
const OPPOSITE: Record<Reaction, Reaction> = { like: 'dislike', dislike: 'like' };

/**
 * Likes and dislikes: mutually exclusive, each change one transaction that locks the post row, so concurrent
 * reactions serialise and the counters stay exact (and never below 0).
 */
@Injectable()
export class ReactionsService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly posts: PostsService,
    private readonly events: PostEvents,
    private readonly notifications: NotificationsService,
  ) {}

  /** Likes (or dislikes) a post, clearing the opposite reaction; a repeat is a 409. */
  async add(user: SessionUser, postId: string, reaction: Reaction): Promise<ReactionReply> {
    const { post, reply, notification } = await this.dataSource.transaction(async (manager) => {
      const locked = await this.posts.getVisible(manager, user.id, postId, true);
      const notice =
        locked.authorId === user.id
          ? null
          : authorNotification(
              locked,
              user,
              reaction === 'like' ? 'like' : 'other',
              reaction === 'like' ? 'post_liked' : 'post_disliked',
            );
      const reacted = await this.react(manager, user.id, postId, reaction, notice);
      if (!reacted) {
        throw postError(reaction === 'like' ? PostErrorCode.AlreadyLiked : PostErrorCode.AlreadyDisliked);
      }
      const { notification, ...counts } = reacted;
      return {
        post: locked,
        notification,
        reply: { postId, ...counts, isLiked: reaction === 'like', isDisliked: reaction === 'dislike' },
      };
    });
    await this.events.counts(toPostCounts({ id: postId, ...reply, commentsCount: post.commentsCount }), post);
    this.events.viewerReacted(user.id, reply);
    this.notifications.deliver(post.authorId, notification);
    return reply;
  }

  /** Takes a like (or dislike) back; 404 when there was none. */
  async remove(user: SessionUser, postId: string, reaction: Reaction): Promise<ReactionReply> {
    const { post, reply } = await this.dataSource.transaction(async (manager) => {
      const locked = await this.posts.getVisible(manager, user.id, postId, true);
      const removed = await manager.delete(TABLES[reaction], { userId: user.id, postId });
      if (!removed.affected) {
        throw postError(reaction === 'like' ? PostErrorCode.NotLiked : PostErrorCode.NotDisliked);
      }
      const counts = await this.applyCounts(manager, postId, { [COUNTERS[reaction]]: -1 });
      // The two reactions exclude each other, so none is left.
      return { post: locked, reply: { postId, ...counts, isLiked: false, isDisliked: false } };
    });
    await this.events.counts(toPostCounts({ id: postId, ...reply, commentsCount: post.commentsCount }), post);
    this.events.viewerReacted(user.id, reply);
    return reply;
  }

  /**
   * Stores the reaction, clears the opposite one, moves both counters and stores the author's notification
   * (when given), in one statement; null (nothing changed) when the user had already reacted this way.
   */
  private async react(
    manager: EntityManager,
    userId: string,
    postId: string,
    reaction: Reaction,
    notice: NotificationDraft | null,
  ): Promise<{ likesCount: number; dislikesCount: number; notification: ServerNotification | null } | null> {
    const table = manager.getRepository(TABLES[reaction]).metadata.tableName;
    const oppositeTable = manager.getRepository(TABLES[OPPOSITE[reaction]]).metadata.tableName;
    const counter = COUNTERS[reaction];
    const oppositeCounter = COUNTERS[OPPOSITE[reaction]];
    const { row, notification } = await this.notifications.recordWith<{
      likesCount: number;
      dislikesCount: number;
    }>(manager, notice, {
      with: `added AS (
         INSERT INTO ${table} ("userId", "postId") VALUES ($1, $2)
         ON CONFLICT ("userId", "postId") DO NOTHING RETURNING 1
       ), cleared AS (
         DELETE FROM ${oppositeTable} WHERE "userId" = $1 AND "postId" = $2 AND EXISTS (SELECT 1 FROM added)
         RETURNING 1
       ), counted AS (
         UPDATE posts
            SET "${counter}" = "${counter}" + 1,
                "${oppositeCounter}" = GREATEST("${oppositeCounter}" - (SELECT count(*) FROM cleared), 0)
          WHERE "id" = $2 AND EXISTS (SELECT 1 FROM added)
          RETURNING "likesCount", "dislikesCount"
       )`,
      select: `SELECT "likesCount", "dislikesCount" FROM counted`,
      params: [userId, postId],
      when: 'EXISTS (SELECT 1 FROM added)',
    });
    if (!row) return null;
    return { likesCount: row.likesCount, dislikesCount: row.dislikesCount, notification };
  }

  private async applyCounts(
    manager: EntityManager,
    postId: string,
    deltas: Partial<Record<'likesCount' | 'dislikesCount', number>>,
  ): Promise<{ likesCount: number; dislikesCount: number }> {
    const set: Record<string, () => string> = {};
    for (const [column, delta] of Object.entries(deltas)) {
      if (delta) set[column] = () => `GREATEST("${column}" + (${Math.trunc(delta)}), 0)`;
    }
    const result = await manager
      .createQueryBuilder()
      .update(PostEntity)
      .set(set)
      .where('id = :postId', { postId })
      .returning(['likesCount', 'dislikesCount'])
      .execute();
    const row = (result.raw as { likesCount: number; dislikesCount: number }[])[0];
    return { likesCount: row.likesCount, dislikesCount: row.dislikesCount };
  }
}
