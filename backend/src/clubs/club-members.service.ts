import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import {
  userRoom,
  type ClubMembersPage,
  type ClubMembersQuery,
  type ClubPage,
  type ClubRequest,
  type ClubRole,
  type ServerNotification,
  type SessionUser,
} from '@piste/contracts';
import { blockedEitherWay } from '../blocks/block-visibility';
import { nameOf, type NotificationKind } from '../notification-texts/notification-texts';
import type { NotificationDraft } from '../notifications/notification-insert';
import { NotificationsService } from '../notifications/notifications.service';
import { RealtimePublisher } from '../publisher/realtime.publisher';
import { FENCER_COLUMNS, toFencer, type FencerRow } from '../users/users.mapper';
import { adminsOf, assertRuns, findClub, roleIn } from './club-access';
import { ROLE_RANK, runsClub, SQL_RANK, type ClubRow } from './club-rows';
import { ClubsService } from './clubs.service';
import { clubError, ClubErrorCode } from './clubs.errors';

/** What a fencer given a role is told (ownership is handed over, and told as such). */
const ROLE_TEXTS = {
  admin: 'club_made_admin',
  coach: 'club_made_coach',
  member: 'club_made_member',
} as const satisfies Record<Exclude<ClubRole, 'owner'>, NotificationKind>;

/** What a membership change leaves to do once committed: live events and the notifications stored with it. */
type AfterCommit = () => void;

/**
 * A club's members (DESIGN.md §4d): joining and asking to join, requests, roles and leaving. Every change locks
 * the club's row first, so changes to one club happen one at a time: the one-owner rule (also a partial unique
 * index) and the member count hold under any race.
 */
