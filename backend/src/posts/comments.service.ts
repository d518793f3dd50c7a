import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import type {
  CommentHistory,
  CommentLikeReply,
  PostComment,
  SessionUser,
  createCommentSchema,
  editCommentSchema,
} from '@piste/contracts';
import type { z } from 'zod';
import { CommentEntity, CommentLikeEntity } from './comment.entity';
import { toPostComment, toPostCounts, type PostAuthor } from './posts.mapper';
import { notBlockedEitherWay } from '../blocks/block-visibility';
import { NotificationsService } from '../notifications/notifications.service';
import { authorNotification, PostEvents } from './post-events';
import { PostsService } from './posts.service';
import { Mentions } from './mentions';
import { postError, PostErrorCode } from './posts.errors';

export type CreateComment = z.output<typeof createCommentSchema>;
export type EditComment = z.output<typeof editCommentSchema>;

/** A comment's columns, as CommentEntity names them. */
const COMMENT_FIELDS = [
  'id',
  'createdAt',
  'postId',
  'authorId',
  'content',
  'parentId',
  'likesCount',
  'editedAt',
] as const satisfies readonly (keyof CommentEntity)[];
const COMMENT_COLUMNS = COMMENT_FIELDS.map((column) => `"${column}"`).join(', ');

/** The writer's fields a comment shows, read in the statement that stores it. */
const WRITER_COLUMNS = `w."name" AS "writerName", w."username" AS "writerUsername", w."avatar" AS "writerAvatar",
  w."title" AS "writerTitle", w."ratingLabel" AS "writerRatingLabel"`;

/** A new comment's row, with its post's counts after it and its writer's fields. */
type StoredComment = Pick<CommentEntity, (typeof COMMENT_FIELDS)[number]> & {
  postLikes: number;
  postDislikes: number;
  postComments: number;
  writerName: PostAuthor['name'];
  writerUsername: PostAuthor['username'];
  writerAvatar: PostAuthor['avatar'];
  writerTitle: PostAuthor['title'];
  writerRatingLabel: PostAuthor['ratingLabel'];
};

