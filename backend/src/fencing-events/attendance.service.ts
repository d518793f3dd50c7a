import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import {
  eventRoom,
  type AttendanceReply,
  type AttendanceStatus,
  type ServerNotification,
  type SessionUser,
} from '@piste/contracts';
import { blockedEitherWay } from '../blocks/block-visibility';
import { connectedSql } from '../connections/request-rows';
import { nameOf } from '../notification-texts/notification-texts';
import { NotificationsService } from '../notifications/notifications.service';
import { RealtimePublisher } from '../publisher/realtime.publisher';
import { EventsService } from './events.service';

/**
 * Going and interested (DESIGN.md §4d): one answer per fencer and event, the event's counts moved in the same
 * transaction (its row locked, so concurrent answers count right), the new counts live to those who show the
 * event, and a fencer's connections who go too told that they are going.
 */
@Injectable()
export class AttendanceService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly events: EventsService,
    private readonly notifications: NotificationsService,
    private readonly publisher: RealtimePublisher,
  ) {}

  async set(viewer: SessionUser, eventId: string, status: AttendanceStatus | null): Promise<AttendanceReply> {
    const { reply, told } = await this.dataSource.transaction(async (manager) => {
      const event = await this.events.visible(manager, viewer.id, eventId, true);
      const [previous] = await manager.query<Array<{ status: AttendanceStatus }>>(
        `SELECT "status" FROM event_attendance WHERE "eventId" = $1 AND "userId" = $2`,
        [eventId, viewer.id],
      );
      const was = previous?.status ?? null;
      if (status === null) {
        await manager.query(`DELETE FROM event_attendance WHERE "eventId" = $1 AND "userId" = $2`, [
          eventId,
          viewer.id,
        ]);
      } else {
        await manager.query(
          `INSERT INTO event_attendance ("eventId", "userId", "status") VALUES ($1, $2, $3)
           ON CONFLICT ("eventId", "userId") DO UPDATE SET "status" = EXCLUDED."status"`,
          [eventId, viewer.id, status],
        );
      }
      const delta = (which: AttendanceStatus) => Number(status === which) - Number(was === which);
      // An UPDATE … RETURNING comes back as [rows, affected].
      const [[counts]] = await manager.query<
        [Array<{ goingCount: number; interestedCount: number }>, number]
      >(
        `UPDATE events SET "goingCount" = "goingCount" + $2, "interestedCount" = "interestedCount" + $3
          WHERE "id" = $1 RETURNING "goingCount", "interestedCount"`,
        [eventId, delta('going'), delta('interested')],
      );
      const told: Array<{ recipientId: string; notification: ServerNotification | null }> = [];
      if (status === 'going' && was !== 'going') {
        const friends = await manager.query<Array<{ userId: string }>>(
          `SELECT a."userId" FROM event_attendance a
            WHERE a."eventId" = $1 AND a."status" = 'going' AND a."userId" <> $2
              AND ${connectedSql('a."userId"', '$2')} AND NOT ${blockedEitherWay('a."userId"', '$2::uuid')}`,
          [eventId, viewer.id],
        );
        for (const { userId } of friends) {
          const notification = await this.notifications.record(manager, {
            recipientId: userId,
            type: 'event',
            actor: viewer,
            text: { kind: 'event_going', actor: nameOf(viewer), event: event.title },
            path: `/events/${eventId}`,
          });
          told.push({ recipientId: userId, notification });
        }
      }
      return { reply: { eventId, ...counts, viewerStatus: status }, told };
    });
    this.publisher.publish(eventRoom(eventId), 'event:attendance', {
      eventId,
      goingCount: reply.goingCount,
      interestedCount: reply.interestedCount,
    });
    for (const { recipientId, notification } of told) this.notifications.deliver(recipientId, notification);
    return reply;
  }
}
