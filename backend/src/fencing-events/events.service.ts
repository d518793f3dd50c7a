import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import {
  EVENT_ATTENDEES_SHOWN,
  EVENT_LIMITS,
  type AttendanceStatus,
  type Attendee,
  type EventPage,
  type EventsPage,
  type EventsQuery,
  type SessionUser,
  type createEventSchema,
  type updateEventSchema,
} from '@piste/contracts';
import type { z } from 'zod';
import { blockedEitherWay } from '../blocks/block-visibility';
import { roleIn } from '../clubs/club-access';
import { runsClub } from '../clubs/club-rows';
import { connectedSql } from '../connections/request-rows';
import { FENCER_COLUMNS, toFencer, type FencerRow } from '../users/users.mapper';
import { EVENT_COLUMNS, EVENT_FROM, toFencingEvent, type EventRow } from './event-rows';
import { eventError, EventErrorCode } from './fencing-events.errors';

export type CreateEvent = z.output<typeof createEventSchema>;
export type UpdateEvent = z.output<typeof updateEventSchema>;

const DAY_MS = 24 * 60 * 60 * 1000;

/** What an event's announcer writes, and may change, in the order of the statements that store it. */
const EDITABLE = [
  'title',
  'kind',
  'startsAt',
  'endsAt',
  'timezone',
  'venue',
  'city',
  'country',
  'weapons',
  'categories',
  'url',
  'description',
] as const;

/** An event the viewer may see: any, unless a block stands between them and whoever announced it. */
const VISIBLE = (viewerParam: string) =>
  `(e."creatorId" IS NULL OR NOT ${blockedEitherWay('e."creatorId"', viewerParam)})`;

/**
 * Events (DESIGN.md §4d): announcing one (a club's by its owner, admins and coaches), the list upcoming first,
 * an event's page with who goes (connections first), changing and cancelling it. Attendance is in
 * AttendanceService, calendars in CalendarService.
 */
@Injectable()
export class EventsService {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async create(viewer: SessionUser, payload: CreateEvent): Promise<EventPage> {
    if (payload.clubId) {
      const role = await roleIn(this.dataSource.manager, payload.clubId, viewer.id);
      if (!runsClub(role) && role !== 'coach') {
        throw eventError(EventErrorCode.NotClubStaff);
      }
    }
    const columns = ['creatorId', 'clubId', ...EDITABLE].map((column) => `"${column}"`).join(', ');
    const values = [viewer.id, payload.clubId ?? null, ...EDITABLE.map((field) => payload[field])];
    const [{ id }] = await this.dataSource.query<Array<{ id: string }>>(
      `INSERT INTO events (${columns}) VALUES (${values.map((_, i) => `$${i + 1}`).join(', ')}) RETURNING "id"`,
      values,
    );
    return this.page(viewer, id);
  }

  /**
   * Events not over by `from` (now when absent) and starting by `to`, soonest first, on the (startsAt, id) index:
   * an event lasts at most EVENT_LIMITS.days, so "not over by `from`" also bounds where the scan starts.
   */
  async list(viewer: SessionUser, query: EventsQuery): Promise<EventsPage> {
    const from = query.from ?? new Date();
    const params: unknown[] = [viewer.id, from, new Date(from.getTime() - EVENT_LIMITS.days * DAY_MS)];
    const where = [VISIBLE('$1'), `e."endsAt" >= $2`, `e."startsAt" >= $3`];
    const add = (value: unknown, condition: (param: string) => string) => {
      params.push(value);
      where.push(condition(`$${params.length}`));
    };
    if (query.to) add(query.to, (p) => `e."startsAt" <= ${p}`);
    if (query.country) add(query.country, (p) => `e."country" = ${p}`);
    if (query.weapon) add(query.weapon, (p) => `${p} = ANY(e."weapons")`);
    if (query.clubId) add(query.clubId, (p) => `e."clubId" = ${p}`);
    if (query.kind) add(query.kind, (p) => `e."kind" = ${p}`);
    if (query.after) {
      const [known] = await this.dataSource.query<unknown[]>(`SELECT 1 FROM events WHERE "id" = $1`, [
        query.after,
      ]);
      if (!known) throw eventError(EventErrorCode.UnknownCursor);
      add(
        query.after,
        (p) => `(e."startsAt", e."id") > (SELECT "startsAt", "id" FROM events WHERE "id" = ${p})`,
      );
    }
    params.push(query.limit + 1);
    const rows = await this.dataSource.query<EventRow[]>(
      `SELECT ${EVENT_COLUMNS} FROM ${EVENT_FROM}
        WHERE ${where.join(' AND ')}
        ORDER BY e."startsAt", e."id" LIMIT $${params.length}`,
      params,
    );
    const events = rows.slice(0, query.limit).map(toFencingEvent);
    return { events, nextCursor: rows.length > query.limit ? events[events.length - 1].id : null };
  }

