import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import {
  foldTag,
  TRENDING_DAYS,
  TRENDING_TAGS,
  type DrillsQuery,
  type PostPage,
  type SaveReply,
  type SavedQuery,
  type SessionUser,
  type TagPage,
  type TagPostsQuery,
  type TrendingTags,
  type Weapon,
} from '@piste/contracts';
import { escapeLike } from '../common/like-pattern';
import { notBlockedEitherWay } from '../blocks/block-visibility';
import { notMutedBy } from '../mutes/mute-visibility';
import { PostEvents } from '../posts/post-events';
import { toPostCounts } from '../posts/posts.mapper';
import { PostsService } from '../posts/posts.service';
import { notHiddenBy, visibleTo } from '../posts/post-visibility';
import type { PostEntity } from '../posts/post.entity';
import { libraryError, LibraryErrorCode } from './library.errors';

/** What every list here shows of a post `p` to viewer `$1`: visible, not blocked either way, hidden or muted. */
const LISTED = (withMutes: boolean) =>
  `${notBlockedEitherWay('p."authorId"', '$1')} AND ${visibleTo('p', '$1')} AND ${notHiddenBy('p.id', '$1')}` +
  (withMutes ? ` AND ${notMutedBy('p', '$1')}` : '');

/**
 * Posts gathered across the feeds (§4c): the viewer's saved posts, the drill library and the tag pages, with the
 * trending tags. Each list pages by keyset on its own index and asks PostsService for the posts as the feed shows
 * them, so visibility, blocks and the viewer's reactions are the feed's.
 */
