import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import {
  ADMIN_USER_AUDIT_SHOWN,
  ADMIN_USER_REPORTS_SHOWN,
  userRoom,
  type AdminUserPage,
  type AdminUsersPage,
  type AdminUsersQuery,
  type SessionUser,
} from '@piste/contracts';
import { AccountDeletionService } from '../account-data/account-deletion.service';
import { UserSessions } from '../accounts/user-sessions';
import { BansService } from '../bans/bans.service';
import { Clock } from '../common/clock';
import { escapeLike } from '../common/like-pattern';
import { RealtimePublisher } from '../publisher/realtime.publisher';
import { otherActiveAdmins } from '../users/user-locks';
import { AdminAuditService } from './admin-audit.service';
import {
  toAdminBan,
  toAdminUser,
  toAdminUserPage,
  toReportAgainst,
  type AdminBanRow,
  type AdminUserDetailRow,
  type AdminUserRow,
  type ReportAgainstRow,
} from './admin-users.mapper';
import { adminError, AdminErrorCode } from './admin-users.errors';
import { userError, UserErrorCode } from '../users/users.errors';

/** The end of the account's ban that ends last, while one lasts ($1: now). */
const BANNED_UNTIL = `(SELECT max(b."bannedUntil") FROM bans b
   WHERE b."userId" = u."id" AND b."bannedUntil" > $1 AND b."liftedAt" IS NULL)`;

/** The columns of account `u` the list shows; `$1` is now. */
const ADMIN_USER_COLUMNS = `u."id", u."username", u."name", u."avatar", u."email", u."createdAt", u."lastActiveAt",
  u."isAdmin", u."suspendedAt", u."deletionRequestedAt", ${BANNED_UNTIL} AS "bannedUntil",
  (SELECT count(*)::int FROM reported_posts r WHERE r."targetUserId" = u."id") AS "reportsAgainst"`;

/** Only the accounts of one status (`$1` is now). */
const STATUS_FILTERS: Record<Exclude<AdminUsersQuery['status'], 'all'>, string> = {
  admin: `u."isAdmin"`,
  banned: `EXISTS (SELECT 1 FROM bans b WHERE b."userId" = u."id" AND b."bannedUntil" > $1 AND b."liftedAt" IS NULL)`,
  suspended: `u."suspendedAt" IS NOT NULL`,
  deleted: `u."deletionRequestedAt" IS NOT NULL`,
};

/** What an action needs to know of the account it acts on, read with its row locked. */
interface TargetRow {
  id: string;
  isAdmin: boolean;
  suspendedAt: Date | null;
  deletionRequestedAt: Date | null;
}

/**
 * Account administration (DESIGN.md §4e): the admin list and an account's page, and what admins do to accounts —
 * suspend and unsuspend, lift a ban, delete, grant and revoke admin rights. Each action changes the account, writes
 * its audit entry and ends what it must in one transaction; sockets and every replica's cached user follow once it
 * has committed.
 */