  /** An event's page: the event, its counts, the viewer's answer and who goes, connections first. */
  async page(viewer: SessionUser, eventId: string): Promise<EventPage> {
    const manager = this.dataSource.manager;
    const row = await this.visible(manager, viewer.id, eventId);
    const [[own], attendees, canEdit] = await Promise.all([
      manager.query<Array<{ status: AttendanceStatus }>>(
        `SELECT "status" FROM event_attendance WHERE "eventId" = $1 AND "userId" = $2`,
        [eventId, viewer.id],
      ),
      this.attendees(manager, viewer.id, eventId),
      this.mayEdit(manager, viewer, row),
    ]);
    return {
      event: toFencingEvent(row),
      goingCount: row.goingCount,
      interestedCount: row.interestedCount,
      viewerStatus: own?.status ?? null,
      attendees,
      canEdit,
    };
  }

  /** Its creator or an admin of its club changes it; calendars that hold it see a new version. */
  async update(viewer: SessionUser, eventId: string, edit: UpdateEvent): Promise<EventPage> {
    await this.dataSource.transaction(async (manager) => {
      const row = await this.visible(manager, viewer.id, eventId, true);
      if (!(await this.mayEdit(manager, viewer, row))) {
        throw eventError(EventErrorCode.NotYoursToChange);
      }
      const next: Pick<EventRow, (typeof EDITABLE)[number]> = {
        ...row,
        ...Object.fromEntries(Object.entries(edit).filter(([, value]) => value !== undefined)),
      };
      if (new Date(next.endsAt) < new Date(next.startsAt)) {
        throw eventError(EventErrorCode.EndsBeforeStart);
      }
      const sets = EDITABLE.map((field, i) => `"${field}" = $${i + 2}`).join(', ');
      await manager.query(
        `UPDATE events SET ${sets}, "sequence" = "sequence" + 1, "updatedAt" = now() WHERE "id" = $1`,
        [eventId, ...EDITABLE.map((field) => next[field])],
      );
    });
    return this.page(viewer, eventId);
  }

  /** Its creator, an admin of its club, or a Piste admin cancels it. */
  async remove(viewer: SessionUser, eventId: string): Promise<void> {
    await this.dataSource.transaction(async (manager) => {
      const row = await this.visible(manager, viewer.id, eventId, true);
      if (!viewer.isAdmin && !(await this.mayEdit(manager, viewer, row))) {
        throw eventError(EventErrorCode.NotYoursToCancel);
      }
      await manager.query(`DELETE FROM events WHERE "id" = $1`, [eventId]);
    });
  }

  /** The event if the viewer may see it (locked for update when asked); 404 otherwise. */
  async visible(manager: EntityManager, viewerId: string, eventId: string, lock = false): Promise<EventRow> {
    const [row] = await manager.query<EventRow[]>(
      `SELECT ${EVENT_COLUMNS} FROM ${EVENT_FROM} WHERE e."id" = $1 AND ${VISIBLE('$2')}
       ${lock ? 'FOR UPDATE OF e' : ''}`,
      [eventId, viewerId],
    );
    if (!row) throw eventError(EventErrorCode.NotFound);
    return row;
  }

  private async mayEdit(manager: EntityManager, viewer: SessionUser, row: EventRow): Promise<boolean> {
    if (row.creatorId === viewer.id) return true;
    return row.clubId !== null && runsClub(await roleIn(manager, row.clubId, viewer.id));
  }

  private async attendees(manager: EntityManager, viewerId: string, eventId: string): Promise<Attendee[]> {
    const rows = await manager.query<Array<FencerRow & { status: AttendanceStatus; connected: boolean }>>(
      `SELECT ${FENCER_COLUMNS}, a."status", ${connectedSql('u."id"', '$2')} AS "connected"
         FROM event_attendance a JOIN users u ON u."id" = a."userId"
        WHERE a."eventId" = $1 AND NOT ${blockedEitherWay('u."id"', '$2::uuid')}
        ORDER BY "connected" DESC, (a."status" = 'going') DESC, a."createdAt", u."id"
        LIMIT ${EVENT_ATTENDEES_SHOWN}`,
      [eventId, viewerId],
    );
    return rows.map((row) => ({ user: toFencer(row), status: row.status, connected: row.connected }));
  }
}
