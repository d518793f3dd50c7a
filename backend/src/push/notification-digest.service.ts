import { Injectable, type OnModuleInit } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import { notificationSettingTypeOf, type UpdateNotificationSettings } from '@piste/contracts';
import { blockedEitherWay } from '../blocks/block-visibility';
import { Clock } from '../common/clock';
import { defineJob } from '../jobs/job-kind';
import { JobsService } from '../jobs/jobs.service';
import { MailService } from '../mail/mail.service';
import type { StoredNotification } from './stored-notification';
import { unreadNotificationsMail } from './notification-mails';
import { resolveSettings } from './notification-settings.service';

/** Mailing a user what they left unread; a mail server that is away is the mail job's business, not this one's. */
const MAIL_UNREAD = defineJob<{ userId: string }>('push.mail-unread', {
  retryLimit: 5,
  retryDelaySeconds: 60,
  expireInSeconds: 120,
  pollSeconds: 2,
});

/** A notification is mailed once it has been unread this long … */
export const UNREAD_BEFORE_MAIL_SECONDS = 60 * 60;
/** … and a user gets at most one such mail in this time. */
export const MAIL_INTERVAL_SECONDS = 60 * 60;

/**
 * Email for notifications left unread (Settings → Notifications, `email`). Storing a notification of a type the
 * user wants mailed marks it due an hour later (`emailDueAt`) and, unless one is pending, schedules the user's
 * next mail for then — or an hour after the last one, whichever is later (`notification_settings.digestAt` and
 * `lastDigestAt`). That job takes everything due, in one transaction with the mail it enqueues: what is still unread,
 * of a type still wanted, from no one blocked either way, is mailed once; what is due later gets the next job.
 * Only a verified address is mailed: an address nobody confirmed may be someone else's.
 */
@Injectable()
export class NotificationDigestService implements OnModuleInit {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly jobs: JobsService,
    private readonly mail: MailService,
    private readonly clock: Clock,
  ) {}

  async onModuleInit(): Promise<void> {
    await this.jobs.register(MAIL_UNREAD, ({ userId }) => this.mailUnread(userId));
  }

  /** In the transaction that stored `notification`: it becomes due for mail, and the user's next mail is scheduled. */
  async markDue(manager: EntityManager, notification: StoredNotification): Promise<void> {
    const [scheduled] = await manager.query<{ digestAt: Date }[]>(
      `WITH due AS (
         UPDATE notifications SET "emailDueAt" = "createdAt" + make_interval(secs => $3)
          WHERE "id" = $2 RETURNING "emailDueAt"
       )
       INSERT INTO notification_settings ("userId", "digestAt")
       SELECT $1, "emailDueAt" FROM due
       ON CONFLICT ("userId") DO UPDATE
          SET "digestAt" = GREATEST(EXCLUDED."digestAt", notification_settings."lastDigestAt" + make_interval(secs => $4))
        WHERE notification_settings."digestAt" IS NULL
       RETURNING "digestAt"`,
      [notification.recipientId, notification.id, UNREAD_BEFORE_MAIL_SECONDS, MAIL_INTERVAL_SECONDS],
    );
    if (scheduled) await this.schedule(manager, notification.recipientId, new Date(scheduled.digestAt));
  }

  /** The job. What it mails it also clears, in the same transaction, so a second run finds nothing to send again. */
  private async mailUnread(userId: string): Promise<void> {
    const now = this.clock.now();
    await this.dataSource.transaction(async (manager) => {
      const [user] = await manager.query<
        {
          settings: UpdateNotificationSettings;
          lastDigestAt: Date | null;
          email: string;
          username: string;
          emailVerifiedAt: Date | null;
          language: string | null;
          browserLanguage: string | null;
        }[]
      >(
        `SELECT s."settings", s."lastDigestAt", u."email", u."username", u."emailVerifiedAt", u."language",
                u."browserLanguage"
           FROM notification_settings s JOIN users u ON u."id" = s."userId"
          WHERE s."userId" = $1 FOR UPDATE OF s`,
        [userId],
      );
      if (!user) return; // the account is gone
      const due = await manager.query<StoredNotification[]>(
        `WITH due AS (
           UPDATE notifications SET "emailDueAt" = NULL
            WHERE "recipientId" = $1 AND "emailDueAt" <= $2 RETURNING *
         )
         SELECT d.* FROM due d
          WHERE d."readAt" IS NULL AND (d."actorId" IS NULL OR NOT ${blockedEitherWay('d."actorId"', '$1')})
          ORDER BY d."createdAt" DESC, d."id" DESC`,
        [userId, now],
      );
      const settings = resolveSettings(user.settings);
      const wanted = due.filter((notification) => {
        const type = notificationSettingTypeOf(notification);
        return type !== null && settings[type].email;
      });
      const sending = wanted.length > 0 && user.emailVerifiedAt !== null;
      if (sending) {
        await this.mail.enqueue(
          manager,
          unreadNotificationsMail(user, wanted, {
            notifications: this.mail.link('/notifications'),
            settings: this.mail.link('/settings', { tab: 'notifications' }),
          }),
        );
      }
      const lastDigestAt = sending ? now : user.lastDigestAt;
      const [later] = await manager.query<{ dueAt: Date | null }[]>(
        `SELECT min("emailDueAt") AS "dueAt" FROM notifications WHERE "recipientId" = $1 AND "emailDueAt" IS NOT NULL`,
        [userId],
      );
      const digestAt = later?.dueAt ? nextMailAt(new Date(later.dueAt), lastDigestAt) : null;
      await manager.query(
        `UPDATE notification_settings SET "digestAt" = $2, "lastDigestAt" = $3 WHERE "userId" = $1`,
        [userId, digestAt, lastDigestAt],
      );
      if (digestAt) await this.schedule(manager, userId, digestAt);
    });
  }

  private async schedule(manager: EntityManager, userId: string, at: Date): Promise<void> {
    const startAfterSeconds = Math.max(0, Math.ceil((at.getTime() - this.clock.now().getTime()) / 1000));
    await this.jobs.enqueue(manager, MAIL_UNREAD, { userId }, { startAfterSeconds });
  }
}

/** When the next mail may go: once its first notification is due, and an hour after the last mail. */
function nextMailAt(dueAt: Date, lastMailAt: Date | null): Date {
  const allowedAt = lastMailAt
    ? new Date(new Date(lastMailAt).getTime() + MAIL_INTERVAL_SECONDS * 1000)
    : dueAt;
  return dueAt > allowedAt ? dueAt : allowedAt;
}
