import { Injectable, Logger, OnModuleInit } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { DataSource, EntityManager, In, Repository } from 'typeorm';
import {
  ADMINS_ROOM,
  BAN_DURATIONS,
  userRoom,
  type Ban,
  type Report,
  type SessionUser,
  type createBanSchema,
  type createReportSchema,
  type updateReportSchema,
} from '@piste/contracts';
import type { z } from 'zod';
import { assertSelf } from '../common/assert-self';
import { Clock } from '../common/clock';
import { PostsService, type AfterCommit } from '../posts/posts.service';
import { RealtimePublisher } from '../publisher/realtime.publisher';
import { UsersService } from '../users/users.service';
import { BansService } from '../bans/bans.service';
import { ModerationActionEntity, ReportedPostEntity } from './moderation.entities';
import { toBanView, toReportView } from './moderation.mapper';
import { ALREADY_REPORTED, ReportTargets } from './report-targets';
import { moderationError, ModerationErrorCode } from './moderation.errors';

type CreateReportInput = z.infer<typeof createReportSchema>;
type UpdateReportInput = z.infer<typeof updateReportSchema>;
type CreateBanInput = z.infer<typeof createBanSchema>;
type ModerationAction = ModerationActionEntity['action'];

/** Reports, their review by admins and the audit trail; bans are issued here and enforced by BansService. */
@Injectable()
export class ModerationService implements OnModuleInit {
  private readonly logger = new Logger(ModerationService.name);

  constructor(
    @InjectRepository(ReportedPostEntity) private readonly reports: Repository<ReportedPostEntity>,
    @InjectRepository(ModerationActionEntity) private readonly actions: Repository<ModerationActionEntity>,
    private readonly dataSource: DataSource,
    private readonly posts: PostsService,
    private readonly users: UsersService,
    private readonly bans: BansService,
    private readonly clock: Clock,
    private readonly publisher: RealtimePublisher,
    private readonly targets: ReportTargets,
  ) {}

  /**
   * Deleting a post (by an admin or its author) resolves its pending reports and those of its comments, in the
   * same transaction.
   */
  onModuleInit(): void {
    this.posts.onPostDeletion((manager, post, actorId) => this.recordPostDeletion(manager, post.id, actorId));
  }

  /**
   * A report of a post, a comment, a direct message or a fencer (or the spec's `{postId, reason}`), if the
   * reporter may report it (see ReportTargets); one pending report per reporter and item.
   */
  async createReport(reporter: SessionUser, input: CreateReportInput): Promise<Report> {
    assertSelf(reporter, input.reporterId);
    const item =
      input.targetType === undefined
        ? await this.targets.find(reporter.id, 'post', input.postId)
        : await this.targets.find(reporter.id, input.targetType, input.targetId);
    const alreadyReported = await this.reports.existsBy({
      targetType: item.targetType,
      targetId: item.targetId,
      reporterId: reporter.id,
      status: 'pending',
    });
    if (alreadyReported) throw moderationError(ALREADY_REPORTED[item.targetType]);

    // Two reports racing past the check above: the partial unique index keeps one, the other inserts nothing.
    const inserted = await this.reports
      .createQueryBuilder()
      .insert()
      .into(ReportedPostEntity)
      .values({
        ...item,
        reporterId: reporter.id,
        reason: input.reason,
        category: input.targetType === undefined ? null : input.reason,
        description: input.description ?? null,
      })
      .orIgnore()
      .returning(['id'])
      .execute();
    const reportId = (inserted.raw as { id: string }[])[0]?.id;
    if (!reportId) throw moderationError(ALREADY_REPORTED[item.targetType]);

    const view = await this.view(reportId);
    this.publisher.publish(ADMINS_ROOM, 'report:new', { report: view });
    return view;
  }

  /** Every report, newest first, with its post snapshot and audit trail. */
  async listReports(): Promise<Report[]> {
    const reports = await this.reports.find({ order: { createdAt: 'DESC', id: 'DESC' } });
    return this.toViews(reports);
  }

  /**
   * Dismisses or resolves a pending report; the server sets who and when. Asking again for the state a report
   * is already in changes nothing and succeeds (the spec's client deletes a post, which resolves its reports,
   * then marks the report resolved); asking for the other state is a conflict.
   */
  async reviewReport(admin: SessionUser, reportId: string, input: UpdateReportInput): Promise<Report> {
    const action: ModerationAction = input.status === 'dismissed' ? 'dismiss' : 'resolve';
    const changed = await this.dataSource.transaction(async (manager) => {
      if (await this.closeReport(manager, reportId, input.status, admin.id)) {
        await this.record(manager, action, admin.id, reportId);
        return true;
      }
      const current = await manager.getRepository(ReportedPostEntity).findOneBy({ id: reportId });
      if (!current) throw moderationError(ModerationErrorCode.ReportNotFound);
      if (current.status !== input.status) throw moderationError(ModerationErrorCode.AlreadyHandled);
      return false;
    });
    const view = await this.view(reportId);
    if (!changed) return view;
    this.publisher.publish(ADMINS_ROOM, 'report:updated', { report: view });
    return view;
  }

