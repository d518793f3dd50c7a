import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import type {
  AchievementDetails,
  DrillDetails,
  FeedPost,
  PostHistory,
  SessionUser,
  editPostSchema,
} from '@piste/contracts';
import type { z } from 'zod';
import { notBlockedEitherWay } from '../blocks/block-visibility';
import { postPreview } from './posts.mapper';
import { visibleTo } from './post-visibility';
import { PostEvents } from './post-events';
import { storeHashtags } from './hashtags';
import { Mentions, type PendingNotice } from './mentions';
import { PostsService, compactDetails } from './posts.service';
import { postError, PostErrorCode } from './posts.errors';

export type EditPost = z.output<typeof editPostSchema>;

/** A post's edits (§4c): the author changes it, the versions it replaces are kept and shown as its history. */
@Injectable()
export class PostEditsService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly posts: PostsService,
    private readonly events: PostEvents,
    private readonly mentions: Mentions,
  ) {}

  /**
   * The author edits a post's text, details or image description: the version it replaces is kept for its
   * history, its tags follow the new text, fencers it newly names are notified, and the notifications that quote
   * it quote the new text. Watchers see it live.
   */
  async edit(actor: SessionUser, postId: string, edit: EditPost): Promise<FeedPost> {
    const { post, notices, changed } = await this.dataSource.transaction(async (manager) => {
      const post = await this.posts.getVisible(manager, actor.id, postId, true);
      if (post.authorId !== actor.id) throw postError(PostErrorCode.NotYourPost);
      if (edit.drillDetails !== undefined && post.type !== 'drill') {
        throw postError(PostErrorCode.DrillDetailsMisplaced);
      }
      if (edit.achievementDetails !== undefined && post.type !== 'achievement') {
        throw postError(PostErrorCode.AchievementDetailsMisplaced);
      }
      if (edit.mediaAlt !== undefined && post.mediaType !== 'image') {
        throw postError(PostErrorCode.DescriptionWithoutImage);
      }
      const next = {
        content: edit.content ?? post.content,
        drillDetails: edit.drillDetails !== undefined ? compactDetails(edit.drillDetails) : post.drillDetails,
        achievementDetails:
          edit.achievementDetails !== undefined
            ? compactDetails(edit.achievementDetails)
            : post.achievementDetails,
        mediaAlt: edit.mediaAlt !== undefined ? edit.mediaAlt || null : post.mediaAlt,
      };
      const before = {
        content: post.content,
        drillDetails: post.drillDetails,
        achievementDetails: post.achievementDetails,
        mediaAlt: post.mediaAlt,
      };
      if (JSON.stringify(next) === JSON.stringify(before)) {
        return { post, notices: [] as PendingNotice[], changed: false };
      }
      await manager.query(
        `INSERT INTO post_versions ("postId", "content", "drillDetails", "achievementDetails", "mediaAlt", "writtenAt")
         VALUES ($1, $2, $3, $4, $5, $6)`,
        [
          post.id,
          post.content,
          post.drillDetails,
          post.achievementDetails,
          post.mediaAlt,
          post.editedAt ?? post.createdAt,
        ],
      );
      // An UPDATE's reply is its rows and how many it changed.
      const [[{ editedAt }]] = await manager.query<[{ editedAt: Date }[], number]>(
        `UPDATE posts SET "content" = $2, "drillDetails" = $3, "achievementDetails" = $4, "mediaAlt" = $5,
                "editedAt" = now()
          WHERE id = $1 RETURNING "editedAt"`,
        [post.id, next.content, next.drillDetails, next.achievementDetails, next.mediaAlt],
      );
      const edited = Object.assign(post, next, { editedAt });
      if (next.content !== before.content) {
        await storeHashtags(manager, edited, true);
        // The notifications that quote the post (not a comment on it) follow its text, for those who still see it.
        await manager.query(
          `UPDATE notifications n SET "postContent" = $3 FROM posts p
            WHERE n."postId" = $1 AND n."postContent" = $2 AND p.id = $1
              AND ${visibleTo('p', 'n."recipientId"')} AND ${notBlockedEitherWay('p."authorId"', 'n."recipientId"')}`,
          [post.id, postPreview(before.content), postPreview(next.content)],
        );
      }
      const notices = await this.mentions.notify(
        manager,
        { postId: post.id, commentId: null, text: next.content },
        actor,
      );
      return { post: edited, notices, changed: true };
    });
    if (changed) {
      await this.events.postUpdated(
        {
          postId: post.id,
          weapon: post.weapon,
          content: post.content,
          drillDetails: post.drillDetails,
          achievementDetails: post.achievementDetails,
          mediaAlt: post.mediaAlt,
          editedAt: post.editedAt!.toISOString(),
        },
        post,
      );
      this.mentions.deliver(notices);
    }
    return this.posts.getForViewer(actor, post.id);
  }

  /** A post's earlier versions, newest first, for whoever may see it. */
  async history(viewer: SessionUser, postId: string): Promise<PostHistory> {
    await this.posts.getVisible(this.dataSource.manager, viewer.id, postId);
    const rows = await this.dataSource.query<
      Array<{
        content: string;
        drillDetails: DrillDetails | null;
        achievementDetails: AchievementDetails | null;
        mediaAlt: string | null;
        writtenAt: Date;
      }>
    >(
      `SELECT "content", "drillDetails", "achievementDetails", "mediaAlt", "writtenAt"
         FROM post_versions WHERE "postId" = $1 ORDER BY "createdAt" DESC, "writtenAt" DESC`,
      [postId],
    );
    return { versions: rows.map((row) => ({ ...row, writtenAt: new Date(row.writtenAt).toISOString() })) };
  }
}
