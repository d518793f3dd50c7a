import { Inject, Injectable, Logger, type OnApplicationShutdown } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import {
  clubRoom,
  commentsRoom,
  feedRoom,
  postRoom,
  userRoom,
  type CommentUpdate,
  type FeedPost,
  type NotificationType,
  type PostComment,
  type PostCounts,
  type PostUpdate,
  type PostViewer,
  type PostVisibility,
  type ServerEventPayload,
  type SessionUser,
  type Weapon,
} from '@piste/contracts';
import { APP_CONFIG, type AppConfig } from '../config/config';
import { nameOf } from '../notification-texts/notification-texts';
import type { NotificationDraft } from '../notifications/notification-insert';
import { RealtimePublisher } from '../publisher/realtime.publisher';
import { CountsCoalescer } from './counts-coalescer';
import { postPreview, toPostCounts } from './posts.mapper';
import { notBlockedEitherWay, usersBlockedEitherWay } from '../blocks/block-visibility';
import { visibleTo } from './post-visibility';
import { MUTERS_OF_POST } from '../mutes/mute-visibility';

/** What decides who hears about a post: its author, weapon, visibility and club. */
export interface PostAudience {
  id: string;
  authorId: string;
  weapon: Weapon;
  visibility: PostVisibility;
  clubId?: string | null;
}

/** Where one event goes: these rooms, except those. */
interface Target {
  rooms: string[];
  except: string[];
}

/** The author and their connections: who sees a connections-only post. */
const AUTHOR_AND_CONNECTIONS = `
  SELECT $1::uuid AS id
  UNION SELECT "receiverId" FROM friend_requests WHERE "senderId" = $1 AND "status" = 'accepted'
  UNION SELECT "senderId" FROM friend_requests WHERE "receiverId" = $1 AND "status" = 'accepted'`;

/** The author and the club's members: who sees a club-only post. */
const AUTHOR_AND_CLUB = `
  SELECT $1::uuid AS id UNION SELECT "userId" FROM club_members WHERE "clubId" = $2`;

/** A post's audience and counts as they are now: what a coalesced `post:counts` sends. */
const CURRENT_COUNTS = `
  SELECT id, "authorId", weapon, visibility, "clubId", "likesCount", "dislikesCount", "commentsCount", "savesCount"
  FROM posts WHERE id = $1`;

/** The counts of posts a viewer may see, among some ids: what a screen that starts showing them needs. */
const VISIBLE_COUNTS = `
  SELECT p.id, p.weapon, p."likesCount", p."dislikesCount", p."commentsCount", p."savesCount"
  FROM posts p
  WHERE p.id = ANY($1::uuid[]) AND ${visibleTo('p', '$2')} AND ${notBlockedEitherWay('p."authorId"', '$2')}`;

/**
 * The current counts of those of `postIds` that `viewerId` may see (none across a block): a post that comes back
 * on screen missed the changes made while it was off it.
 */
export async function visibleCounts(
  manager: EntityManager,
  viewerId: string,
  postIds: string[],
): Promise<ServerEventPayload<'post:counts'>[]> {
  const rows: (Parameters<typeof toPostCounts>[0] & { weapon: Weapon })[] = await manager.query(
    VISIBLE_COUNTS,
    [postIds, viewerId],
  );
  return rows.map((row) => ({ ...toPostCounts(row), weapon: row.weapon }));
}

/** The post being acted on, as a notification describes it. */
export interface NotifiedPost {
  id: string;
  authorId: string;
  content: string;
}

/**
 * Every live event about posts, sent after the change has committed. New and deleted posts go to their
 * weapon's feed; counts and edits only to the sockets that show the post (its `post:{id}` room), and comments
 * only to those that show its comments (`comments:{id}`), so a busy feed does not cost every reader an event for
 * every like and every comment. Content, counts included, skips the users on either side of a block with its
 * author, as the feed does. A hot post's counts go out at most once a
 * `POST_COUNTS_INTERVAL_MS` (DESIGN.md §5): a screen shows the latest counts, not every step between them.
 */
@Injectable()
export class PostEvents implements OnApplicationShutdown {
  private readonly logger = new Logger(PostEvents.name);
  private readonly countsCoalescer: CountsCoalescer;

  constructor(
    private readonly publisher: RealtimePublisher,
    private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.countsCoalescer = new CountsCoalescer(config.postCountsIntervalMs);
  }

  onApplicationShutdown(): void {
    this.countsCoalescer.clear();
  }

  /**
   * A new post, to its weapon's feed and, for a club's public post, to those watching the club's page: never to
   * users across a block or who muted it (§4c).
   */
  async postCreated(post: FeedPost): Promise<void> {
    const audience = { ...post, visibility: post.visibility ?? 'public', clubId: post.club?.id ?? null };
    const rooms = [feedRoom(post.weapon), ...(post.club ? [clubRoom(post.club.id)] : [])];
    const target = await this.target(audience, rooms, [post.authorId], true);
    if (target) this.send(target, 'post:created', { post });
  }

  postDeleted(postId: string, weapon: Weapon, clubId: string | null = null): void {
    const rooms = [feedRoom(weapon), ...(clubId ? [clubRoom(clubId)] : [])];
    this.publisher.publish(rooms, 'post:deleted', { postId, weapon });
  }

