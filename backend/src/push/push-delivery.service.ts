import { Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import { notificationSettingTypeOf } from '@piste/contracts';
import { blockedEitherWay } from '../blocks/block-visibility';
import { defineJob } from '../jobs/job-kind';
import { JobsService } from '../jobs/jobs.service';
import type { StoredNotification } from './stored-notification';
import { NotificationDigestService } from './notification-digest.service';
import { resolveSettings } from './notification-settings.service';
import { pushPayloadOf, pushTopicOf } from './push-payload';
import { PushSender, type PushTarget } from './push-sender';
import { recipientDeliveryColumns, type RecipientDelivery } from './stored-notification';
import { recipientLanguage } from '../i18n/request-language';

interface PushJob {
  subscriptionId: string;
  notificationId: string;
  /** How many times a push service's Retry-After has put this message off already. */
  deferrals?: number;
}

/**
 * One notification to one subscription. A push service that is busy or failing (429, 5xx, no answer) is tried again
 * with backoff, for a couple of hours in all: the message would wait a day on the service at most anyway.
 */
const DELIVER_PUSH = defineJob<PushJob>('push.deliver', {
  retryLimit: 8,
  retryDelaySeconds: 30,
  retryDelayMaxSeconds: 60 * 60,
  expireInSeconds: 60,
  pollSeconds: 1,
});

/** A Retry-After is honoured this many times for one message, and up to a day ahead. */
const MAX_DEFERRALS = 5;
const MAX_RETRY_AFTER_SECONDS = 24 * 60 * 60;

/**
 * Notifications leaving the app: every stored notification of a type its recipient wants pushed becomes one job per
 * subscription, and one they want mailed is marked for the unread-notifications mail — both in the transaction
 * that stores it (NotificationsService calls `stored`), so nothing goes out for a change that rolled back. The job
 * reads the notification again when it runs: one deleted meanwhile, or between two users now blocked either way,
 * is not pushed. A subscription the push service says is gone (404, 410) is deleted.
 */
@Injectable()
export class PushDeliveryService implements OnModuleInit {
  private readonly logger = new Logger(PushDeliveryService.name);

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly jobs: JobsService,
    private readonly sender: PushSender,
    private readonly digest: NotificationDigestService,
  ) {}

  async onModuleInit(): Promise<void> {
    await this.jobs.register(DELIVER_PUSH, (job) => this.deliver(job));
  }

  /**
   * In the transaction that stored `notification`. The INSERT returned the recipient's settings and subscriptions
   * with it (`recipientDeliveryColumns`), so nothing is read here; a row without them is looked up.
   */
  async stored(manager: EntityManager, notification: StoredNotification): Promise<void> {
    const type = notificationSettingTypeOf(notification);
    if (!type) return;
    const recipient =
      notification.recipientSubscriptionIds === undefined
        ? await this.recipientDelivery(manager, notification.recipientId)
        : notification;
    const channels = resolveSettings(recipient.recipientSettings)[type];
    if (channels.push) {
      for (const subscriptionId of recipient.recipientSubscriptionIds ?? []) {
        await this.jobs.enqueue(manager, DELIVER_PUSH, { subscriptionId, notificationId: notification.id });
      }
    }
    if (channels.email) await this.digest.markDue(manager, notification);
  }

  private async recipientDelivery(manager: EntityManager, recipientId: string): Promise<RecipientDelivery> {
    const [row] = await manager.query<RecipientDelivery[]>(`SELECT ${recipientDeliveryColumns('$1::uuid')}`, [
      recipientId,
    ]);
    return row;
  }

  /** The job: nothing happens when the subscription or the notification is gone, or a block stands between them. */
  private async deliver(job: PushJob): Promise<void> {
    const [target] = await this.dataSource.query<
      (PushTarget & {
        notification: StoredNotification;
        messageContent: string | null;
        language: string | null;
        browserLanguage: string | null;
      })[]
    >(
      `SELECT s."endpoint", s."p256dh", s."auth", row_to_json(n) AS "notification", m."content" AS "messageContent",
              u."language", u."browserLanguage"
         FROM push_subscriptions s
         JOIN users u ON u."id" = s."userId"
         JOIN notifications n ON n."id" = $2 AND n."recipientId" = s."userId"
         LEFT JOIN messages m ON m."id" = n."messageId"
        WHERE s."id" = $1 AND (n."actorId" IS NULL OR NOT ${blockedEitherWay('n."actorId"', 's."userId"')})`,
      [job.subscriptionId, job.notificationId],
    );
    if (!target) return;
    const payload = pushPayloadOf(target.notification, target.messageContent, recipientLanguage(target));
    if (!payload) return;
    const service = new URL(target.endpoint).origin;
    const outcome = await this.sender.send(target, payload, {
      urgency: payload.type === 'message' ? 'high' : 'normal',
      topic: pushTopicOf(target.notification),
    });
    switch (outcome.kind) {
      case 'delivered':
        return;
      case 'gone':
        await this.dataSource.query(
          `WITH gone AS (DELETE FROM push_subscriptions WHERE "id" = $1 RETURNING "id") SELECT count(*) FROM gone`,
          [job.subscriptionId],
        );
        this.logger.log(
          `Push subscription ${job.subscriptionId} at ${service} is gone (${outcome.statusCode})`,
        );
        return;
      case 'later': {
        const deferrals = job.deferrals ?? 0;
        const wait = outcome.retryAfterSeconds;
        if (wait !== undefined && wait <= MAX_RETRY_AFTER_SECONDS && deferrals < MAX_DEFERRALS) {
          await this.jobs.enqueue(
            this.dataSource.manager,
            DELIVER_PUSH,
            { ...job, deferrals: deferrals + 1 },
            { startAfterSeconds: Math.max(1, wait) },
          );
          return;
        }
        throw new Error(`${service} answered ${outcome.statusCode}`);
      }
      case 'rejected':
        this.logger.warn(
          `${service} refused a push message with ${outcome.statusCode} (dropped): ${outcome.body}`,
        );
        return;
      case 'refused':
        this.logger.warn(`A push message to ${service} was not sent: ${outcome.reason}`);
        return;
    }
  }
}
