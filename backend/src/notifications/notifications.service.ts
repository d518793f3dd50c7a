import { Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import {
  NOTIFICATIONS_KEPT,
  NOTIFICATIONS_KEPT_DAYS,
  userRoom,
  type Language,
  type MarkNotificationsRead,
  type NotificationsPage,
  type NotificationsQuery,
  type ServerNotification,
} from '@piste/contracts';
import { notBlockedEitherWay } from '../blocks/block-visibility';
import { recipientLanguage } from '../i18n/request-language';
import { PushDeliveryService } from '../push/push-delivery.service';
import { RealtimePublisher } from '../publisher/realtime.publisher';
import { insertNotification, type NotificationDraft } from './notification-insert';
import { toServerNotification, type NotificationRow } from './notifications.mapper';
import { notificationError, NotificationErrorCode } from './notifications.errors';

/** How often each replica clears notifications older than what is kept. */
const PRUNE_EVERY_MS = 60 * 60 * 1000;

/**
 * A cause's own statement, which its notification joins so that both are one statement: the cause's CTEs and
 * final SELECT, with their parameters from `$1`; `when` is the SQL condition over those CTEs under which the
 * notification is stored (that the cause did something).
 */
export interface CauseStatement {
  /** `added AS (…), counted AS (…)`. */
  with: string;
  /** The SELECT over them whose row the cause gets back. */
  select: string;
  params: unknown[];
  when: string;
}

/**
 * Notifications kept on the server, and the one way a cause stores one: in its own transaction, with `record`
 * (a statement of its own) or `recordWith` (inside the cause's statement, for the paths that count their round
 * trips), then, once committed, `deliver` it live. A notification is stored as a kind of text and its values and
 * written out in each reader's language: the list in the reader's, the live event, push and mail in the
 * recipient's. The recipient's browsers page through them, and reading or deleting one is told to all of the
 * recipient's sockets. Push messages and mail are enqueued in the transaction that stores it.
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
   * Runs the cause's statement with the notification stored inside it (none when `draft` is null or the actor
   * would notify themselves): one round trip for both. Returns the cause's row (undefined when its SELECT has
   * none) and the notification, if it was stored, to `deliver` after the commit.
   */
  async recordWith<Row extends object>(
    manager: EntityManager,
    draft: NotificationDraft | null,
    cause: CauseStatement,
  ): Promise<{ row: Row | undefined; notification: ServerNotification | null }> {
    const notify =
      draft && draft.recipientId !== draft.actor.id
        ? insertNotification(draft, cause.params.length + 1, cause.when)
        : null;
    const [result] = await manager.query<Array<Row & { notification?: NotificationRow | null }>>(
      `WITH ${cause.with}${notify ? `, notified AS (${notify.sql})` : ''}
       SELECT cause.*, ${notify ? '(SELECT row_to_json(n) FROM notified n)' : 'NULL::json'} AS "notification"
         FROM (${cause.select}) cause`,
      [...cause.params, ...(notify?.params ?? [])],
    );
    if (!result) return { row: undefined, notification: null };
    const { notification, ...row } = result;
    return {
      row: row as Row,
      notification: notification ? await this.afterStored(manager, notification) : null,
    };
  }

  /**
   * What every stored notification goes through, in the transaction that stored it: its push messages and mail
   * are enqueued there (as the recipient's settings ask), so they leave exactly when it commits. Returns it as the
   * recipient reads it, in their language, to `deliver` after the commit.
   */
  private async afterStored(manager: EntityManager, row: NotificationRow): Promise<ServerNotification> {
    await this.push.stored(manager, row);
    return toServerNotification(row, recipientLanguage(row.recipientLanguages ?? {}));
  }

  /** Sends a stored notification to its recipient's sockets; call after the transaction commits. */
  deliver(recipientId: string, notification: ServerNotification | null): void {
    if (notification) this.publisher.publish(userRoom(recipientId), 'notification', notification);
  }

  /**
   * A page of the user's notifications, newest first, without those of users either side blocked, in `language`
   * (the reader's, as each request says it).
   */
  async list(userId: string, query: NotificationsQuery, language: Language): Promise<NotificationsPage> {
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
      notifications: page.map((row) => toServerNotification(row, language)),
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
