import { DataSource } from 'typeorm';
import type {
  AttendanceReply,
  CalendarFeed,
  CreateEventPayload,
  EventPage,
  EventsPage,
  ServerNotification,
} from '@piste/contracts';
import {
  ApiClient,
  connectUsers,
  itRacing,
  makeAdmin,
  makeUser,
  nextEvent,
  storeBlock,
  useTestApp,
  type TestUser,
} from './helpers';
import { barrier, emitHandled, record, useSockets } from './sockets';
import { joinClub, makeClub, word } from './club-fixtures';

const t = useTestApp();

const DAY = 24 * 60 * 60 * 1000;
/** A day `days` from now at 09:00 UTC, as an ISO instant. */
const dayAt = (days: number, hour = 9) => {
  const date = new Date(Date.now() + days * DAY);
  date.setUTCHours(hour, 0, 0, 0);
  return date.toISOString();
};

const eventPayload = (overrides: Partial<CreateEventPayload> = {}): CreateEventPayload => ({
  title: `Open ${word('ev')}`,
  kind: 'competition',
  startsAt: dayAt(10),
  endsAt: dayAt(11, 18),
  timezone: 'Europe/Paris',
  venue: 'Halle Tony Garnier',
  city: 'Lyon',
  country: 'fr',
  weapons: ['epee'],
  categories: ['Senior', 'Veteran'],
  url: 'https://example.org/register',
  ...overrides,
});

