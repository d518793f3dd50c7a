import { Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import {
  NOTIFICATIONS_KEPT,
  NOTIFICATIONS_KEPT_DAYS,
  userRoom,
  type MarkNotificationsRead,
  type NotificationsPage,
  type NotificationsQuery,
  type ServerNotification,
} from '@piste/contracts';
import { notBlockedEitherWay } from '../blocks/block-visibility';
import { PushDeliveryService } from '../push/push-delivery.service';
import { RealtimePublisher } from '../publisher/realtime.publisher';
import { insertNotification, type NotificationDraft } from './notification-insert';
import { toServerNotification, type NotificationRow } from './notifications.mapper';
import { notificationError, NotificationErrorCode } from './notifications.errors';

/** How often each replica clears notifications older than what is kept. */
const PRUNE_EVERY_MS = 60 * 60 * 1000;

/**
 * Notifications kept on the server. A cause stores its notification in its own transaction (`record`, or
 * `insertNotification` inside its statement followed by `afterStored`, which is how it gets the notification to
 * deliver) and, once committed, `deliver`s it live; the recipient's browsers page through them, and reading or
 * deleting one is told to all of the recipient's sockets. Push messages and mail leave from `afterStored`.
 */
@Injectable()
export class NotificationsService implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(NotificationsService.name);
  private pruneTimer: NodeJS.Timeout | null = null;

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly publisher: RealtimePublisher,
    private readonly push: PushDeliveryService,
  ) {}

  onApplicationBootstrap(): void {
    this.pruneTimer = setInterval(() => void this.pruneQuietly(), PRUNE_EVERY_MS);
    this.pruneTimer.unref();
  }

  onModuleDestroy(): void {
    if (this.pruneTimer) clearInterval(this.pruneTimer);
  }

  /** Stores a notification in the caller's transaction; null when the actor would notify themselves. */
  async record(manager: EntityManager, draft: NotificationDraft): Promise<ServerNotification | null> {
    if (draft.recipientId === draft.actor.id) return null;
    const { sql, params } = insertNotification(draft, 1);
    const [row] = await manager.query<NotificationRow[]>(sql, params);
    return row ? this.afterStored(manager, row) : null;
  }

  /**
   * What every stored notification goes through, in the transaction that stored it: its push messages and mail
   * are enqueued there (as the recipient's settings ask), so they leave exactly when it commits. Returns it as the
   * recipient sees it, to `deliver` after the commit.
   */
  async afterStored(manager: EntityManager, row: NotificationRow): Promise<ServerNotification> {
    await this.push.stored(manager, row);
    return toServerNotification(row);
  }

  /** Sends a stored notification to its recipient's sockets; call after the transaction commits. */
  deliver(recipientId: string, notification: ServerNotification | null): void {
    if (notification) this.publisher.publish(userRoom(recipientId), 'notification', notification);
  }

  /** A page of the user's notifications, newest first, without those of users either side blocked. */
  async list(userId: string, query: NotificationsQuery): Promise<NotificationsPage> {
    const params: unknown[] = [userId, query.limit + 1];
    let after = '';
    if (query.before) {
      const [cursor] = await this.dataSource.query<Array<{ createdAt: Date }>>(
        `SELECT "createdAt" FROM notifications WHERE "id" = $1 AND "recipientId" = $2`,
        [query.before, userId],
      );
      if (!cursor) throw notificationError(NotificationErrorCode.UnknownCursor);
      params.push(cursor.createdAt, query.before);
      after = `AND (n."createdAt", n."id") < ($3, $4)`;
    }
    const rows = await this.dataSource.query<NotificationRow[]>(
      `SELECT n.* FROM notifications n
        WHERE n."recipientId" = $1 ${after}
          AND ${notBlockedEitherWay('n."actorId"', '$1')}
        ORDER BY n."createdAt" DESC, n."id" DESC
        LIMIT $2`,
      params,
    );
    const page = rows.slice(0, query.limit);
    return {
      notifications: page.map(toServerNotification),
      nextCursor: rows.length > query.limit ? page[page.length - 1].id : null,
    };
  }

  /** Marks the given notifications (or all) read; the user's other sockets follow. Returns how many changed. */
  async markRead(userId: string, input: MarkNotificationsRead): Promise<{ read: number }> {
    const all = 'all' in input;
    const rows = await this.dataSource.query<Array<{ id: string }>>(
      `WITH changed AS (
         UPDATE notifications SET "readAt" = clock_timestamp()
          WHERE "recipientId" = $1 AND "readAt" IS NULL ${all ? '' : 'AND "id" = ANY($2::uuid[])'}
          RETURNING "id"
       ) SELECT "id" FROM changed`,
      all ? [userId] : [userId, input.ids],
    );
    if (all) this.publisher.publish(userRoom(userId), 'notifications:changed', { read: 'all' });
    else if (rows.length > 0) {
      this.publisher.publish(userRoom(userId), 'notifications:changed', { read: rows.map((r) => r.id) });
    }
    return { read: rows.length };
  }

  /** Deletes one of the user's notifications; 404 when it is not theirs or already gone. */
  async remove(userId: string, id: string): Promise<void> {
    const rows = await this.dataSource.query<Array<{ id: string }>>(
      `WITH gone AS (DELETE FROM notifications WHERE "id" = $1 AND "recipientId" = $2 RETURNING "id")
       SELECT "id" FROM gone`,
      [id, userId],
    );
    if (rows.length === 0) throw notificationError(NotificationErrorCode.NotFound);
    this.publisher.publish(userRoom(userId), 'notifications:changed', { deleted: [id] });
  }

  /** Deletes what is past keeping: beyond each user's newest 200 and older than 30 days. Returns how many. */
  async prune(): Promise<number> {
    // Each statement ends in a SELECT: TypeORM answers a bare UPDATE or DELETE with [rows, count].
    const rows = await this.dataSource.query<Array<{ id: string }>>(
      `WITH gone AS (DELETE FROM notifications WHERE "id" IN (
         SELECT "id" FROM (
           SELECT "id", "createdAt",
                  row_number() OVER (PARTITION BY "recipientId" ORDER BY "createdAt" DESC, "id" DESC) AS "rank"
             FROM notifications
         ) ranked
         WHERE ranked."rank" > $1 AND ranked."createdAt" < clock_timestamp() - make_interval(days => $2)
       ) RETURNING "id") SELECT "id" FROM gone`,
      [NOTIFICATIONS_KEPT, NOTIFICATIONS_KEPT_DAYS],
    );
    return rows.length;
  }

  private async pruneQuietly(): Promise<void> {
    try {
      const pruned = await this.prune();
      if (pruned > 0) this.logger.log(`Cleared ${pruned} old notifications`);
    } catch (err) {
      this.logger.warn(`Could not clear old notifications: ${String(err)}`);
    }
  }
}
