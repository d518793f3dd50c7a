import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { createHash, randomBytes } from 'node:crypto';
import { DataSource } from 'typeorm';
import ical, { ICalEventStatus } from 'ical-generator';
import type { CalendarFeed, SessionUser } from '@piste/contracts';
import { APP_CONFIG, type AppConfig } from '../config/config';
import { EVENT_COLUMNS, EVENT_FROM, type EventRow } from './event-rows';
import { EventsService } from './events.service';
import { eventError, EventErrorCode } from './fencing-events.errors';

/** How far back the personal feed keeps events one went to. */
const FEED_HISTORY_DAYS = 180;

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * Events as iCalendar (RFC 5545, written by ical-generator): one event as a file, and a personal feed of the
 * events one is going to that calendar apps subscribe to by its secret link. The link's token is stored hashed:
 * it is shown once when made, and making a new one or turning the feed off revokes the old.
 */
@Injectable()
export class CalendarService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly events: EventsService,
  ) {}

  /** One event as a calendar file, for whoever may see it. */
  async eventFile(viewer: SessionUser, eventId: string): Promise<{ name: string; body: string }> {
    const row = await this.events.visible(this.dataSource.manager, viewer.id, eventId);
    const slug =
      row.title
        .replace(/[^A-Za-z0-9]+/g, '-')
        .replace(/^-|-$/g, '')
        .slice(0, 60) || 'event';
    return { name: `${slug}.ics`, body: this.calendar(row.title, [row]) };
  }

  async status(viewer: SessionUser): Promise<CalendarFeed> {
    const [row] = await this.dataSource.query<Array<{ createdAt: Date }>>(
      `SELECT "createdAt" FROM calendar_tokens WHERE "userId" = $1`,
      [viewer.id],
    );
    return { active: Boolean(row), createdAt: row ? new Date(row.createdAt).toISOString() : null };
  }

  /** A new secret link (the previous one, if any, stops working), shown this once. */
  async renew(viewer: SessionUser): Promise<CalendarFeed> {
    const token = randomBytes(24).toString('base64url');
    const [row] = await this.dataSource.query<Array<{ createdAt: Date }>>(
      `INSERT INTO calendar_tokens ("userId", "tokenHash") VALUES ($1, $2)
       ON CONFLICT ("userId") DO UPDATE SET "tokenHash" = EXCLUDED."tokenHash", "createdAt" = now()
       RETURNING "createdAt"`,
      [viewer.id, hashOf(token)],
    );
    return {
      active: true,
      createdAt: new Date(row.createdAt).toISOString(),
      url: `${this.config.publicUrl}/api/calendar/${token}.ics`,
    };
  }

  async revoke(viewer: SessionUser): Promise<void> {
    await this.dataSource.query(`DELETE FROM calendar_tokens WHERE "userId" = $1`, [viewer.id]);
  }

  /** The feed behind a secret link: the events its owner is going to, from the last months on. */
  async feed(token: string): Promise<string> {
    const [owner] = await this.dataSource.query<Array<{ userId: string }>>(
      `SELECT "userId" FROM calendar_tokens WHERE "tokenHash" = $1`,
      [hashOf(token)],
    );
    if (!owner) throw eventError(EventErrorCode.CalendarNotFound);
    const rows = await this.dataSource.query<EventRow[]>(
      `SELECT ${EVENT_COLUMNS} FROM ${EVENT_FROM}
         JOIN event_attendance a ON a."eventId" = e."id" AND a."userId" = $1 AND a."status" = 'going'
        WHERE e."endsAt" >= now() - make_interval(days => $2)
        ORDER BY e."startsAt", e."id"`,
      [owner.userId, FEED_HISTORY_DAYS],
    );
    return this.calendar('Piste: my events', rows);
  }

  private calendar(name: string, rows: EventRow[]): string {
    const calendar = ical({
      name,
      prodId: { company: 'Piste', product: 'Piste', language: 'EN' },
      // Calendar apps poll a subscribed feed; this asks for every few hours.
      ttl: 4 * 60 * 60,
    });
    for (const row of rows) {
      const page = `${this.config.publicUrl}/events/${row.id}`;
      const where = [row.venue, row.city, row.country.trim()].filter(Boolean).join(', ');
      const details = [
        row.description,
        row.clubName ? `By ${row.clubName}` : '',
        row.url ? `Registration: ${row.url}` : '',
        `On Piste: ${page}`,
      ].filter(Boolean);
      calendar.createEvent({
        id: `${row.id}@piste`,
        start: new Date(row.startsAt),
        end: new Date(row.endsAt),
        summary: row.title,
        location: where,
        description: details.join('\n\n'),
        url: page,
        sequence: row.sequence,
        stamp: new Date(row.updatedAt),
        lastModified: new Date(row.updatedAt),
        created: new Date(row.createdAt),
        categories: [{ name: row.kind }],
        status: ICalEventStatus.CONFIRMED,
      });
    }
    return calendar.toString();
  }
}