async function makeEvent(by: TestUser, overrides: Partial<CreateEventPayload> = {}): Promise<EventPage> {
  const res = await by.client.post<EventPage>('/api/events', eventPayload(overrides));
  if (res.status !== 201) throw new Error(`event failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

const attend = (who: TestUser, eventId: string, status: 'going' | 'interested' | null) =>
  who.client.put<AttendanceReply>(`/api/events/${eventId}/attendance`, { status });

/** The stored counts beside a recount of the attendance rows. */
async function counts(eventId: string) {
  const [row] = await t.app
    .get(DataSource)
    .query<Array<{ going: number; interested: number; goingRecount: number; interestedRecount: number }>>(
      `SELECT e."goingCount" AS going, e."interestedCount" AS interested,
            (SELECT count(*)::int FROM event_attendance a WHERE a."eventId" = e.id AND a.status = 'going') AS "goingRecount",
            (SELECT count(*)::int FROM event_attendance a WHERE a."eventId" = e.id AND a.status = 'interested') AS "interestedRecount"
       FROM events e WHERE e.id = $1`,
      [eventId],
    );
  return row;
}

/** An .ics body parsed by ical.js (an ES module): its events' UID, summary, start, end and location. */
async function parseCalendar(body: string) {
  const { default: ICAL } = await import('ical.js');
  const calendar = new ICAL.Component(ICAL.parse(body));
  return calendar.getAllSubcomponents('vevent').map((component) => {
    const event = new ICAL.Event(component);
    return {
      uid: event.uid,
      summary: event.summary,
      start: event.startDate.toJSDate().toISOString(),
      end: event.endDate.toJSDate().toISOString(),
      location: event.location,
      url: component.getFirstPropertyValue('url'),
    };
  });
}

describe('events', () => {
  const socketOf = useSockets(t);

  it('are announced with their place, times and zone, and refused when they make no sense', async () => {
    const fencer = await makeUser(t);
    const created = await makeEvent(fencer, { title: 'Challenge Réseau', weapons: ['epee', 'epee', 'foil'] });
    expect(created).toMatchObject({
      event: {
        title: 'Challenge Réseau',
        kind: 'competition',
        timezone: 'Europe/Paris',
        country: 'FR',
        weapons: ['epee', 'foil'],
        categories: ['Senior', 'Veteran'],
        url: 'https://example.org/register',
        club: null,
        creator: { id: fencer.user.id, username: fencer.user.username },
        goingCount: 0,
        interestedCount: 0,
      },
      goingCount: 0,
      interestedCount: 0,
      viewerStatus: null,
      attendees: [],
      canEdit: true,
    });
    const other = await makeUser(t);
    expect((await other.client.get<EventPage>(`/api/events/${created.event.id}`)).body.canEdit).toBe(false);

    const bad: Array<[Partial<CreateEventPayload>, string]> = [
      [{ timezone: 'Mars/Olympus' }, 'Unknown time zone'],
      [{ startsAt: dayAt(5), endsAt: dayAt(4) }, 'The event must end after it starts'],
      [{ startsAt: dayAt(1), endsAt: dayAt(40) }, 'An event can last at most 31 days'],
      [{ url: 'javascript:alert(1)' }, 'The registration link must start with https:// or http://'],
      [{ kind: 'party' as never }, 'Kind is competition, training, camp or social'],
      [{ weapons: [] }, 'Choose at least one weapon'],
      [{ country: 'France' }, 'Country must be a two-letter code such as FR or US'],
      [{ startsAt: 'next tuesday' }, 'Start must be a date and time'],
      [{ title: 'x'.repeat(151) }, 'Title can be at most 150 characters'],
    ];
    for (const [change, message] of bad) {
      const res = await fencer.client.post('/api/events', eventPayload(change));
      expect(res.status).toBe(400);
      expect(JSON.stringify(res.body)).toContain(message);
    }
    expect((await fencer.client.get('/api/events/not-an-id')).status).toBe(400);
    expect((await fencer.client.get('/api/events/00000000-0000-4000-8000-000000000000')).status).toBe(404);
  });

  it('of a club are announced by its owner, admins and coaches only', async () => {
    const owner = await makeUser(t);
    const coach = await makeUser(t);
    const member = await makeUser(t);
    const outsider = await makeUser(t);
    const { club } = await makeClub(owner);
    for (const who of [coach, member]) await joinClub(who, club.slug);
    await owner.client.patch(`/api/clubs/${club.slug}/members/${coach.user.id}`, { role: 'coach' });

    const training = await makeEvent(coach, { clubId: club.id, kind: 'training', title: 'Thursday bouting' });
    expect(training.event.club).toEqual({ id: club.id, slug: club.slug, name: club.name });
    for (const who of [member, outsider]) {
      const res = await who.client.post('/api/events', {
        title: 'Not mine',
        kind: 'social',
        startsAt: dayAt(3),
        endsAt: dayAt(3, 12),
        timezone: 'Europe/Paris',
        city: 'Lyon',
        country: 'FR',
        weapons: ['foil'],
        clubId: club.id,
      });
      expect(res.status).toBe(403);
      expect(res.body).toEqual({
        message: 'Only the club’s admins and coaches can add its events',
        code: 'events.not_club_staff',
      });
    }
    // The club's admins may change and cancel its events; its members may not.
    expect(
      (await member.client.patch(`/api/events/${training.event.id}`, { title: 'Mine now' })).status,
    ).toBe(403);
    const renamed = await owner.client.patch<EventPage>(`/api/events/${training.event.id}`, {
      title: 'Thursday bouting (moved)',
    });
    expect(renamed.status).toBe(200);
    expect(renamed.body.event.title).toBe('Thursday bouting (moved)');
    expect((await member.client.delete(`/api/events/${training.event.id}`)).status).toBe(403);
    const listed = await outsider.client.get<EventsPage>(`/api/events?clubId=${club.id}`);
    expect(listed.body.events.map((e) => e.id)).toEqual([training.event.id]);
    expect((await owner.client.delete(`/api/events/${training.event.id}`)).status).toBe(204);
    expect((await outsider.client.get(`/api/events/${training.event.id}`)).status).toBe(404);
  });

  it('can be changed by whoever announced them and cancelled by a Piste admin', async () => {
    const creator = await makeUser(t);
    const other = await makeUser(t);
    const admin = await makeAdmin(t);
    const { event } = await makeEvent(creator);
    expect((await other.client.patch(`/api/events/${event.id}`, { title: 'Hijacked' })).status).toBe(403);
    const onlyStart = await creator.client.patch(`/api/events/${event.id}`, { startsAt: dayAt(2) });
    expect(onlyStart.status).toBe(400);
    expect(JSON.stringify(onlyStart.body)).toContain('Change the start and the end together');
    expect((await creator.client.patch(`/api/events/${event.id}`, {})).status).toBe(400);
    const moved = await creator.client.patch<EventPage>(`/api/events/${event.id}`, {
      startsAt: dayAt(20),
      endsAt: dayAt(20, 17),
      url: null,
    });
    expect(moved.body.event).toMatchObject({ startsAt: dayAt(20), endsAt: dayAt(20, 17), url: null });
    expect((await other.client.delete(`/api/events/${event.id}`)).status).toBe(403);
    expect((await admin.client.delete(`/api/events/${event.id}`)).status).toBe(204);
  });

  it('are listed upcoming first, filtered by dates, country, weapon and kind, and paged', async () => {
    const fencer = await makeUser(t);
    const country = 'NZ';
    const later = await makeEvent(fencer, { country, startsAt: dayAt(30), endsAt: dayAt(30, 18) });
    const sooner = await makeEvent(fencer, {
      country,
      startsAt: dayAt(5),
      endsAt: dayAt(6, 18),
      weapons: ['sabre'],
      kind: 'camp',
    });
    const past = await makeEvent(fencer, { country, startsAt: dayAt(-10), endsAt: dayAt(-9) });
    // Started yesterday, ends tomorrow: not over, so still upcoming.
    const running = await makeEvent(fencer, { country, startsAt: dayAt(-1), endsAt: dayAt(1) });

    const ids = async (query: string) =>
      (await fencer.client.get<EventsPage>(`/api/events?country=${country}${query}`)).body.events.map(
        (e) => e.id,
      );
    expect(await ids('')).toEqual([running.event.id, sooner.event.id, later.event.id]);
    expect(await ids('&weapon=sabre')).toEqual([sooner.event.id]);
    expect(await ids('&kind=camp')).toEqual([sooner.event.id]);
    expect(await ids(`&to=${encodeURIComponent(dayAt(10))}`)).toEqual([running.event.id, sooner.event.id]);
    expect(await ids(`&from=${dayAt(-12).slice(0, 10)}`)).toEqual([
      past.event.id,
      running.event.id,
      sooner.event.id,
      later.event.id,
    ]);
    const first = await fencer.client.get<EventsPage>(`/api/events?country=${country}&limit=2`);
    expect(first.body.nextCursor).toBe(sooner.event.id);
    const second = await fencer.client.get<EventsPage>(
      `/api/events?country=${country}&limit=2&after=${first.body.nextCursor}`,
    );
    expect(second.body).toEqual({ events: [later.event], nextCursor: null });
    expect((await fencer.client.get('/api/events?after=00000000-0000-4000-8000-000000000000')).status).toBe(
      400,
    );
    expect((await fencer.client.get('/api/events?from=2027-02-01&to=2027-01-01')).status).toBe(400);
    expect((await fencer.client.get('/api/events?weapon=lance')).status).toBe(400);

    // Nothing crosses a block: the other side does not see the events one announced.
    const blocker = await makeUser(t);
    await storeBlock(t, blocker, fencer);
    expect((await blocker.client.get<EventsPage>(`/api/events?country=${country}`)).body.events).toEqual([]);
    expect((await blocker.client.get(`/api/events/${later.event.id}`)).status).toBe(404);
    expect((await blocker.client.get(`/api/events/${later.event.id}.ics`)).status).toBe(404);
    expect((await attend(blocker, later.event.id, 'going')).status).toBe(404);
  });

  it('count going and interested as their rows do, live to those who show them', async () => {
    const creator = await makeUser(t);
    const { event } = await makeEvent(creator);
    const [a, b, watcher] = await Promise.all([makeUser(t), makeUser(t), makeUser(t)]);
    const socket = await socketOf(watcher);
    await emitHandled(socket, 'events:watch', { eventIds: [event.id] });

    const live = nextEvent(socket, 'event:attendance', (e) => e.goingCount === 1);
    const going = await attend(a, event.id, 'going');
    expect(going.body).toEqual({
      eventId: event.id,
      goingCount: 1,
      interestedCount: 0,
      viewerStatus: 'going',
    });
    expect(await live).toEqual({ eventId: event.id, goingCount: 1, interestedCount: 0 });
    expect((await attend(b, event.id, 'interested')).body).toMatchObject({
      goingCount: 1,
      interestedCount: 1,
    });
    expect((await attend(a, event.id, 'interested')).body).toMatchObject({
      goingCount: 0,
      interestedCount: 2,
    });
    expect((await attend(a, event.id, 'interested')).body).toMatchObject({
      goingCount: 0,
      interestedCount: 2,
    });
    expect((await attend(b, event.id, null)).body).toMatchObject({ goingCount: 0, interestedCount: 1 });
    expect((await attend(b, event.id, null)).body).toMatchObject({ goingCount: 0, interestedCount: 1 });
    expect(await counts(event.id)).toEqual({
      going: 0,
      interested: 1,
      goingRecount: 0,
      interestedRecount: 1,
    });
    expect((await a.client.put(`/api/events/${event.id}/attendance`, { status: 'maybe' })).status).toBe(400);
    expect((await a.client.put(`/api/events/${event.id}/attendance`, {})).status).toBe(400);

    await emitHandled(socket, 'events:unwatch', { eventIds: [event.id] });
    const after = record(socket, 'event:attendance');
    await attend(b, event.id, 'going');
    await barrier(socket);
    expect(after).toEqual([]);
  });

  itRacing('count right when many answer at once', async () => {
    const creator = await makeUser(t);
    const { event } = await makeEvent(creator);
    const fencers = await Promise.all(Array.from({ length: 12 }, () => makeUser(t)));
    await Promise.all(fencers.map((f, i) => attend(f, event.id, i % 3 === 0 ? 'interested' : 'going')));
    await Promise.all(fencers.map((f, i) => attend(f, event.id, i % 2 === 0 ? null : 'going')));
    const stored = await counts(event.id);
    expect(stored.going).toBe(stored.goingRecount);
    expect(stored.interested).toBe(stored.interestedRecount);
    expect(stored.going).toBe(6);
  });

  it('list who goes with connections first, and tell a fencer when a connection goes too', async () => {
    const creator = await makeUser(t);
    const { event } = await makeEvent(creator, { title: 'Regional Open' });
    const [me, friend, stranger, blocked] = await Promise.all([
      makeUser(t),
      makeUser(t),
      makeUser(t),
      makeUser(t),
    ]);
    await connectUsers(t, me, friend);
    await connectUsers(t, me, blocked);
    await storeBlock(t, me, blocked);
    await attend(stranger, event.id, 'going');
    await attend(blocked, event.id, 'going');
    await attend(me, event.id, 'going');

    const socket = await socketOf(me);
    const told = nextEvent(socket, 'notification', (n: ServerNotification) => n.type === 'event');
    await attend(friend, event.id, 'interested');
    await attend(friend, event.id, 'going');
    const notification = await told;
    expect(notification).toMatchObject({
      type: 'event',
      message: `${friend.user.name || friend.user.username} is going to Regional Open`,
      path: `/events/${event.id}`,
    });
    // Going again, or a stranger going, tells nobody.
    const more = record(socket, 'notification');
    await attend(friend, event.id, 'going');
    await attend(await makeUser(t), event.id, 'going');
    await barrier(socket);
    expect(more).toEqual([]);

    const page = await me.client.get<EventPage>(`/api/events/${event.id}`);
    expect(page.body.viewerStatus).toBe('going');
    expect(page.body.goingCount).toBe(5);
    const listed = page.body.attendees.map((a) => [a.user.username, a.status, a.connected]);
    expect(listed[0]).toEqual([friend.user.username, 'going', true]);
    expect(listed.map(([name]) => name)).not.toContain(blocked.user.username);
    expect(listed).toContainEqual([stranger.user.username, 'going', false]);
  });

  it('come as an .ics file and in a personal calendar feed behind a revocable link', async () => {
    const fencer = await makeUser(t);
    const { event } = await makeEvent(fencer, { title: 'Coupe d’Automne', venue: 'Gymnase Jean Jaurès' });
    const other = await makeEvent(fencer, { title: 'Not going' });

    const file = await fencer.client.get<string>(`/api/events/${event.id}.ics`);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toMatch(/^text\/calendar/);
    expect(file.headers.get('content-disposition')).toMatch(/attachment; filename=".+\.ics"/);
    const [parsed] = await parseCalendar(file.body);
    expect(parsed).toMatchObject({
      uid: `${event.id}@piste`,
      summary: 'Coupe d’Automne',
      start: event.startsAt,
      end: event.endsAt,
      location: 'Gymnase Jean Jaurès, Lyon, FR',
    });
    expect(String(parsed.url)).toMatch(new RegExp(`/events/${event.id}$`));

    expect((await fencer.client.get<CalendarFeed>('/api/account/calendar')).body).toEqual({
      active: false,
      createdAt: null,
    });
    const made = await fencer.client.post<CalendarFeed>('/api/account/calendar');
    expect(made.body).toMatchObject({
      active: true,
      url: expect.stringMatching(/\/api\/calendar\/[\w-]+\.ics$/),
    });
    const path = new URL(made.body.url!).pathname;
    const calendarApp = new ApiClient(t.url);

    const empty = await calendarApp.get<string>(path);
    expect(empty.status).toBe(200);
    expect(await parseCalendar(empty.body)).toEqual([]);
    await attend(fencer, event.id, 'going');
    await attend(fencer, other.event.id, 'interested');
    const feed = await calendarApp.get<string>(path);
    expect(feed.headers.get('content-type')).toMatch(/^text\/calendar/);
    expect((await parseCalendar(feed.body)).map((e) => e.summary)).toEqual(['Coupe d’Automne']);
    expect((await fencer.client.get<CalendarFeed>('/api/account/calendar')).body).toMatchObject({
      active: true,
    });
    expect((await fencer.client.get<CalendarFeed>('/api/account/calendar')).body).not.toHaveProperty('url');

    // A new link revokes the old one; turning the feed off revokes them all.
    const renewed = await fencer.client.post<CalendarFeed>('/api/account/calendar');
    expect((await calendarApp.get(path)).status).toBe(404);
    const newPath = new URL(renewed.body.url!).pathname;
    expect((await calendarApp.get(newPath)).status).toBe(200);
    expect((await fencer.client.delete('/api/account/calendar')).status).toBe(204);
    expect((await calendarApp.get(newPath)).status).toBe(404);
    expect((await calendarApp.get('/api/calendar/short.ics')).status).toBe(404);
    // The file of one event needs a session; the feed's token is the only way in without one.
    expect((await calendarApp.get(`/api/events/${event.id}.ics`)).status).toBe(401);
  });
});
