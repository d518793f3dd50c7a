import { Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager, type ObjectLiteral } from 'typeorm';
import { poolRows } from '../database/pool-rows';
import type {
  AchievementDetails,
  DrillDetails,
  FeedPost,
  FeedQuery,
  PostClub,
  PostPage,
  SessionUser,
  Weapon,
  createPostSchema,
} from '@piste/contracts';
import type { z } from 'zod';
import { ObjectsService } from '../objects/objects.service';
import type { UploadedImage } from '../objects/uploaded-image';
import { UsersService } from '../users/users.service';
import { PostEntity } from './post.entity';
import { HiddenPostEntity } from './reaction.entities';
import { NO_REACTION, toFeedPost, type ViewerReaction } from './posts.mapper';
import {
  feedPageOf,
  feedPostOf,
  feedPostsSql,
  NEWEST_FIRST,
  pageLimit,
  type FeedPostRow,
} from './feed-query';
import { notBlockedEitherWay } from '../blocks/block-visibility';
import { notMutedBy } from '../mutes/mute-visibility';
import { notHiddenBy, visibleTo } from './post-visibility';
import { PostEvents } from './post-events';
import { storeHashtags } from './hashtags';
import { Mentions } from './mentions';
import { findClub, roleIn } from '../clubs/club-access';
import { runsClub } from '../clubs/club-rows';
import { postError, PostErrorCode } from './posts.errors';
import { NamedParameters } from '../database/named-parameters';

export type CreatePost = z.output<typeof createPostSchema>;

/** A post that is gone, as the other modules' deletion steps see it. */
export interface DeletedPost {
  id: string;
  authorId: string;
  weapon: Weapon;
  content: string;
  clubId: string | null;
}
/**
 * What another module does when a post is deleted, inside the deleting transaction (so the deletion and its
 * effects commit or fail together); it may return what to announce once the transaction has committed.
 */
export type PostDeletionStep = (
  manager: EntityManager,
  post: DeletedPost,
  actorId: string,
) => Promise<AfterCommit | void>;
export type AfterCommit = () => void | Promise<void>;

/** A page of one author's or one club's posts. */
export interface PostListPage {
  limit: number;
  before?: string;
  type?: FeedPost['type'];
}

/** Posts the viewer may see: not across a block, and public or shared with them. */
const VISIBLE = [notBlockedEitherWay('p."authorId"'), visibleTo('p')];
/** Posts the viewer may see and has not hidden: the lists of posts (feed, a fencer's page, a club's). */
const NEWEST_VISIBLE = [...VISIBLE, notHiddenBy('p.id')];

/** Which cursor a feed page may start after: a post of `:weapon` the viewer may see (hidden ones count). */
const FEED_CURSOR = `c.weapon = :weapon AND ${notBlockedEitherWay('c."authorId"')} AND ${visibleTo('c')}`;

/** What a viewer has done to posts, beside their likes and dislikes. */
const NO_VIEWER_STATE: ViewerReaction = { ...NO_REACTION, isSaved: false };

@Injectable()
export class PostsService {
  private readonly logger = new Logger(PostsService.name);
  private readonly deletionSteps = new Set<PostDeletionStep>();

