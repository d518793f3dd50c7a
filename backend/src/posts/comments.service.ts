import { BadRequestException, ConflictException, Injectable, NotFoundException } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import type { CommentLikeReply, PostComment, SessionUser, createCommentSchema } from '@piste/contracts';
import type { z } from 'zod';
import { UsersService } from '../users/users.service';
import { CommentEntity, CommentLikeEntity } from './comment.entity';
import { PostEntity } from './post.entity';
import { toPostComment, toPostCounts } from './posts.mapper';
import { notBlockedEitherWay } from '../blocks/block-visibility';
import { NotificationsService } from '../notifications/notifications.service';
import { authorNotification, PostEvents } from './post-events';
import { PostsService } from './posts.service';

export type CreateComment = z.output<typeof createCommentSchema>;

@Injectable()
export class CommentsService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly posts: PostsService,
    private readonly users: UsersService,
    private readonly events: PostEvents,
    private readonly notifications: NotificationsService,
  ) {}

  /** A post's comments and replies, oldest first, without those by users blocked either way. One query. */
  async list(viewer: SessionUser, postId: string): Promise<PostComment[]> {
    await this.posts.getVisible(this.dataSource.manager, viewer.id, postId);
    const comments = await this.dataSource
      .getRepository(CommentEntity)
      .createQueryBuilder('c')
      .innerJoin('c.author', 'u')
      .addSelect(['u.id', 'u.name', 'u.username', 'u.avatar', 'u.title'])
      .addSelect(
        `EXISTS (SELECT 1 FROM comment_likes cl WHERE cl."commentId" = c.id AND cl."userId" = :viewerId)`,
        'isLiked',
      )
      .where('c."postId" = :postId', { postId })
      .andWhere(notBlockedEitherWay('c."authorId"'), { viewerId: viewer.id })
      .orderBy('c.createdAt', 'ASC')
      .addOrderBy('c.id', 'ASC')
      .getRawAndEntities();
    return comments.entities.map((comment, i) =>
      toPostComment(comment, comment.author!, rawBool(comments.raw[i] as Record<string, unknown>, 'isLiked')),
    );
  }

  /** Adds a comment (or a reply to a comment on the same post) and counts it in the same transaction. */
  async create(author: SessionUser, payload: CreateComment): Promise<PostComment> {
    const user = await this.users.getById(author.id);
    const { comment, post, notification } = await this.dataSource.transaction(async (manager) => {
      const post = await this.posts.getVisible(manager, author.id, payload.postId);
      if (payload.parentId) {
        const parent = await manager.findOne(CommentEntity, { where: { id: payload.parentId } });
        if (!parent || parent.postId !== post.id) {
          throw new BadRequestException('You can only reply to a comment on the same post');
        }
      }
      const comment = await manager.save(
        manager.create(CommentEntity, {
          postId: post.id,
          authorId: author.id,
          parentId: payload.parentId ?? null,
          content: payload.content,
          likesCount: 0,
        }),
      );
      const result = await manager
        .createQueryBuilder()
        .update(PostEntity)
        .set({ commentsCount: () => '"commentsCount" + 1' })
        .where('id = :id', { id: post.id })
        .returning(['likesCount', 'dislikesCount', 'commentsCount'])
        .execute();
      const counts = (result.raw as Pick<PostEntity, 'likesCount' | 'dislikesCount' | 'commentsCount'>[])[0];
      const notification = await this.notifications.record(
        manager,
        authorNotification(post, author, 'comment', 'commented on your post'),
      );
      return { comment, post: { ...post, ...counts }, notification };
    });
    const view = toPostComment(comment, user, false);
    await this.events.counts(toPostCounts(post), post);
    await this.events.commentCreated(view, post);
    this.notifications.deliver(post.authorId, notification);
    return view;
  }

  async like(user: SessionUser, commentId: string): Promise<CommentLikeReply> {
    return this.dataSource.transaction(async (manager) => {
      await this.lockVisibleComment(manager, user.id, commentId);
      if (await manager.exists(CommentLikeEntity, { where: { userId: user.id, commentId } })) {
        throw new ConflictException('Comment already liked');
      }
      await manager.insert(CommentLikeEntity, { userId: user.id, commentId });
      const likesCount = await this.applyLikes(manager, commentId, 1);
      return { commentId, likesCount, isLiked: true };
    });
  }

  async unlike(user: SessionUser, commentId: string): Promise<CommentLikeReply> {
    return this.dataSource.transaction(async (manager) => {
      await this.lockVisibleComment(manager, user.id, commentId);
      const removed = await manager.delete(CommentLikeEntity, { userId: user.id, commentId });
      if (!removed.affected) throw new NotFoundException('You have not liked this comment');
      const likesCount = await this.applyLikes(manager, commentId, -1);
      return { commentId, likesCount, isLiked: false };
    });
  }

  /** The comment, locked, if the viewer may see it and its post (404 otherwise). */
  private async lockVisibleComment(
    manager: EntityManager,
    viewerId: string,
    commentId: string,
  ): Promise<void> {
    const comment = await manager
      .getRepository(CommentEntity)
      .createQueryBuilder('c')
      .where('c.id = :commentId', { commentId })
      .andWhere(notBlockedEitherWay('c."authorId"'), { viewerId })
      .setLock('pessimistic_write')
      .getOne();
    if (!comment || !(await this.posts.findVisible(manager, viewerId, comment.postId))) {
      throw new NotFoundException('Comment not found');
    }
  }

  private async applyLikes(manager: EntityManager, commentId: string, delta: 1 | -1): Promise<number> {
    const result = await manager
      .createQueryBuilder()
      .update(CommentEntity)
      .set({ likesCount: () => `GREATEST("likesCount" + (${delta}), 0)` })
      .where('id = :commentId', { commentId })
      .returning(['likesCount'])
      .execute();
    return (result.raw as { likesCount: number }[])[0].likesCount;
  }
}

/** pg returns booleans as booleans; PGlite's wire protocol may too, but be lenient with 't'/'f'. */
function rawBool(row: Record<string, unknown>, key: string): boolean {
  const value = row[key];
  return value === true || value === 't' || value === 'true';
}