@Injectable()
export class AdminUsersService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly audit: AdminAuditService,
    private readonly sessions: UserSessions,
    private readonly deletion: AccountDeletionService,
    private readonly bans: BansService,
    private readonly publisher: RealtimePublisher,
    private readonly clock: Clock,
  ) {}

  /** GET /api/admin/users: newest accounts first, by username, name or email and by status. */
  async list(query: AdminUsersQuery): Promise<AdminUsersPage> {
    const params: unknown[] = [this.clock.now(), query.limit + 1];
    const param = (value: unknown) => {
      params.push(value);
      return `$${params.length}`;
    };
    const where: string[] = [];
    if (query.q) {
      const pattern = `'%' || lower(${param(escapeLike(query.q))}) || '%'`;
      where.push(
        `(lower(u."username") LIKE ${pattern} ESCAPE '\\' OR lower(u."name") LIKE ${pattern} ESCAPE '\\'
          OR lower(u."email") LIKE ${pattern} ESCAPE '\\')`,
      );
    }
    if (query.status !== 'all') where.push(STATUS_FILTERS[query.status]);
    if (query.before) {
      const [cursor] = await this.dataSource.query<unknown[]>(`SELECT 1 FROM users WHERE "id" = $1`, [
        query.before,
      ]);
      if (!cursor) throw adminError(AdminErrorCode.UnknownCursor);
      where.push(
        `(u."createdAt", u."id") < (SELECT "createdAt", "id" FROM users WHERE "id" = ${param(query.before)})`,
      );
    }
    const rows = await this.dataSource.query<AdminUserRow[]>(
      `SELECT ${ADMIN_USER_COLUMNS} FROM users u ${where.length ? `WHERE ${where.join(' AND ')}` : ''}
        ORDER BY u."createdAt" DESC, u."id" DESC LIMIT $2`,
      params,
    );
    const users = rows.slice(0, query.limit).map(toAdminUser);
    return { users, nextCursor: rows.length > query.limit ? users[users.length - 1].id : null };
  }

  /**
   * GET /api/admin/users/{id}: the account, its counts, the reports against it, its bans and its audit; through
   * `manager` inside a transaction.
   */
  async page(userId: string, manager: EntityManager = this.dataSource.manager): Promise<AdminUserPage> {
    const now = this.clock.now();
    const [row] = await manager.query<AdminUserDetailRow[]>(
      `SELECT ${ADMIN_USER_COLUMNS}, u."title", u."role", u."emailVerifiedAt", u."suspendedReason",
              (SELECT count(*)::int FROM posts p WHERE p."authorId" = u."id") AS "posts",
              (SELECT count(*)::int FROM comments c WHERE c."authorId" = u."id") AS "comments",
              (SELECT count(*)::int FROM friend_requests f
                WHERE f."status" = 'accepted' AND u."id" IN (f."senderId", f."receiverId")) AS "connections",
              (SELECT count(*)::int FROM club_members m WHERE m."userId" = u."id") AS "clubs"
         FROM users u WHERE u."id" = $2`,
      [now, userId],
    );
    if (!row) throw userError(UserErrorCode.NotFound);
    // One after another: inside a transaction they share one connection.
    const reports = await manager.query<ReportAgainstRow[]>(
      `SELECT r."id", r."targetType", r."postId", r."category", r."reason", r."description", r."status",
              r."createdAt", r."resolvedAt", r."postContent" AS "content", r."postDeleted" AS "deleted"
         FROM reported_posts r WHERE r."targetUserId" = $1
        ORDER BY r."createdAt" DESC, r."id" DESC LIMIT $2`,
      [userId, ADMIN_USER_REPORTS_SHOWN],
    );
    const bans = await manager.query<AdminBanRow[]>(
      `SELECT b."id", b."reason", b."bannedUntil", b."createdAt", b."liftedAt",
              bu."id" AS "bannedById", bu."username" AS "bannedByUsername", bu."name" AS "bannedByName",
              lu."id" AS "liftedById", lu."username" AS "liftedByUsername", lu."name" AS "liftedByName"
         FROM bans b
         LEFT JOIN users bu ON bu."id" = b."bannedBy"
         LEFT JOIN users lu ON lu."id" = b."liftedBy"
        WHERE b."userId" = $1 ORDER BY b."createdAt" DESC, b."id" DESC`,
      [userId],
    );
    const audit = await this.audit.latestFor(userId, ADMIN_USER_AUDIT_SHOWN, manager);
    return toAdminUserPage(row, {
      reports: reports.map(toReportAgainst),
      bans: bans.map((ban) => toAdminBan(ban, now)),
      audit,
    });
  }

  /**
   * POST /api/admin/users/{id}/suspend: the account can no longer sign in, and every session and socket of it
   * ends now, on every replica. Admins are not suspended (revoke their rights first).
   */
  async suspend(admin: SessionUser, userId: string, reason: string): Promise<AdminUserPage> {
    const endSessions = await this.dataSource.transaction(async (manager) => {
      const target = await this.lockTarget(manager, userId);
      if (target.deletionRequestedAt) throw adminError(AdminErrorCode.BeingDeleted);
      if (target.isAdmin) throw adminError(AdminErrorCode.DemoteBeforeSuspending);
      if (target.suspendedAt) throw adminError(AdminErrorCode.AlreadySuspended);
      await manager.query(`UPDATE users SET "suspendedAt" = now(), "suspendedReason" = $2 WHERE "id" = $1`, [
        userId,
        reason,
      ]);
      await this.audit.record(manager, {
        action: 'suspend',
        actorId: admin.id,
        targetUserId: userId,
        reason,
      });
      return this.sessions.endAllBut(manager, userId, null);
    });
    // Every replica forgets the cached user (a session left anywhere is nobody's now), then the sockets end.
    this.publisher.refreshUser(userId);
    endSessions();
    return this.page(userId);
  }

  /** POST /api/admin/users/{id}/unsuspend: the account may sign in again. */
  async unsuspend(admin: SessionUser, userId: string, reason: string): Promise<AdminUserPage> {
    await this.dataSource.transaction(async (manager) => {
      const target = await this.lockTarget(manager, userId);
      if (!target.suspendedAt) throw adminError(AdminErrorCode.NotSuspended);
      await manager.query(`UPDATE users SET "suspendedAt" = NULL, "suspendedReason" = NULL WHERE "id" = $1`, [
        userId,
      ]);
      await this.audit.record(manager, {
        action: 'unsuspend',
        actorId: admin.id,
        targetUserId: userId,
        reason,
      });
    });
    this.publisher.refreshUser(userId);
    return this.page(userId);
  }

  /**
   * POST /api/admin/users/{id}/delete: deletes the account as its owner's own request does (DESIGN.md §4a): it
   * stops signing in, its sessions and sockets end now and a job removes it within a minute.
   */
  async deleteAccount(admin: SessionUser, userId: string, reason: string): Promise<AdminUserPage> {
    const { signOut, page } = await this.dataSource.transaction(async (manager) => {
      const target = await this.lockTarget(manager, userId);
      if (target.deletionRequestedAt) throw adminError(AdminErrorCode.AlreadyBeingDeleted);
      if (target.isAdmin) throw adminError(AdminErrorCode.DemoteBeforeDeleting);
      await this.audit.record(manager, {
        action: 'delete-account',
        actorId: admin.id,
        targetUserId: userId,
        reason,
      });
      const started = await this.deletion.begin(manager, userId);
      // Read now: once committed, the job may remove the account before a later read.
      return { signOut: started, page: await this.page(userId, manager) };
    });
    signOut();
    return page;
  }

  /**
   * PATCH /api/admin/users/{id}: grants or revokes admin rights; asking for what the account already has changes
   * nothing. Never the last admin: changes of rights take one lock, so two admins demoting each other at once
   * cannot both go. Admins cannot be banned or suspended, so neither is made an admin.
   */
  async setAdmin(
    admin: SessionUser,
    userId: string,
    isAdmin: boolean,
    reason: string,
  ): Promise<AdminUserPage> {
    const changed = await this.dataSource.transaction(async (manager) => {
      const othersCount = await otherActiveAdmins(manager, userId);
      const target = await this.lockTarget(manager, userId);
      if (target.isAdmin === isAdmin) return false;
      if (target.deletionRequestedAt) throw adminError(AdminErrorCode.BeingDeleted);
      if (isAdmin) {
        if (target.suspendedAt) throw adminError(AdminErrorCode.UnsuspendFirst);
        if (await this.bans.activeBanEnd(userId, manager)) {
          throw adminError(AdminErrorCode.LiftBanFirst);
        }
      } else {
        if (othersCount === 0) throw adminError(AdminErrorCode.LastAdmin);
      }
      await manager.query(`UPDATE users SET "isAdmin" = $2 WHERE "id" = $1`, [userId, isAdmin]);
      await this.audit.record(manager, {
        action: isAdmin ? 'grant-admin' : 'revoke-admin',
        actorId: admin.id,
        targetUserId: userId,
        reason,
      });
      return true;
    });
    // Their sockets join or leave the admins room on every replica, their next request has the new rights, and
    // their open tabs show them (the Moderation link) without a reload.
    if (changed) {
      this.publisher.refreshUser(userId);
      this.publisher.publish(userRoom(userId), 'session:rights', { isAdmin });
    }
    return this.page(userId);
  }

  /**
   * DELETE /api/bans/{id}: lifts a ban before its end. The user may post again at once (unless another ban
   * lasts), and their open tabs are told. Answers with the user's page.
   */
  async liftBan(admin: SessionUser, banId: string, reason: string): Promise<AdminUserPage> {
    const now = this.clock.now();
    const ban = await this.dataSource.transaction(async (manager) => {
      const [row] = await manager.query<
        { userId: string; reason: string; bannedUntil: Date; liftedAt: Date | null }[]
      >(`SELECT "userId", "reason", "bannedUntil", "liftedAt" FROM bans WHERE "id" = $1 FOR UPDATE`, [banId]);
      if (!row) throw adminError(AdminErrorCode.BanNotFound);
      if (row.liftedAt) throw adminError(AdminErrorCode.BanAlreadyLifted);
      if (new Date(row.bannedUntil) <= now) throw adminError(AdminErrorCode.BanAlreadyEnded);
      await manager.query(`UPDATE bans SET "liftedAt" = $2, "liftedBy" = $3 WHERE "id" = $1`, [
        banId,
        now,
        admin.id,
      ]);
      const until = new Date(row.bannedUntil).toISOString();
      await this.audit.record(manager, {
        action: 'lift-ban',
        actorId: admin.id,
        targetUserId: row.userId,
        reason,
        detail: `Ban until ${until.slice(0, 10)} ${until.slice(11, 16)} UTC: ${row.reason}`,
      });
      return row;
    });
    this.publisher.refreshUser(ban.userId);
    const remaining = await this.bans.activeBanEnd(ban.userId);
    this.publisher.publish(userRoom(ban.userId), 'ban:lifted', {
      banId,
      bannedUntil: remaining?.toISOString() ?? null,
    });
    return this.page(ban.userId);
  }

  /** The account an action is about, its row locked until the transaction ends; 404 when there is none. */
  private async lockTarget(manager: EntityManager, userId: string): Promise<TargetRow> {
    const [target] = await manager.query<TargetRow[]>(
      `SELECT "id", "isAdmin", "suspendedAt", "deletionRequestedAt" FROM users WHERE "id" = $1 FOR UPDATE`,
      [userId],
    );
    if (!target) throw userError(UserErrorCode.NotFound);
    return target;
  }
}
