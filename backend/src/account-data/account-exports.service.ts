import { Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import type { Readable } from 'node:stream';
import { DataSource, type EntityManager } from 'typeorm';
import { EXPORT_INTERVAL_HOURS, EXPORT_LIFETIME_DAYS, type AccountExport } from '@piste/contracts';
import { Clock } from '../common/clock';
import { defineJob } from '../jobs/job-kind';
import { JobsService } from '../jobs/jobs.service';
import { MailService } from '../mail/mail.service';
import { NotificationsService } from '../notifications/notifications.service';
import { ObjectsService } from '../objects/objects.service';
import { UserEntity } from '../users/user.entity';
import { exportReadyMail } from './account-data-mails';
import { AccountExportEntity } from './account-export.entity';
import { collectExportData, exportArchive } from './export-archive';
import { accountDataError, AccountDataErrorCode } from './account-data.errors';

/** Building one archive: a large account may take minutes; a failure is retried, then the export is failed. */
const BUILD_EXPORT = defineJob<{ exportId: string }>('account-data.build-export', {
  retryLimit: 2,
  retryDelaySeconds: 30,
  expireInSeconds: 30 * 60,
  pollSeconds: 1,
});
/** Deleting an archive once its days are over. */
const EXPIRE_EXPORT = defineJob<{ exportId: string }>('account-data.expire-export', {
  retryLimit: 10,
  retryDelaySeconds: 60,
  pollSeconds: 10,
});

const HOUR_MS = 60 * 60 * 1000;
const LIFETIME_MS = EXPORT_LIFETIME_DAYS * 24 * HOUR_MS;
const INTERVAL_MS = EXPORT_INTERVAL_HOURS * HOUR_MS;
const SETTINGS_PRIVACY_PATH = '/settings?tab=privacy';

/**
 * Exports of a user's data: asked for at most once a day, built by a job into the object store as a ZIP,
 * announced by a notification and a mail, served to its owner alone, and deleted after seven days.
 */
@Injectable()
export class AccountExportsService implements OnModuleInit {
  private readonly logger = new Logger(AccountExportsService.name);

  constructor(
    private readonly dataSource: DataSource,
    private readonly objects: ObjectsService,
    private readonly jobs: JobsService,
    private readonly mail: MailService,
    private readonly notifications: NotificationsService,
    private readonly clock: Clock,
  ) {}

  async onModuleInit(): Promise<void> {
    await this.jobs.register(BUILD_EXPORT, ({ exportId }, run) => this.build(exportId, run.attempt));
    await this.jobs.register(EXPIRE_EXPORT, ({ exportId }) => this.expire(exportId));
  }

  /** The user's latest export, or null. An archive past its days counts as expired even before its job ran. */
  async latest(userId: string): Promise<AccountExport | null> {
    const row = await this.latestRow(this.dataSource.manager, userId);
    return row ? this.view(row) : null;
  }

  /** POST /api/account/export: a new export, unless one is being built or one was made in the last 24 hours. */
  async request(userId: string): Promise<AccountExport> {
    const row = await this.dataSource.transaction(async (manager) => {
      // Two requests at once serialise on the user's row, so only one passes the checks below.
      await manager.query(`SELECT 1 FROM users WHERE "id" = $1 FOR NO KEY UPDATE`, [userId]);
      const last = await this.latestRow(manager, userId);
      if (last?.status === 'pending') {
        throw accountDataError(AccountDataErrorCode.ExportPending);
      }
      // A failed export does not count: the user may ask again at once.
      if (last && last.status !== 'failed' && this.nextAllowed(last).getTime() > this.clock.now().getTime()) {
        throw accountDataError(AccountDataErrorCode.ExportTooSoon);
      }
      const created = await manager.save(manager.create(AccountExportEntity, { userId, status: 'pending' }));
      await this.jobs.enqueue(manager, BUILD_EXPORT, { exportId: created.id });
      return created;
    });
    return this.view(row);
  }

  /** The archive's bytes for its owner while it is ready; 404 for anyone else, and once it is gone. */
  async download(userId: string, exportId: string): Promise<{ body: Readable; size: number; madeAt: Date }> {
    const row = await this.dataSource.manager.findOneBy(AccountExportEntity, { id: exportId, userId });
    const ready = row && this.statusOf(row) === 'ready' && row.objectKey ? row : null;
    const stored = ready ? await this.objects.findPrivate(ready.objectKey!) : null;
    if (!ready || !stored) throw accountDataError(AccountDataErrorCode.ExportNotFound);
    return { body: await this.objects.read(ready.objectKey!), size: stored.size, madeAt: ready.readyAt! };
  }

  /** The job: reads everything in one snapshot, streams the ZIP into the store, then announces it. */
  private async build(exportId: string, attempt: number): Promise<void> {
    const row = await this.dataSource.manager.findOneBy(AccountExportEntity, { id: exportId });
    // Gone with its account, or already built by an earlier attempt.
    if (!row || row.status !== 'pending') return;
    const madeAt = this.clock.now();
    let key: string;
    try {
      const { data, uploads } = await this.dataSource.transaction('REPEATABLE READ', async (manager) => ({
        data: await collectExportData(manager, row.userId),
        uploads: await this.objects.uploadsOf(manager, row.userId),
      }));
      const present = [];
      for (const upload of uploads) if (await this.objects.find(upload.key)) present.push(upload);
      key = await this.objects.storePrivate(
        exportArchive(data, present, (objectKey) => this.objects.read(objectKey), madeAt),
        'application/zip',
      );
    } catch (err) {
      if (attempt > BUILD_EXPORT.options.retryLimit) await this.fail(exportId);
      throw err;
    }
    const stored = await this.objects.findPrivate(key);
    const expiresAt = new Date(madeAt.getTime() + LIFETIME_MS);
    const finished = await this.dataSource.transaction(async (manager) => {
      const updated = await manager.update(
        AccountExportEntity,
        { id: exportId, status: 'pending' },
        { status: 'ready', objectKey: key, size: String(stored?.size ?? 0), readyAt: madeAt, expiresAt },
      );
      if (!updated.affected) {
        // The account went meanwhile: the archive goes too.
        await this.objects.deleteLater(manager, [key]);
        return null;
      }
      await this.jobs.enqueue(
        manager,
        EXPIRE_EXPORT,
        { exportId },
        { startAfterSeconds: LIFETIME_MS / 1000 },
      );
      const user = await manager.findOneByOrFail(UserEntity, { id: row.userId });
      await this.mail.enqueue(
        manager,
        exportReadyMail(user, this.mail.link('/settings', { tab: 'privacy' })),
      );
      return this.notifications.record(manager, {
        recipientId: user.id,
        type: 'other',
        actor: { id: null, name: 'Piste', avatar: null },
        text: { kind: 'export_ready' },
        path: SETTINGS_PRIVACY_PATH,
      });
    });
    if (finished) this.notifications.deliver(row.userId, finished);
    this.logger.log(`Export ${exportId} is ready (${stored?.size ?? 0} bytes)`);
  }

  private async fail(exportId: string): Promise<void> {
    await this.dataSource.manager.update(
      AccountExportEntity,
      { id: exportId, status: 'pending' },
      { status: 'failed' },
    );
  }

  /** The job seven days on: the archive is deleted and the export is marked expired. */
  private async expire(exportId: string): Promise<void> {
    await this.dataSource.transaction(async (manager) => {
      const row = await manager.findOneBy(AccountExportEntity, { id: exportId });
      if (!row?.objectKey) return;
      await this.objects.deleteLater(manager, [row.objectKey]);
      await manager.update(AccountExportEntity, { id: exportId }, { status: 'expired', objectKey: null });
    });
  }

  private latestRow(manager: EntityManager, userId: string): Promise<AccountExportEntity | null> {
    return manager.findOne(AccountExportEntity, { where: { userId }, order: { createdAt: 'DESC' } });
  }

  private statusOf(row: AccountExportEntity): AccountExport['status'] {
    if (row.status === 'ready' && row.expiresAt && row.expiresAt.getTime() <= this.clock.now().getTime()) {
      return 'expired';
    }
    return row.status;
  }

  private nextAllowed(row: AccountExportEntity): Date {
    return new Date(row.createdAt.getTime() + INTERVAL_MS);
  }

  private view(row: AccountExportEntity): AccountExport {
    const status = this.statusOf(row);
    return {
      id: row.id,
      status,
      createdAt: row.createdAt.toISOString(),
      readyAt: row.readyAt?.toISOString() ?? null,
      expiresAt: row.expiresAt?.toISOString() ?? null,
      size: row.size === null ? null : Number(row.size),
      url: status === 'ready' ? `/api/account/export/${row.id}/download` : null,
      nextAllowedAt: (row.status === 'failed' ? row.createdAt : this.nextAllowed(row)).toISOString(),
    };
  }
}