  /** Bans a user from posting; with a report, the ban resolves it, and must be of the person it is against. */
  async banUser(admin: SessionUser, input: CreateBanInput): Promise<Ban> {
    const target = await this.users.findById(input.userId);
    if (!target) throw moderationError(ModerationErrorCode.AuthorNotFound);
    if (target.isAdmin) throw moderationError(ModerationErrorCode.AdminNotBannable);
    if (input.reportId) {
      const report = await this.reports.findOneBy({ id: input.reportId });
      if (!report) throw moderationError(ModerationErrorCode.ReportNotFound);
      if (report.targetUserId !== target.id) {
        throw moderationError(
          report.targetType === 'post'
            ? ModerationErrorCode.NotPostAuthor
            : ModerationErrorCode.NotReportedUser,
        );
      }
    }

    const ban = await this.dataSource.transaction(async (manager) => {
      const issued = await this.bans.issue(
        { userId: target.id, bannedBy: admin.id, reason: input.reason, durationHours: input.durationHours },
        manager,
      );
      await this.record(manager, 'ban', admin.id, input.reportId ?? null, {
        targetUserId: target.id,
        reason: input.reason,
        detail: banLength(input.durationHours),
      });
      if (input.reportId) {
        await this.closeReport(manager, input.reportId, 'resolved', admin.id);
      }
      return issued;
    });

    const view = toBanView(ban);
    // Every replica forgets the cached user first, so a reload prompted by `ban:new` already sees the ban.
    this.publisher.refreshUser(target.id);
    this.publisher.publish(userRoom(target.id), 'ban:new', { ban: view });
    if (input.reportId) {
      const report = await this.view(input.reportId);
      this.publisher.publish(ADMINS_ROOM, 'report:updated', { report });
    }
    return view;
  }

  /**
   * Inside a post's deleting transaction: the pending reports of it and of its comments (which go with it)
   * become resolved by the deleter, every such report keeps its snapshot and is marked deleted, and each gets a
   * 'delete' entry in the audit trail. Returns the announcement to admins, for after the commit.
   */
  private async recordPostDeletion(
    manager: EntityManager,
    postId: string,
    actorId: string,
  ): Promise<AfterCommit | void> {
    const repo = manager.getRepository(ReportedPostEntity);
    const reports = await manager.query<{ id: string }[]>(
      `SELECT "id" FROM reported_posts
        WHERE "postId" = $1 OR ("targetType" = 'comment' AND "targetSnapshot" ->> 'postId' = $1::text)`,
      [postId],
    );
    if (reports.length === 0) return;
    const ids = reports.map((r) => r.id);
    const now = this.clock.now();
    await repo.update(
      { id: In(ids), status: 'pending' },
      { status: 'resolved', resolvedAt: now, reviewedBy: actorId, reviewedAt: now },
    );
    await repo.update({ id: In(ids) }, { postDeleted: true });
    for (const id of ids) await this.record(manager, 'delete', actorId, id);
    return async () => {
      for (const report of await this.views(ids)) {
        this.publisher.publish(ADMINS_ROOM, 'report:updated', { report });
      }
    };
  }

  /** Moves a pending report to its final status; false when it was not pending (or does not exist). */
  private async closeReport(
    manager: EntityManager,
    reportId: string,
    status: 'dismissed' | 'resolved',
    reviewerId: string,
  ): Promise<boolean> {
    const now = this.clock.now();
    const result = await manager
      .getRepository(ReportedPostEntity)
      .update(
        { id: reportId, status: 'pending' },
        { status, resolvedAt: now, reviewedBy: reviewerId, reviewedAt: now },
      );
    return (result.affected ?? 0) > 0;
  }

  /** Writes an audit entry; it names the account acted on: the one given, else the person the report is against. */
  private async record(
    manager: EntityManager,
    action: ModerationAction,
    actorId: string,
    reportId: string | null,
    entry: { targetUserId?: string; reason?: string; detail?: string } = {},
  ): Promise<void> {
    const report = reportId
      ? await manager
          .getRepository(ReportedPostEntity)
          .findOne({ where: { id: reportId }, select: { id: true, targetUserId: true } })
      : null;
    const repo = manager.getRepository(ModerationActionEntity);
    await repo.save(
      repo.create({
        action,
        actorId,
        reportId,
        targetUserId: entry.targetUserId ?? report?.targetUserId ?? null,
        reason: entry.reason ?? null,
        detail: entry.detail ?? null,
      }),
    );
  }

  private async view(reportId: string): Promise<Report> {
    const [view] = await this.views([reportId]);
    if (!view) throw moderationError(ModerationErrorCode.ReportNotFound);
    return view;
  }

  private async views(reportIds: string[]): Promise<Report[]> {
    const reports = await this.reports.find({ where: { id: In(reportIds) } });
    return this.toViews(reports);
  }

  /** Two extra queries for any number of reports: their audit trails, then every named user. */
  private async toViews(reports: ReportedPostEntity[]): Promise<Report[]> {
    if (reports.length === 0) return [];
    const actions = await this.actions.find({
      where: { reportId: In(reports.map((r) => r.id)) },
      order: { createdAt: 'ASC', id: 'ASC' },
    });
    const userIds = new Set<string>();
    for (const r of reports) if (r.reviewedBy) userIds.add(r.reviewedBy);
    // A reported message names its receiver: the one who reported it.
    for (const r of reports) if (r.targetType === 'message' && r.reporterId) userIds.add(r.reporterId);
    for (const a of actions) if (a.actorId) userIds.add(a.actorId);
    const users = await this.users.findByIds([...userIds]);
    const usersById = new Map(users.map((u) => [u.id, u]));
    const actionsByReport = new Map<string, ModerationActionEntity[]>();
    for (const a of actions) {
      if (!a.reportId) continue;
      const list = actionsByReport.get(a.reportId) ?? [];
      list.push(a);
      actionsByReport.set(a.reportId, list);
    }
    return reports.map((r) => toReportView(r, actionsByReport.get(r.id) ?? [], usersById));
  }
}

/** A ban's length as the ban dialog names it ('24 hours', '7 days'). */
function banLength(hours: number): string {
  return BAN_DURATIONS.find((duration) => duration.hours === hours)?.label ?? `${hours} hours`;
}