@Injectable()
export class ClubMembersService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly clubs: ClubsService,
    private readonly notifications: NotificationsService,
    private readonly publisher: RealtimePublisher,
  ) {}

  /** Joins an open club at once; asks to join one by request (its admins are told). */
  async join(viewer: SessionUser, slug: string): Promise<ClubPage> {
    const after = await this.dataSource.transaction(async (manager) => {
      const club = await findClub(manager, slug, true);
      if (await roleIn(manager, club.id, viewer.id)) throw clubError(ClubErrorCode.AlreadyMember);
      const [owner] = await manager.query<unknown[]>(
        `SELECT 1 FROM club_members m WHERE m."clubId" = $1 AND m."role" = 'owner' AND ${blockedEitherWay('m."userId"', '$2::uuid')}`,
        [club.id, viewer.id],
      );
      if (owner) throw clubError(ClubErrorCode.CannotJoin);
      if (club.joinPolicy === 'open') return this.addMember(manager, club, viewer.id);
      const [asked] = await manager.query<Array<{ createdAt: Date }>>(
        `INSERT INTO club_requests ("clubId", "userId") VALUES ($1, $2) ON CONFLICT DO NOTHING RETURNING "createdAt"`,
        [club.id, viewer.id],
      );
      if (!asked) throw clubError(ClubErrorCode.AlreadyAsked);
      const request = await this.requestOf(manager, viewer.id, asked.createdAt);
      const admins = await adminsOf(manager, club.id);
      const stored = await this.notifyEach(manager, admins, {
        type: 'club',
        actor: viewer,
        text: { kind: 'club_join_asked', actor: nameOf(viewer), club: club.name },
        path: `/clubs/${club.slug}`,
      });
      return () => {
        this.publisher.publish(admins.map(userRoom), 'club:request', {
          clubId: club.id,
          slug: club.slug,
          request,
        });
        stored();
      };
    });
    after();
    return this.clubs.page(viewer, slug);
  }

  async members(viewer: SessionUser, slug: string, query: ClubMembersQuery): Promise<ClubMembersPage> {
    const club = await findClub(this.dataSource.manager, slug);
    const params: unknown[] = [club.id, viewer.id, query.limit + 1];
    const where = [`m."clubId" = $1`, `NOT ${blockedEitherWay('m."userId"', '$2::uuid')}`];
    if (query.role) {
      params.push(query.role);
      where.push(`m."role" = $${params.length}`);
    }
    if (query.before) {
      params.push(query.before);
      const cursor = `(SELECT ${SQL_RANK('c."role"')}, c."createdAt", c."userId" FROM club_members c
                        WHERE c."clubId" = $1 AND c."userId" = $${params.length})`;
      const [known] = await this.dataSource.query<unknown[]>(
        `SELECT 1 FROM club_members WHERE "clubId" = $1 AND "userId" = $2`,
        [club.id, query.before],
      );
      if (!known) throw clubError(ClubErrorCode.UnknownMemberCursor);
      where.push(`(${SQL_RANK('m."role"')}, m."createdAt", m."userId") > ${cursor}`);
    }
    const rows = await this.dataSource.query<Array<FencerRow & { clubRole: ClubRole; joinedAt: Date }>>(
      `SELECT ${FENCER_COLUMNS}, m."role" AS "clubRole", m."createdAt" AS "joinedAt"
         FROM club_members m JOIN users u ON u.id = m."userId"
        WHERE ${where.join(' AND ')}
        ORDER BY ${SQL_RANK('m."role"')}, m."createdAt", m."userId" LIMIT $3`,
      params,
    );
    const members = rows.slice(0, query.limit).map((row) => ({
      user: toFencer(row),
      role: row.clubRole,
      joinedAt: new Date(row.joinedAt).toISOString(),
    }));
    return { members, nextCursor: rows.length > query.limit ? members[members.length - 1].user.id : null };
  }

  /** Who asks to join, oldest first: for the club's admins only. */
  async requests(viewer: SessionUser, slug: string): Promise<ClubRequest[]> {
    const club = await findClub(this.dataSource.manager, slug);
    await assertRuns(this.dataSource.manager, club.id, viewer.id);
    const rows = await this.dataSource.query<Array<FencerRow & { requestedAt: Date }>>(
      `SELECT ${FENCER_COLUMNS}, r."createdAt" AS "requestedAt"
         FROM club_requests r JOIN users u ON u.id = r."userId"
        WHERE r."clubId" = $1 ORDER BY r."createdAt", r.id`,
      [club.id],
    );
    return rows.map((row) => ({ user: toFencer(row), requestedAt: new Date(row.requestedAt).toISOString() }));
  }

  /** An admin answers a request: accepted, the fencer becomes a member and is told; declined, it just goes. */
  async answer(viewer: SessionUser, slug: string, userId: string, accept: boolean): Promise<void> {
    const after = await this.dataSource.transaction(async (manager) => {
      const club = await findClub(manager, slug, true);
      await assertRuns(manager, club.id, viewer.id);
      const [, removed] = await manager.query<[unknown[], number]>(
        `DELETE FROM club_requests WHERE "clubId" = $1 AND "userId" = $2`,
        [club.id, userId],
      );
      if (!removed) throw clubError(ClubErrorCode.NoRequest);
      if (!accept) return () => undefined;
      const added = await this.addMember(manager, club, userId);
      const stored = await this.notifyEach(manager, [userId], {
        type: 'club',
        actor: viewer,
        text: { kind: 'club_joined', club: club.name },
        path: `/clubs/${club.slug}`,
      });
      return () => {
        added();
        stored();
      };
    });
    after();
  }

  /**
   * Changes a member's role. Admins make members coaches and back; only the owner makes admins, takes it back, or
   * hands over ownership (becoming an admin). The owner's own role changes only by handing over.
   */
  async setRole(viewer: SessionUser, slug: string, userId: string, role: ClubRole): Promise<void> {
    const after = await this.dataSource.transaction(async (manager) => {
      const club = await findClub(manager, slug, true);
      const actorRole = await roleIn(manager, club.id, viewer.id);
      if (!runsClub(actorRole)) throw clubError(ClubErrorCode.NotAdminToChangeRoles);
      const current = await roleIn(manager, club.id, userId);
      if (!current) throw clubError(ClubErrorCode.NotAMember);
      if (current === 'owner') throw clubError(ClubErrorCode.OwnerRoleFixed);
      const ownerOnly = role === 'owner' || role === 'admin' || current === 'admin';
      if (ownerOnly && actorRole !== 'owner') {
        throw clubError(ClubErrorCode.NotOwnerForAdmins);
      }
      if (current === role) return () => undefined;
      if (role === 'owner') {
        await manager.query(
          `UPDATE club_members SET "role" = 'admin' WHERE "clubId" = $1 AND "userId" = $2`,
          [club.id, viewer.id],
        );
      }
      await manager.query(`UPDATE club_members SET "role" = $3 WHERE "clubId" = $1 AND "userId" = $2`, [
        club.id,
        userId,
        role,
      ]);
      const stored = await this.notifyEach(manager, [userId], {
        type: 'club',
        actor: viewer,
        text:
          role === 'owner'
            ? { kind: 'club_handed_over', actor: nameOf(viewer), club: club.name }
            : { kind: ROLE_TEXTS[role], club: club.name },
        path: `/clubs/${club.slug}`,
      });
      return () => {
        this.memberChanged(club, userId, role);
        if (role === 'owner') this.memberChanged(club, viewer.id, 'admin');
        stored();
      };
    });
    after();
  }

  /** A member leaves, or an admin removes them (only the owner removes an admin; the owner hands over first). */
  async removeMember(viewer: SessionUser, slug: string, userId: string): Promise<void> {
    const after = await this.dataSource.transaction(async (manager) => {
      const club = await findClub(manager, slug, true);
      const current = await roleIn(manager, club.id, userId);
      const actorRole = userId === viewer.id ? current : await roleIn(manager, club.id, viewer.id);
      if (userId !== viewer.id) {
        if (!runsClub(actorRole)) throw clubError(ClubErrorCode.NotAdminToRemove);
        if (current && ROLE_RANK[current] <= ROLE_RANK.admin && actorRole !== 'owner') {
          throw clubError(ClubErrorCode.NotOwnerToRemoveAdmin);
        }
      }
      if (!current) throw clubError(ClubErrorCode.NotAMember);
      if (current === 'owner') throw clubError(ClubErrorCode.OwnerCannotLeave);
      await manager.query(`DELETE FROM club_members WHERE "clubId" = $1 AND "userId" = $2`, [
        club.id,
        userId,
      ]);
      await manager.query(`UPDATE clubs SET "membersCount" = GREATEST("membersCount" - 1, 0) WHERE id = $1`, [
        club.id,
      ]);
      return () => this.memberChanged(club, userId, null);
    });
    after();
  }

  private async requestOf(manager: EntityManager, userId: string, requestedAt: Date): Promise<ClubRequest> {
    const [row] = await manager.query<FencerRow[]>(`SELECT ${FENCER_COLUMNS} FROM users u WHERE u.id = $1`, [
      userId,
    ]);
    return { user: toFencer(row), requestedAt: new Date(requestedAt).toISOString() };
  }

  /** Adds a member (counted in the same transaction); returns the live event to send once committed. */
  private async addMember(manager: EntityManager, club: ClubRow, userId: string): Promise<AfterCommit> {
    await manager.query(`INSERT INTO club_members ("clubId", "userId", "role") VALUES ($1, $2, 'member')`, [
      club.id,
      userId,
    ]);
    await manager.query(`UPDATE clubs SET "membersCount" = "membersCount" + 1 WHERE id = $1`, [club.id]);
    return () => this.memberChanged(club, userId, 'member');
  }

  private memberChanged(club: ClubRow, userId: string, role: ClubRole | null): void {
    this.publisher.publish(userRoom(userId), 'club:member', {
      clubId: club.id,
      slug: club.slug,
      userId,
      role,
    });
  }

  /** Stores the same notice for each recipient; returns how to deliver them once committed. */
  private async notifyEach(
    manager: EntityManager,
    recipients: string[],
    notice: Omit<NotificationDraft, 'recipientId'>,
  ): Promise<AfterCommit> {
    const stored: Array<{ recipientId: string; notification: ServerNotification | null }> = [];
    for (const recipientId of recipients) {
      stored.push({
        recipientId,
        notification: await this.notifications.record(manager, { ...notice, recipientId }),
      });
    }
    return () =>
      stored.forEach(({ recipientId, notification }) =>
        this.notifications.deliver(recipientId, notification),
      );
  }
}