  /**
   * New counts of a post, to its watchers except the users on either side of a block with its author. The first
   * change of a quiet post goes out at once; the changes of the next interval go out as one update when it ends,
   * read afresh then (with its audience), so the last update a screen gets is the post's current counts, even
   * when transactions here or on another replica committed in another order than their events were offered.
   */
  counts(counts: PostCounts, post: PostAudience): Promise<void> {
    return this.countsCoalescer.offer(
      post.id,
      () => this.sendCounts(counts, post),
      () => this.sendCurrentCounts(post.id),
    );
  }

  private async sendCounts(counts: PostCounts, post: PostAudience): Promise<void> {
    const target = await this.target(post, postRoom(post.id), [post.authorId]);
    if (target) this.publisher.publishCounts(target.rooms, target.except, { ...counts, weapon: post.weapon });
  }

  /** The post's counts as stored now, to whoever may see it now; nothing once it is gone. */
  private async sendCurrentCounts(postId: string): Promise<void> {
    let rows: (PostAudience & Parameters<typeof toPostCounts>[0])[];
    try {
      rows = await this.dataSource.query(CURRENT_COUNTS, [postId]);
    } catch (err) {
      this.logger.warn(`Skipped the counts of post ${postId}: ${String(err)}`);
      return;
    }
    if (rows[0]) await this.sendCounts(toPostCounts(rows[0]), rows[0]);
  }

  /** The reacting user's like or dislike, to their own room: their other tabs follow it. */
  viewerReacted(userId: string, viewer: PostViewer): void {
    this.publisher.publish(userRoom(userId), 'post:viewer', viewer);
  }

  /**
   * A new comment, to the sockets that show the post's comments (a card showing only the count gets it with the
   * post's counts), except to the users on either side of a block with the post's author or the comment's.
   */
  async commentCreated(comment: PostComment, post: PostAudience): Promise<void> {
    const target = await this.target(post, commentsRoom(post.id), [post.authorId, comment.authorId]);
    if (target) this.send(target, 'comment:created', { comment, weapon: post.weapon });
  }

  /** An edited post, to whoever shows it and may see it. */
  async postUpdated(update: PostUpdate, post: PostAudience): Promise<void> {
    const target = await this.target(post, postRoom(post.id), [post.authorId]);
    if (target) this.send(target, 'post:updated', update);
  }

  /** An edited comment, as a new one would go. */
  async commentUpdated(update: CommentUpdate, post: PostAudience, commentAuthorId: string): Promise<void> {
    const target = await this.target(post, commentsRoom(post.id), [post.authorId, commentAuthorId]);
    if (target) this.send(target, 'comment:updated', update);
  }

  private send<E extends 'post:created' | 'comment:created' | 'post:updated' | 'comment:updated'>(
    target: Target,
    event: E,
    payload: ServerEventPayload<E>,
  ): void {
    if (target.rooms.length > 0) this.publisher.publishExcept(target.rooms, target.except, event, payload);
  }

  /**
   * Who hears about a post: a public post's `room`, a connections-only post's author and connections, a club-only
   * post's author and club members (their own rooms: they alone may see it, so the event goes nowhere else
   * whatever rooms a socket joined); never the users on either side of a block with any of `authorIds`, nor (for
   * a new post) those who muted it. Null when a lookup failed: then the event is skipped rather than shown to
   * someone who must not see it.
   */
  private async target(
    post: PostAudience,
    room: string | string[],
    authorIds: string[],
    skipMuters = false,
  ): Promise<Target | null> {
    try {
      const manager = this.dataSource.manager;
      const [blocked, muters, audience] = await Promise.all([
        Promise.all([...new Set(authorIds)].map((id) => usersBlockedEitherWay(manager, id))),
        skipMuters ? manager.query<{ id: string }[]>(MUTERS_OF_POST, [post.authorId, post.id]) : [],
        this.audienceOf(post),
      ]);
      const except = [...new Set([...blocked.flat(), ...muters.map((m) => m.id)])].map(userRoom);
      const rooms = audience ? audience.map((user) => userRoom(user.id)) : [room].flat();
      return { rooms, except };
    } catch (err) {
      // Events are hints (clients refetch on reconnect): a failed lookup must not fail a committed request.
      this.logger.warn(`Skipped a live event about post ${post.id}: ${String(err)}`);
      return null;
    }
  }

  /** Everyone who may see a post that is not public; null for a public one. */
  private audienceOf(post: PostAudience): Promise<{ id: string }[]> | null {
    const manager = this.dataSource.manager;
    if (post.visibility === 'connections') return manager.query(AUTHOR_AND_CONNECTIONS, [post.authorId]);
    if (post.visibility === 'club')
      return manager.query(AUTHOR_AND_CLUB, [post.authorId, post.clubId ?? null]);
    return null;
  }
}

/** The notification that tells a post's author someone reacted or commented (stored with its cause). */
export function authorNotification(
  post: NotifiedPost,
  actor: SessionUser,
  type: NotificationType,
  kind: 'post_liked' | 'post_disliked' | 'post_commented',
): NotificationDraft {
  return {
    recipientId: post.authorId,
    type,
    actor,
    text: { kind, actor: nameOf(actor) },
    postId: post.id,
    postContent: postPreview(post.content),
  };
}