  /** The feed's statements, bound once per text. */
  private readonly named = new NamedParameters((sql, parameters) =>
    this.dataSource.driver.escapeQueryWithParameters(sql, parameters),
  );

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly users: UsersService,
    private readonly objects: ObjectsService,
    private readonly events: PostEvents,
    private readonly mentions: Mentions,
  ) {}

  /**
   * One feed page in one statement (feed-query.ts): the posts of a weapon the viewer may see and has not hidden
   * or muted, newest first on the (weapon, createdAt DESC, id DESC) index, with authors, clubs and the viewer's
   * flags. With `before` the page starts right after that post: a row comparison on the index's own columns, so
   * a deep page is an index range scan like the first one instead of walking and dropping `offset` rows.
   */
  async feed(viewer: SessionUser, weapon: Weapon, page: FeedQuery): Promise<FeedPost[]> {
    return this.newestPage(
      [...NEWEST_VISIBLE, notMutedBy('p'), 'p.weapon = :weapon'],
      { viewerId: viewer.id, weapon },
      FEED_CURSOR,
      page,
    );
  }

  /**
   * The feed's view of the posts with these ids that the viewer may see, in the order given (for lists another
   * module picked, such as search results), in one statement.
   */
  async visibleFeedPosts(viewer: SessionUser, postIds: string[]): Promise<FeedPost[]> {
    if (postIds.length === 0) return [];
    const posts = await this.feedPosts(
      [...VISIBLE, 'p.id IN (:...postIds)'],
      '',
      { viewerId: viewer.id, postIds },
      false,
    );
    const byId = new Map(posts.map((post) => [post.id, post]));
    return postIds.flatMap((id) => byId.get(id) ?? []);
  }

  /** A post the viewer may see (404 when unknown or across a block). */
  async getForViewer(viewer: SessionUser, postId: string): Promise<FeedPost> {
    const [post] = await this.feedPosts(
      [...VISIBLE, 'p.id = :postId'],
      '',
      { viewerId: viewer.id, postId },
      false,
    );
    if (!post) throw postError(PostErrorCode.NotFound);
    return post;
  }

  /**
   * One author's posts, newest first, under the feed's rules (blocks either way, posts the viewer hid) and its
   * keyset paging: `before` is the last post shown and must be one of this author's, else 400. The
   * (authorId, createdAt) index serves it; `type` keeps one kind of post (the competition record's achievements).
   */
  byAuthor(viewer: SessionUser, authorId: string, page: PostListPage): Promise<FeedPost[]> {
    return this.newestOf(viewer, 'authorId', authorId, page);
  }

  /** A club's posts (§4d), as byAuthor pages an author's: club-only ones for its members alone. */
  async byClub(viewer: SessionUser, slug: string, page: PostListPage): Promise<PostPage> {
    const club = await findClub(this.dataSource.manager, slug);
    const posts = await this.newestOf(viewer, 'clubId', club.id, page);
    return { posts, nextCursor: posts.length === page.limit ? posts[posts.length - 1].id : null };
  }

  private newestOf(
    viewer: SessionUser,
    column: 'authorId' | 'clubId',
    value: string,
    page: PostListPage,
  ): Promise<FeedPost[]> {
    const conditions = [...NEWEST_VISIBLE, `p."${column}" = :value`];
    const parameters: ObjectLiteral = { viewerId: viewer.id, value };
    if (page.type) {
      conditions.push('p.type = :type');
      parameters.type = page.type;
    }
    return this.newestPage(conditions, parameters, `c."${column}" = :value`, page);
  }

  /**
   * A page of posts newest first. With `before` it starts right after that post, which must meet
   * `cursorCondition` (a post `c`): a row comparison on the index's own columns, so a deep page is an index range
   * scan like the first one. The cursor's time comes from an uncorrelated subquery (one lookup by primary key);
   * an unknown or unfit cursor yields NULL, so no rows, and is told apart from the end of the list (400).
   * Without `before` it starts `offset` posts in.
   */
  private async newestPage(
    conditions: string[],
    parameters: ObjectLiteral,
    cursorCondition: string,
    { limit, before, offset }: { limit: number; before?: string; offset?: number },
  ): Promise<FeedPost[]> {
    if (!before) {
      const tail = `${NEWEST_FIRST('p')} ${pageLimit(limit, offset)}`;
      return this.feedPosts(conditions, tail, { ...parameters, offset });
    }
    const cursorParameters = { ...parameters, before };
    const cursorTime = `SELECT c."createdAt" FROM posts c WHERE c.id = CAST(:before AS uuid) AND ${cursorCondition}`;
    const posts = await this.feedPosts(
      [...conditions, `(p."createdAt", p.id) < ((${cursorTime}), CAST(:before AS uuid))`],
      `${NEWEST_FIRST('p')} ${pageLimit(limit)}`,
      cursorParameters,
    );
    if (posts.length > 0) return posts;
    const [sql, values] = this.dataSource.driver.escapeQueryWithParameters(cursorTime, cursorParameters);
    const cursor: unknown[] = await this.dataSource.query(sql, values);
    if (cursor.length === 0) throw postError(PostErrorCode.UnknownCursor);
    return posts;
  }

  /** The bare post row if the viewer may see it, locked for update when inside a transaction that asks. */
  async findVisible(
    manager: EntityManager,
    viewerId: string,
    postId: string,
    lock = false,
  ): Promise<PostEntity | null> {
    const query = manager
      .getRepository(PostEntity)
      .createQueryBuilder('p')
      .where('p.id = :postId', { postId })
      .andWhere(notBlockedEitherWay('p."authorId"'), { viewerId })
      .andWhere(visibleTo('p'));
    if (lock) query.setLock('pessimistic_write');
    return query.getOne();
  }

  /** findVisible, with a post that is missing or out of the viewer's sight answered as 404 `Post not found`. */
  async getVisible(
    manager: EntityManager,
    viewerId: string,
    postId: string,
    lock = false,
  ): Promise<PostEntity> {
    const post = await this.findVisible(manager, viewerId, postId, lock);
    if (!post) throw postError(PostErrorCode.NotFound);
    return post;
  }

  /**
   * The author, role and media are the session's: authorRole comes from the user's record, and media must be a
   * file this user uploaded for a post, whose real kind matches mediaType.
   */
  async create(author: SessionUser, payload: CreatePost): Promise<FeedPost> {
    const user = await this.users.getById(author.id);
    let image: UploadedImage | null = null;
    if (payload.mediaUrl) {
      const upload = await this.objects.assertUploadedBy(author.id, payload.mediaUrl, 'post');
      if (upload.kind !== payload.mediaType) {
        throw postError(upload.kind === 'image' ? PostErrorCode.UploadIsImage : PostErrorCode.UploadIsVideo);
      }
      image = upload.image;
    }
    if (payload.mediaPosterUrl) {
      const poster = await this.objects.assertUploadedBy(author.id, payload.mediaPosterUrl, 'post');
      if (poster.kind !== 'image') throw postError(PostErrorCode.PosterNotUploaded);
    }
    const { post, notices, club } = await this.dataSource.transaction(async (manager) => {
      const club = payload.clubId ? await this.clubOfMember(manager, payload.clubId, author.id) : null;
      const row = manager.create(PostEntity, {
        authorId: user.id,
        clubId: club?.id ?? null,
        content: payload.content,
        type: payload.type,
        weapon: payload.weapon,
        // A club post is for the club unless made public; youth fencers share with their connections unless
        // they choose otherwise.
        visibility: payload.visibility ?? (club ? 'club' : user.role === 'youth' ? 'connections' : 'public'),
        authorRole: user.role,
        mediaAlt: payload.mediaType === 'image' ? payload.mediaAlt || null : null,
        mediaUrl: payload.mediaUrl ?? null,
        mediaType: payload.mediaUrl ? (payload.mediaType ?? null) : null,
        // The feed reads an image's size and display version from the post row, with no join on its hot path.
        mediaWidth: image?.width ?? null,
        mediaHeight: image?.height ?? null,
        mediaDisplayUrl: image?.display?.path ?? null,
        mediaDisplayWidth: image?.display?.width ?? null,
        mediaDisplayHeight: image?.display?.height ?? null,
        mediaPosterUrl: payload.mediaPosterUrl ?? null,
        drillDetails: payload.type === 'drill' ? compactDetails(payload.drillDetails) : null,
        achievementDetails:
          payload.type === 'achievement' ? compactDetails(payload.achievementDetails) : null,
        likesCount: 0,
        dislikesCount: 0,
        commentsCount: 0,
        sharesCount: 0,
        savesCount: 0,
      });
      const saved = await manager.save(row);
      await this.users.adjustPostsCount(manager, user.id, 1);
      await storeHashtags(manager, saved, false);
      const notices = await this.mentions.notify(
        manager,
        { postId: saved.id, commentId: null, text: saved.content },
        author,
      );
      return { post: saved, notices, club };
    });
    const view = toFeedPost(post, user, NO_VIEWER_STATE, club);
    await this.events.postCreated(view);
    this.mentions.deliver(notices);
    return view;
  }

  /** The author or an admin deletes a post, with the other modules' deletion steps in the same transaction. */
  async delete(actor: SessionUser, postId: string): Promise<DeletedPost> {
    const { deleted, afterCommit } = await this.dataSource.transaction(async (manager) => {
      const post = await manager
        .getRepository(PostEntity)
        .createQueryBuilder('p')
        .where('p.id = :postId', { postId })
        .setLock('pessimistic_write')
        .getOne();
      if (!post) throw postError(PostErrorCode.NotFound);
      const clubRemoves = post.clubId !== null && runsClub(await roleIn(manager, post.clubId, actor.id));
      if (post.authorId !== actor.id && !actor.isAdmin && !clubRemoves) {
        throw postError(PostErrorCode.NotYourPostToDelete);
      }
      await manager.delete(PostEntity, { id: post.id });
      await this.users.adjustPostsCount(manager, post.authorId, -1);
      const deleted = {
        id: post.id,
        authorId: post.authorId,
        weapon: post.weapon,
        content: post.content,
        clubId: post.clubId,
      };
      const afterCommit: AfterCommit[] = [];
      for (const step of this.deletionSteps) {
        const after = await step(manager, deleted, actor.id);
        if (after) afterCommit.push(after);
      }
      return { deleted, afterCommit };
    });
    this.events.postDeleted(deleted.id, deleted.weapon, deleted.clubId);
    for (const announce of afterCommit) {
      try {
        await announce();
      } catch (err) {
        // Announcements are hints: the deletion and its effects are committed.
        this.logger.warn(`An announcement of deleted post ${deleted.id} failed: ${String(err)}`);
      }
    }
    return deleted;
  }

  /**
   * Adds a step to every post deletion (lets other modules take part without this one importing them);
   * returns how to remove it.
   */
  onPostDeletion(step: PostDeletionStep): () => void {
    this.deletionSteps.add(step);
    return () => this.deletionSteps.delete(step);
  }

  /** Hides a post from the viewer's feeds; hiding twice is fine. */
  async hide(viewer: SessionUser, postId: string): Promise<void> {
    await this.getVisible(this.dataSource.manager, viewer.id, postId);
    await this.dataSource
      .createQueryBuilder()
      .insert()
      .into(HiddenPostEntity)
      .values({ userId: viewer.id, postId })
      .orIgnore()
      .execute();
  }

  /** Feed items matching the conditions, newest first unless `ordered` is false (see feed-query.ts). */
  private async feedPosts(
    conditions: string[],
    tail: string,
    parameters: ObjectLiteral,
    ordered = true,
  ): Promise<FeedPost[]> {
    const sql = feedPostsSql(feedPageOf(conditions, tail), ordered ? NEWEST_FIRST('page') : '');
    const [query, values] = this.named.bind(sql, parameters);
    const rows = await poolRows<FeedPostRow>(this.dataSource, query, values);
    return rows.map(feedPostOf);
  }

  /** The club a post is sent to, which the author must be a member of. */
  private async clubOfMember(manager: EntityManager, clubId: string, userId: string): Promise<PostClub> {
    const [club] = await manager.query<PostClub[]>(
      `SELECT c."id", c."slug", c."name" FROM clubs c
         JOIN club_members m ON m."clubId" = c."id" AND m."userId" = $2
        WHERE c."id" = $1`,
      [clubId, userId],
    );
    if (!club) throw postError(PostErrorCode.NotClubMember);
    return club;
  }
}

/** Drops empty detail fields; no details at all is null. */
export function compactDetails<T extends DrillDetails | AchievementDetails>(
  details: T | null | undefined,
): T | null {
  if (!details) return null;
  const entries = Object.entries(details).filter(([, v]) => v !== null && v !== undefined && v !== '');
  return entries.length ? (Object.fromEntries(entries) as T) : null;
}