@Injectable()
export class CommentsService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly posts: PostsService,
    private readonly events: PostEvents,
    private readonly notifications: NotificationsService,
    private readonly mentions: Mentions,
  ) {}

  /** A post's comments and replies, oldest first, without those by users blocked either way. One query. */
  async list(viewer: SessionUser, postId: string): Promise<PostComment[]> {
    await this.posts.getVisible(this.dataSource.manager, viewer.id, postId);
    const comments = await this.dataSource
      .getRepository(CommentEntity)
      .createQueryBuilder('c')
      .innerJoin('c.author', 'u')
      .addSelect(['u.id', 'u.name', 'u.username', 'u.avatar', 'u.title', 'u.ratingLabel'])
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

  /**
   * Adds a comment (or a reply to a comment on the same post) and counts it in the same transaction: the comment,
   * the post's counter, the writer's name and badge and the post author's notification are one statement, so the
   * transaction holds its connection for as few round trips as it can (a busy replica takes a while to send each).
   */
  async create(author: SessionUser, payload: CreateComment): Promise<PostComment> {
    const { view, post, notification, notices } = await this.dataSource.transaction(async (manager) => {
      const post = await this.posts.getVisible(manager, author.id, payload.postId);
      if (payload.parentId) {
        const parent = await manager.findOne(CommentEntity, { where: { id: payload.parentId } });
        if (!parent || parent.postId !== post.id) {
          throw postError(PostErrorCode.ReplyElsewhere);
        }
      }
      const { row: stored, notification } = await this.notifications.recordWith<StoredComment>(
        manager,
        authorNotification(post, author, 'comment', 'post_commented'),
        {
          with: `stored AS (
             INSERT INTO comments ("postId", "authorId", "parentId", "content", "likesCount")
             VALUES ($1, $2, $3, $4, 0)
             RETURNING ${COMMENT_COLUMNS}
           ), counted AS (
             UPDATE posts SET "commentsCount" = "commentsCount" + 1 WHERE "id" = $1
             RETURNING "likesCount", "dislikesCount", "commentsCount"
           )`,
          select: `SELECT stored.*, counted."likesCount" AS "postLikes", counted."dislikesCount" AS "postDislikes",
                          counted."commentsCount" AS "postComments", ${WRITER_COLUMNS}
                     FROM stored, counted, users w WHERE w."id" = $2`,
          params: [post.id, author.id, payload.parentId ?? null, payload.content],
          when: 'EXISTS (SELECT 1 FROM counted)',
        },
      );
      // No row: the post went since it was read (the insert is rolled back with the transaction).
      if (!stored) throw postError(PostErrorCode.NotFound);
      const {
        postLikes,
        postDislikes,
        postComments,
        writerName,
        writerUsername,
        writerAvatar,
        writerTitle,
        writerRatingLabel,
        ...columns
      } = stored;
      const comment = Object.assign(new CommentEntity(), columns);
      const writer = {
        id: author.id,
        name: writerName,
        username: writerUsername,
        avatar: writerAvatar,
        title: writerTitle,
        ratingLabel: writerRatingLabel,
      };
      const counts = { likesCount: postLikes, dislikesCount: postDislikes, commentsCount: postComments };
      const notices = await this.mentions.notify(
        manager,
        { postId: post.id, commentId: comment.id, text: comment.content },
        author,
      );
      return {
        view: toPostComment(comment, writer, false),
        post: { ...post, ...counts },
        notification,
        notices,
      };
    });
    await this.events.counts(toPostCounts(post), post);
    await this.events.commentCreated(view, post);
    this.notifications.deliver(post.authorId, notification);
    this.mentions.deliver(notices);
    return view;
  }

  /** The author edits a comment: the old text is kept for its history, newly named fencers are notified. */
  async edit(actor: SessionUser, commentId: string, edit: EditComment): Promise<PostComment> {
    const { comment, post, notices, changed } = await this.dataSource.transaction(async (manager) => {
      const comment = await this.lockVisibleComment(manager, actor.id, commentId);
      if (comment.authorId !== actor.id) {
        throw postError(PostErrorCode.NotYourComment);
      }
      const post = await this.posts.getVisible(manager, actor.id, comment.postId);
      if (comment.content === edit.content) return { comment, post, notices: [], changed: false };
      await manager.query(
        `INSERT INTO comment_versions ("commentId", "content", "writtenAt") VALUES ($1, $2, $3)`,
        [comment.id, comment.content, comment.editedAt ?? comment.createdAt],
      );
      // An UPDATE's reply is its rows and how many it changed.
      const [[{ editedAt }]] = await manager.query<[{ editedAt: Date }[], number]>(
        `UPDATE comments SET "content" = $2, "editedAt" = now() WHERE id = $1 RETURNING "editedAt"`,
        [comment.id, edit.content],
      );
      const notices = await this.mentions.notify(
        manager,
        { postId: post.id, commentId: comment.id, text: edit.content },
        actor,
      );
      return {
        comment: Object.assign(comment, { content: edit.content, editedAt }),
        post,
        notices,
        changed: true,
      };
    });
    if (changed) {
      await this.events.commentUpdated(
        {
          commentId: comment.id,
          postId: post.id,
          weapon: post.weapon,
          content: comment.content,
          editedAt: comment.editedAt!.toISOString(),
        },
        post,
        comment.authorId,
      );
      this.mentions.deliver(notices);
    }
    const [view] = (await this.list(actor, post.id)).filter((c) => c.id === comment.id);
    return view;
  }

  /** A comment's earlier texts, newest first, for whoever sees it. */
  async history(viewer: SessionUser, commentId: string): Promise<CommentHistory> {
    const comment = await this.lockVisibleComment(this.dataSource.manager, viewer.id, commentId, false);
    const rows = await this.dataSource.query<Array<{ content: string; writtenAt: Date }>>(
      `SELECT "content", "writtenAt" FROM comment_versions WHERE "commentId" = $1
        ORDER BY "createdAt" DESC, "writtenAt" DESC`,
      [comment.id],
    );
    return {
      versions: rows.map((row) => ({
        content: row.content,
        writtenAt: new Date(row.writtenAt).toISOString(),
      })),
    };
  }

  async like(user: SessionUser, commentId: string): Promise<CommentLikeReply> {
    return this.dataSource.transaction(async (manager) => {
      await this.lockVisibleComment(manager, user.id, commentId);
      if (await manager.exists(CommentLikeEntity, { where: { userId: user.id, commentId } })) {
        throw postError(PostErrorCode.CommentAlreadyLiked);
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
      if (!removed.affected) throw postError(PostErrorCode.CommentNotLiked);
      const likesCount = await this.applyLikes(manager, commentId, -1);
      return { commentId, likesCount, isLiked: false };
    });
  }

  /** The comment if the viewer may see it and its post (404 `Comment not found` otherwise). */
  getVisible(viewerId: string, commentId: string): Promise<CommentEntity> {
    return this.lockVisibleComment(this.dataSource.manager, viewerId, commentId, false);
  }

  /** The comment, locked unless asked not to, if the viewer may see it and its post (404 otherwise). */
  private async lockVisibleComment(
    manager: EntityManager,
    viewerId: string,
    commentId: string,
    lock = true,
  ): Promise<CommentEntity> {
    const query = manager
      .getRepository(CommentEntity)
      .createQueryBuilder('c')
      .where('c.id = :commentId', { commentId })
      .andWhere(notBlockedEitherWay('c."authorId"'), { viewerId });
    if (lock) query.setLock('pessimistic_write');
    const comment = await query.getOne();
    if (!comment || !(await this.posts.findVisible(manager, viewerId, comment.postId))) {
      throw postError(PostErrorCode.CommentNotFound);
    }
    return comment;
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
