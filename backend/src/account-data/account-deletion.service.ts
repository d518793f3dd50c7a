import { Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { type Weapon } from '@piste/contracts';
import { UserSessions } from '../accounts/user-sessions';
import { verifyPassword } from '../users/password';
import { otherActiveAdmins } from '../users/user-locks';
import { defineJob } from '../jobs/job-kind';
import { JobsService } from '../jobs/jobs.service';
import { MailService } from '../mail/mail.service';
import { ObjectsService } from '../objects/objects.service';
import { PostEvents } from '../posts/post-events';
import { toPostCounts } from '../posts/posts.mapper';
import { PostEntity } from '../posts/post.entity';
import { RealtimePublisher } from '../publisher/realtime.publisher';
import { UsersService } from '../users/users.service';
import { accountDeletedMail } from './account-data-mails';
import { accountDataError, AccountDataErrorCode } from './account-data.errors';
import { accountError, AccountErrorCode } from '../accounts/accounts.errors';

/** Deleting one account, right after it was asked for; retried for a while if the database is away. */
const DELETE_ACCOUNT = defineJob<{ userId: string }>('account-data.delete-account', {
  retryLimit: 10,
  retryDelaySeconds: 5,
  retryDelayMaxSeconds: 10 * 60,
  expireInSeconds: 10 * 60,
  pollSeconds: 1,
});

/** Posts whose counters the user's reactions and comments are part of (their own posts go with them). */
const TOUCHED_POSTS = `
  SELECT "postId" FROM likes WHERE "userId" = $1
  UNION SELECT "postId" FROM dislikes WHERE "userId" = $1
  UNION SELECT "postId" FROM saves WHERE "userId" = $1
  UNION SELECT "postId" FROM comments WHERE "authorId" = $1`;

/** Every counter of a post, counted again from the rows it counts. */
const RECOUNT_POSTS = `
  UPDATE posts p SET
    "likesCount" = (SELECT count(*) FROM likes l WHERE l."postId" = p."id"),
    "dislikesCount" = (SELECT count(*) FROM dislikes d WHERE d."postId" = p."id"),
    "savesCount" = (SELECT count(*) FROM saves s WHERE s."postId" = p."id"),
    "commentsCount" = (SELECT count(*) FROM comments c WHERE c."postId" = p."id")
  WHERE p."id" = ANY($1::uuid[])
  RETURNING p."id", p."authorId", p."weapon", p."visibility", p."clubId", p."likesCount", p."dislikesCount",
            p."savesCount", p."commentsCount"`;

/**
 * The reports against `$1`, emptied of them: no id, no name, no handle or picture; the reported text stays.
 * Pending ones are resolved, since what they report is gone.
 */
const REPORTS_AGAINST_LEAVER = `
  UPDATE reported_posts
     SET "targetUserId" = NULL, "postAuthorId" = NULL, "postAuthorName" = NULL,
         "targetId" = CASE WHEN "targetType" = 'user' THEN NULL ELSE "targetId" END,
         "targetSnapshot" = "targetSnapshot" - 'authorName' - 'username' - 'name' - 'avatar',
         "postDeleted" = true,
         "status" = CASE WHEN "status" = 'pending' THEN 'resolved' ELSE "status" END,
         "resolvedAt" = coalesce("resolvedAt", now())
   WHERE "targetUserId" = $1`;

/** The clubs `$1` lost their owner: in each, the member who has run it longest becomes the owner. */
const HAND_OVER_CLUBS = `
  UPDATE club_members heir SET "role" = 'owner'
   WHERE heir.id IN (SELECT (SELECT n.id FROM club_members n WHERE n."clubId" = owned.id
                             ORDER BY CASE n."role" WHEN 'admin' THEN 0 WHEN 'coach' THEN 1 ELSE 2 END,
                                      n."createdAt", n.id
                             LIMIT 1)
                       FROM unnest($1::uuid[]) AS owned(id))`;

type RecountedPost = Pick<
  PostEntity,
  | 'id'
  | 'authorId'
  | 'weapon'
  | 'visibility'
  | 'clubId'
  | 'likesCount'
  | 'dislikesCount'
  | 'savesCount'
  | 'commentsCount'
>;

/**
 * Deleting an account for good (DESIGN §4a). Asking for it (with the password) signs the user out everywhere at
 * once and stops the account signing in; a job then removes everything in one transaction: the user's row and,
 * through the schema's cascades, their posts, comments, reactions, connections, requests, blocks, conversations,
 * bans, links, uploads and exports; it counts again every counter their reactions and comments were part of,
 * removes the notifications they caused, keeps the reports they filed and the moderation audit without them,
 * and removes their files from the object store once that has committed. Other users' feeds drop their posts live.
 */
@Injectable()
export class AccountDeletionService implements OnModuleInit {
  private readonly logger = new Logger(AccountDeletionService.name);

  constructor(
    private readonly dataSource: DataSource,
    private readonly users: UsersService,
    private readonly sessions: UserSessions,
    private readonly objects: ObjectsService,
    private readonly postEvents: PostEvents,
    private readonly publisher: RealtimePublisher,
    private readonly jobs: JobsService,
    private readonly mail: MailService,
  ) {}

  async onModuleInit(): Promise<void> {
    await this.jobs.register(DELETE_ACCOUNT, ({ userId }) => this.delete(userId));
  }

  /** POST /api/account/delete: with the password, every session ends now and the deletion job is queued. */
  async request(userId: string, password: string): Promise<void> {
    const user = await this.users.findWithPassword(userId);
    if (!user || !(await verifyPassword(user.password, password))) {
      throw accountError(AccountErrorCode.WrongPassword);
    }
    const signOut = await this.dataSource.transaction(async (manager) => {
      // A community is never left without an admin.
      if (user.isAdmin && (await otherActiveAdmins(manager, userId)) === 0) {
        throw accountDataError(AccountDataErrorCode.OnlyAdmin);
      }
      return this.begin(manager, userId);
    });
    signOut();
  }

  /**
   * Starts deleting the account inside the caller's transaction (its owner's request above, or an admin's): from
   * then on it cannot sign in, its sessions are gone and the deletion job is queued. Returns how to end its sockets
   * and make every replica forget it, to call once the transaction has committed.
   */
  async begin(manager: EntityManager, userId: string): Promise<() => void> {
    await manager.query(
      `UPDATE users SET "deletionRequestedAt" = now() WHERE "id" = $1 AND "deletionRequestedAt" IS NULL`,
      [userId],
    );
    await this.jobs.enqueue(manager, DELETE_ACCOUNT, { userId });
    const endSessions = await this.sessions.endAllBut(manager, userId, null);
    return () => {
      endSessions();
      this.publisher.refreshUser(userId);
    };
  }

  /** The job. Running it again after it succeeded finds no user and does nothing. */
  private async delete(userId: string): Promise<void> {
    const outcome = await this.dataSource.transaction((manager) => this.deleteWith(manager, userId));
    if (!outcome) return;
    outcome.endSessions();
    this.publisher.refreshUser(userId);
    for (const post of outcome.posts) this.postEvents.postDeleted(post.id, post.weapon, post.clubId);
    for (const counts of outcome.recounted) {
      await this.postEvents.counts(toPostCounts(counts), counts).catch(() => undefined);
    }
    this.logger.log(
      `Deleted account ${userId}: ${outcome.posts.length} post(s), ${outcome.objectCount} object(s) to remove`,
    );
  }

  private async deleteWith(manager: EntityManager, userId: string) {
    const [user] = await manager.query<
      { username: string; email: string; language: string | null; browserLanguage: string | null }[]
    >(`SELECT "username", "email", "language", "browserLanguage" FROM users WHERE "id" = $1 FOR UPDATE`, [
      userId,
    ]);
    if (!user) return null;
    const posts = await manager.query<{ id: string; weapon: Weapon; clubId: string | null }[]>(
      `SELECT "id", "weapon", "clubId" FROM posts WHERE "authorId" = $1`,
      [userId],
    );
    const touchedPosts = (await manager.query<{ postId: string }[]>(TOUCHED_POSTS, [userId])).map(
      (row) => row.postId,
    );
    const likedComments = (
      await manager.query<{ commentId: string }[]>(
        `SELECT "commentId" FROM comment_likes WHERE "userId" = $1`,
        [userId],
      )
    ).map((row) => row.commentId);
    // A logo they uploaded for a club that still shows it stays: the club is not theirs alone.
    const uploaded = await this.objects.uploadsOf(manager, userId);
    const logos = await manager.query<{ logo: string }[]>(
      `SELECT "logo" FROM clubs WHERE "logo" = ANY($1::text[])`,
      [uploaded.filter((upload) => upload.purpose === 'club').map((upload) => `/objects/${upload.key}`)],
    );
    const kept = new Set(logos.map((row) => row.logo));
    const uploads = uploaded.filter((upload) => !kept.has(`/objects/${upload.key}`));
    const exports = await manager.query<{ objectKey: string }[]>(
      `SELECT "objectKey" FROM account_exports WHERE "userId" = $1 AND "objectKey" IS NOT NULL`,
      [userId],
    );

    // What other people were told about them, or about their posts.
    await manager.query(
      `DELETE FROM notifications
        WHERE "actorId" = $1 OR "postId" IN (SELECT "id" FROM posts WHERE "authorId" = $1)`,
      [userId],
    );
    // Reports against them (their posts, comments and messages, or themselves) stay for the moderation record
    // with the reported text, without naming them; the reported content is gone. So are the comments others
    // wrote on their posts, and the messages they received (a reported one was reported by them).
    await manager.query(REPORTS_AGAINST_LEAVER, [userId]);
    await manager.query(
      `UPDATE reported_posts
          SET "postDeleted" = true,
              "status" = CASE WHEN "status" = 'pending' THEN 'resolved' ELSE "status" END,
              "resolvedAt" = coalesce("resolvedAt", now())
        WHERE "targetType" = 'comment'
          AND "targetSnapshot" ->> 'postId' IN (SELECT "id"::text FROM posts WHERE "authorId" = $1)`,
      [userId],
    );
    await manager.query(
      `UPDATE reported_posts SET "postDeleted" = true WHERE "targetType" = 'message' AND "reporterId" = $1`,
      [userId],
    );
    const endSessions = await this.sessions.endAllBut(manager, userId, null);
    // A club they own passes to its longest-standing admin (else coach, else member); one left empty closes.
    const clubs = (
      await manager.query<{ clubId: string }[]>(`SELECT "clubId" FROM club_members WHERE "userId" = $1`, [
        userId,
      ])
    ).map((row) => row.clubId);
    const [owned] = await manager.query<[{ clubId: string }[], number]>(
      `DELETE FROM club_members WHERE "userId" = $1 AND "role" = 'owner' RETURNING "clubId"`,
      [userId],
    );
    await manager.query(HAND_OVER_CLUBS, [owned.map((row) => row.clubId)]);
    // Their answers to events leave the events' counts with them.
    await manager.query(
      `UPDATE events e SET "goingCount" = e."goingCount" - (a."status" = 'going')::int,
              "interestedCount" = e."interestedCount" - (a."status" = 'interested')::int
         FROM event_attendance a WHERE a."eventId" = e."id" AND a."userId" = $1`,
      [userId],
    );
    // The rest goes with the row: every table refers to users ON DELETE CASCADE, or SET NULL where kept.
    await manager.query(`DELETE FROM users WHERE "id" = $1`, [userId]);

    await manager.query(
      `UPDATE clubs c SET "membersCount" = (SELECT count(*) FROM club_members m WHERE m."clubId" = c.id)
        WHERE c.id = ANY($1::uuid[])`,
      [clubs],
    );
    await manager.query(`DELETE FROM clubs c WHERE c.id = ANY($1::uuid[]) AND c."membersCount" = 0`, [clubs]);
    // An UPDATE … RETURNING comes back as [rows, affected].
    const [recounted] = await manager.query<[RecountedPost[], number]>(RECOUNT_POSTS, [touchedPosts]);
    await manager.query(
      `UPDATE comments c SET "likesCount" = (SELECT count(*) FROM comment_likes l WHERE l."commentId" = c."id")
        WHERE c."id" = ANY($1::uuid[])`,
      [likedComments],
    );

    const keys = [
      ...uploads.flatMap((upload) => (upload.displayKey ? [upload.key, upload.displayKey] : [upload.key])),
      ...exports.map((row) => row.objectKey),
    ];
    await this.objects.deleteLater(manager, keys);
    await this.mail.enqueue(manager, accountDeletedMail(user));
    return { posts, recounted, endSessions, objectCount: keys.length };
  }
}
