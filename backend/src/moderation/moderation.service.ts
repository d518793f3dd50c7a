import {
  BadRequestException,
  ConflictException,
  ForbiddenException,
  Injectable,
  Logger,
  NotFoundException,
  OnModuleInit,
} from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { DataSource, EntityManager, In, Repository } from 'typeorm';
import {
  ADMINS_ROOM,
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
  ) {}

  /** Deleting a post (by an admin or its author) resolves its pending reports, in the same transaction. */
  onModuleInit(): void {
    this.posts.onPostDeletion((manager, post, actorId) => this.recordPostDeletion(manager, post.id, actorId));
  }

  async createReport(reporter: SessionUser, input: CreateReportInput): Promise<Report> {
    assertSelf(reporter, input.reporterId);
    // Only a post the reporter can see (not across a block) can be reported.
    const post = await this.posts.getVisible(this.dataSource.manager, reporter.id, input.postId);
    if (post.authorId === reporter.id) throw new ForbiddenException('You cannot report your own post');
    const alreadyReported = await this.reports.existsBy({
      postId: post.id,
      reporterId: reporter.id,
      status: 'pending',
    });
    if (alreadyReported) throw new ConflictException('You have already reported this post');

    const author = await this.users.findById(post.authorId);
    // Two reports racing past the check above: the partial unique index keeps one, the other inserts nothing.
    const inserted = await this.reports
      .createQueryBuilder()
      .insert()
      .into(ReportedPostEntity)
      .values({
        postId: post.id,
        reporterId: reporter.id,
        reason: input.reason,
        description: input.description ?? null,
        postContent: post.content,
        postAuthorId: post.authorId,
        postAuthorName: author ? (author.name ?? author.username) : null,
      })
      .orIgnore()
      .returning(['id'])
      .execute();
    const reportId = (inserted.raw as { id: string }[])[0]?.id;
    if (!reportId) throw new ConflictException('You have already reported this post');

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
      if (!current) throw new NotFoundException('Report not found');
      if (current.status !== input.status)
        throw new ConflictException('This report has already been handled');
      return false;
    });
    const view = await this.view(reportId);
    if (!changed) return view;
    this.publisher.publish(ADMINS_ROOM, 'report:updated', { report: view });
    return view;
  }

  /** Bans a user from posting; with a report, the ban resolves it. */
  async banUser(admin: SessionUser, input: CreateBanInput): Promise<Ban> {
    const target = await this.users.findById(input.userId);
    if (!target) throw new NotFoundException('Post author not found');
    if (target.isAdmin) throw new ForbiddenException('Admins cannot be banned');
    if (input.reportId) {
      const report = await this.reports.findOneBy({ id: input.reportId });
      if (!report) throw new NotFoundException('Report not found');
      if (report.postAuthorId !== target.id) {
        throw new BadRequestException('This user is not the author of the reported post');
      }
    }

    const ban = await this.dataSource.transaction(async (manager) => {
      const issued = await this.bans.issue(
        { userId: target.id, bannedBy: admin.id, reason: input.reason, durationHours: input.durationHours },
        manager,
      );
      await this.record(
        manager,
        'ban',
        admin.id,
        input.reportId ?? null,
        `${input.durationHours}h: ${input.reason}`,
      );
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
   * Inside a post's deleting transaction: its pending reports become resolved by the deleter, every report of
   * it keeps its snapshot and is marked deleted, and each gets a 'delete' entry in the audit trail. Returns the
   * announcement to admins, for after the commit.
   */
  private async recordPostDeletion(
    manager: EntityManager,
    postId: string,
    actorId: string,
  ): Promise<AfterCommit | void> {
    const repo = manager.getRepository(ReportedPostEntity);
    const reports = await repo.find({ where: { postId }, select: { id: true } });
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

  private async record(
    manager: EntityManager,
    action: ModerationAction,
    actorId: string,
    reportId: string | null,
    detail: string | null = null,
  ): Promise<void> {
    const repo = manager.getRepository(ModerationActionEntity);
    await repo.save(repo.create({ action, actorId, reportId, detail }));
  }

  private async view(reportId: string): Promise<Report> {
    const [view] = await this.views([reportId]);
    if (!view) throw new NotFoundException('Report not found');
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