@Injectable()
export class LibraryService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly posts: PostsService,
    private readonly events: PostEvents,
  ) {}

  /** Saves a post the viewer may see; its count moves in the same transaction and goes live to its watchers. */
  async save(viewer: SessionUser, postId: string): Promise<SaveReply> {
    const post = await this.dataSource.transaction(async (manager) => {
      const post = await this.posts.getVisible(manager, viewer.id, postId, true);
      const added = await manager.query<unknown[]>(
        `INSERT INTO saves ("userId", "postId") VALUES ($1, $2) ON CONFLICT DO NOTHING RETURNING 1`,
        [viewer.id, postId],
      );
      if (added.length === 0) throw libraryError(LibraryErrorCode.AlreadySaved);
      return this.applySaves(manager, post, 1);
    });
    await this.events.counts(toPostCounts(post), post);
    return { postId, savesCount: post.savesCount, isSaved: true };
  }

  /** Takes a save back, of a post the viewer may see (a post out of sight says nothing, not even its count). */
  async unsave(viewer: SessionUser, postId: string): Promise<SaveReply> {
    const post = await this.dataSource.transaction(async (manager) => {
      const post = await this.posts.getVisible(manager, viewer.id, postId, true);
      const [, removed] = await manager.query<[unknown[], number]>(
        `DELETE FROM saves WHERE "userId" = $1 AND "postId" = $2`,
        [viewer.id, postId],
      );
      if (!removed) throw libraryError(LibraryErrorCode.NotSaved);
      return this.applySaves(manager, post, -1);
    });
    await this.events.counts(toPostCounts(post), post);
    return { postId, savesCount: post.savesCount, isSaved: false };
  }

  /** The viewer's saved posts they may still see, most recently saved first; `before` is the last post shown. */
  async saved(viewer: SessionUser, query: SavedQuery): Promise<PostPage> {
    const params: unknown[] = [viewer.id, query.limit + 1];
    let cursor = '';
    if (query.before) {
      params.push(query.before);
      cursor = `AND (s."createdAt", s.id) < (SELECT c."createdAt", c.id FROM saves c WHERE c."userId" = $1 AND c."postId" = $3)`;
      await this.assertExists(`SELECT 1 FROM saves WHERE "userId" = $1 AND "postId" = $2`, [
        viewer.id,
        query.before,
      ]);
    }
    const rows = await this.dataSource.query<{ id: string }[]>(
      `SELECT p.id FROM saves s JOIN posts p ON p.id = s."postId"
        WHERE s."userId" = $1 AND ${LISTED(false)} ${cursor}
        ORDER BY s."createdAt" DESC, s.id DESC LIMIT $2`,
      params,
    );
    return this.page(viewer, rows, query.limit);
  }

  /**
   * The drill library: drill posts by weapon, level (the whole value), focus and equipment (a part of them), all
   * folded like search, and the search's words; newest or most saved first.
   */
  async drills(viewer: SessionUser, query: DrillsQuery): Promise<PostPage> {
    const params: unknown[] = [viewer.id, query.limit + 1];
    const where = [`p."type" = 'drill'`, LISTED(true)];
    const param = (value: unknown) => {
      params.push(value);
      return `$${params.length}`;
    };
    if (query.weapon) where.push(`p."weapon" = ${param(query.weapon)}`);
    if (query.level)
      where.push(`fold_accents(p."drillDetails"->>'level') = fold_accents(${param(query.level)})`);
    for (const field of ['focus', 'equipment'] as const) {
      const value = query[field];
      if (value) {
        where.push(
          `fold_accents(p."drillDetails"->>'${field}') LIKE '%' || fold_accents(${param(escapeLike(value))}) || '%' ESCAPE '\\'`,
        );
      }
    }
    if (query.q) where.push(`p."searchVector" @@ post_search_query(${param(query.q)})`);
    const order = query.sort === 'saved' ? ['"savesCount"', '"createdAt"', 'id'] : ['"createdAt"', 'id'];
    if (query.before) {
      await this.assertExists(`SELECT 1 FROM posts WHERE id = $1 AND "type" = 'drill'`, [query.before]);
      const columns = order.map((column) => `p.${column}`).join(', ');
      const cursorColumns = order.map((column) => `c.${column}`).join(', ');
      where.push(`(${columns}) < (SELECT ${cursorColumns} FROM posts c WHERE c.id = ${param(query.before)})`);
    }
    const rows = await this.dataSource.query<{ id: string }[]>(
      `SELECT p.id FROM posts p WHERE ${where.join(' AND ')}
        ORDER BY ${order.map((column) => `p.${column} DESC`).join(', ')} LIMIT $2`,
      params,
    );
    return this.page(viewer, rows, query.limit);
  }

  /** The posts with a tag (folded), newest first, of one weapon or all. */
  async tagged(viewer: SessionUser, rawTag: string, query: TagPostsQuery): Promise<TagPage> {
    const tag = foldTag(rawTag);
    if (!tag) throw libraryError(LibraryErrorCode.BadTag);
    const params: unknown[] = [viewer.id, query.limit + 1, tag];
    const where = [`t."tag" = $3`, LISTED(true)];
    if (query.weapon) {
      params.push(query.weapon);
      where.push(`t."weapon" = $${params.length}`);
    }
    if (query.before) {
      await this.assertExists(`SELECT 1 FROM post_tags WHERE "postId" = $1 AND "tag" = $2`, [
        query.before,
        tag,
      ]);
      params.push(query.before);
      where.push(
        `(t."createdAt", t."postId") < (SELECT c."createdAt", c."postId" FROM post_tags c WHERE c."postId" = $${params.length} AND c."tag" = $3)`,
      );
    }
    const rows = await this.dataSource.query<{ id: string }[]>(
      `SELECT p.id FROM post_tags t JOIN posts p ON p.id = t."postId"
        WHERE ${where.join(' AND ')}
        ORDER BY t."createdAt" DESC, t."postId" DESC LIMIT $2`,
      params,
    );
    return { tag, ...(await this.page(viewer, rows, query.limit)) };
  }

  /**
   * The most used tags of the last 7 days, counted over public posts only (a connections-only post's tags tell
   * no one else anything), without posts of users blocked either way.
   */
  async trending(viewer: SessionUser, weapon?: Weapon): Promise<TrendingTags> {
    const rows = await this.dataSource.query<Array<{ tag: string; postsCount: number }>>(
      `SELECT t."tag", count(*)::int AS "postsCount"
         FROM post_tags t JOIN posts p ON p.id = t."postId"
        WHERE t."createdAt" > now() - make_interval(days => ${TRENDING_DAYS})
          AND ($2::varchar IS NULL OR t."weapon" = $2::varchar)
          AND p."visibility" = 'public' AND ${notBlockedEitherWay('p."authorId"', '$1')}
        GROUP BY t."tag"
        ORDER BY count(*) DESC, t."tag"
        LIMIT ${TRENDING_TAGS}`,
      [viewer.id, weapon ?? null],
    );
    return { tags: rows };
  }

  private async applySaves(
    manager: DataSource['manager'],
    post: PostEntity,
    delta: 1 | -1,
  ): Promise<PostEntity> {
    const [[counts]] = await manager.query<[Array<Pick<PostEntity, 'savesCount'>>, number]>(
      `UPDATE posts SET "savesCount" = GREATEST("savesCount" + (${delta}), 0) WHERE id = $1 RETURNING "savesCount"`,
      [post.id],
    );
    return { ...post, savesCount: counts.savesCount };
  }

  private async assertExists(sql: string, params: unknown[]): Promise<void> {
    const rows = await this.dataSource.query<unknown[]>(sql, params);
    if (rows.length === 0) throw libraryError(LibraryErrorCode.UnknownCursor);
  }

  /** The page's posts as the feed shows them, and the cursor of the next page (one row beyond was asked for). */
  private async page(viewer: SessionUser, rows: { id: string }[], limit: number): Promise<PostPage> {
    const ids = rows.slice(0, limit).map((row) => row.id);
    const posts = await this.posts.visibleFeedPosts(viewer, ids);
    return { posts, nextCursor: rows.length > limit ? ids[ids.length - 1] : null };
  }
}
