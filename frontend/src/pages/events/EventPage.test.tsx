import type { Attendee, EventPage as EventPageData, FencingEvent } from '@piste/contracts';
import i18next from 'i18next';
import { act } from 'react';
import * as connectionsApi from '../../api/connections';
import * as eventsApi from '../../api/events';
import { ApiError } from '../../api/client';
import { useConnectionsStore } from '../../stores/connections';
import { ATTENDEES_REFRESH_MS, useEventPageStore } from '../../stores/event-page';
import { mountEach, settle } from '../../test-support/mounted';
import { routerAddress } from '../../test-support/router-mock';
import { sessionUser } from '../../test-support/session-user';
import { EventPage } from './EventPage';

jest.mock('../../api/events');
jest.mock('../../api/connections');
jest.mock('../../realtime/socket', () =>
  jest.requireActual('../../test-support/live-socket-mock').socketModule(),
);
jest.mock('../../lib/toast', () => jest.requireActual('../../test-support/live-socket-mock').toastModule());
// The viewer is in New York, the event in Lyon.
jest.mock('../../lib/zoned-time', () => ({
  ...jest.requireActual<typeof import('../../lib/zoned-time')>('../../lib/zoned-time'),
  browserTimeZone: () => 'America/New_York',
}));

// The router mock has no :id: the page reads it through useParams, given here.
const EVENT_ID = '6f1d2c3b-4a5e-4f60-8a7b-9c0d1e2f3a4b';
jest.mock('../../lib/router', () => ({
  ...jest
    .requireActual<typeof import('../../test-support/router-mock')>('../../test-support/router-mock')
    .routerModule(),
  useParams: () => ({ id: '6f1d2c3b-4a5e-4f60-8a7b-9c0d1e2f3a4b' }),
}));

// jsdom has no modal dialogs; cancelling the event confirms in one.
HTMLDialogElement.prototype.showModal = function (this: HTMLDialogElement) {
  this.open = true;
};
HTMLDialogElement.prototype.close = function (this: HTMLDialogElement) {
  this.open = false;
};

const api = jest.mocked(eventsApi);
const connections = jest.mocked(connectionsApi);
const router = routerAddress();
const viewer = sessionUser({ id: 'u-viewer', username: 'viewer', name: 'Viewer' });

const fencer = (id: string, name: string) => ({
  id,
  username: name.toLowerCase(),
  name,
  avatar: null,
  title: null,
  weaponSpecialty: null,
  role: 'fencer',
});

const event: FencingEvent = {
  id: EVENT_ID,
  title: 'Lyon Épée Open',
  kind: 'competition',
  startsAt: '2027-03-13T08:00:00.000Z',
  endsAt: '2027-03-13T17:00:00.000Z',
  timezone: 'Europe/Paris',
  venue: 'Palais des Sports',
  city: 'Lyon',
  country: 'FR',
  weapons: ['epee'],
  categories: ['U17', 'Seniors'],
  url: 'https://example.com/register',
  description: 'Pools in the morning, direct elimination after lunch.',
  club: { id: 'c1', slug: 'salle-lyon', name: 'Salle Lyon' },
  creator: { id: 'u-olga', name: 'Olga', username: 'olga', avatar: null },
  goingCount: 2,
  interestedCount: 1,
  createdAt: '2026-11-01T10:00:00.000Z',
};

const ATTENDEES: Attendee[] = [
  { user: fencer('u-ben', 'Ben'), status: 'going', connected: true },
  { user: fencer('u-cleo', 'Cleo'), status: 'going', connected: false },
  { user: fencer('u-dora', 'Dora'), status: 'interested', connected: false },
];

function eventPage(overrides: Partial<EventPageData> = {}): EventPageData {
  return {
    event,
    goingCount: 2,
    interestedCount: 1,
    viewerStatus: null,
    attendees: ATTENDEES,
    canEdit: false,
    ...overrides,
  };
}

beforeEach(() => {
  jest.resetAllMocks();
  useEventPageStore.getState().reset();
  useConnectionsStore.setState({ userId: viewer.id, sent: [], incoming: [], busy: {} });
  api.fetchEvent.mockResolvedValue(eventPage());
  // The first load answers on the next turn, as over the network: the settle below takes it in.
  api.fetchEvent.mockImplementationOnce(
    () => new Promise((resolve) => setTimeout(() => resolve(eventPage()), 0)),
  );
});
const view = mountEach(() => <EventPage user={viewer} />);
const host = () => view.host();
beforeEach(() => settle(() => undefined));

const button = (name: string) =>
  [...host().querySelectorAll<HTMLButtonElement>('button')].find((b) => b.textContent?.trim() === name);
const going = () => host().querySelector('[data-testid=event-going-count]')?.textContent;
const interested = () => host().querySelector('[data-testid=event-interested-count]')?.textContent;
const reopen = (page: EventPageData) => {
  api.fetchEvent.mockResolvedValue(page);
  return settle(() => void useEventPageStore.getState().refresh());
};
/** Lets the refetch that follows an answer or a live count run. */
const afterRefresh = () =>
  act(async () => {
    await new Promise((resolve) => setTimeout(resolve, ATTENDEES_REFRESH_MS + 20));
  });

describe('event page', () => {
  it('shows the event: title, kind, times in its zone, place, weapons, categories, club, creator, links', () => {
    expect(api.fetchEvent).toHaveBeenCalledWith(EVENT_ID);
    expect(host().querySelector('h1')?.textContent).toBe('Lyon Épée Open');
    expect(host().querySelector('[data-testid=event-kind]')?.textContent).toBe('Competition');
    expect(host().querySelector('[data-testid=event-times]')?.textContent).toBe(
      'Sat, 13 Mar 2027, 09:00–18:00 CET',
    );
    expect(host().textContent).toContain('Palais des Sports, Lyon, France');
    expect(host().textContent).toContain('Épée');
    expect(host().textContent).toContain('U17');
    expect(host().textContent).toContain('Pools in the morning');
    expect(host().querySelector('a[href="/clubs/salle-lyon"]')?.textContent).toBe('Salle Lyon');
    expect(host().querySelector('a[href="/u/olga"]')?.textContent).toBe('Olga');

    const registration = host().querySelector<HTMLAnchorElement>('a[href="https://example.com/register"]');
    expect(registration?.target).toBe('_blank');
    expect(registration?.rel).toBe('noopener noreferrer');
    const calendar = [...host().querySelectorAll('a')].find((a) => a.textContent === 'Add to calendar');
    expect(calendar?.getAttribute('href')).toBe(`/api/events/${EVENT_ID}.ics`);
    expect(calendar?.hasAttribute('download')).toBe(true);
  });

  it('says the time where the viewer is when their clocks differ from the event’s', () => {
    expect(host().querySelector('[data-testid=event-your-times]')?.textContent).toBe(
      'Your time: Sat, 13 Mar 2027, 03:00–12:00 EST',
    );
  });

  it('Going and Interested toggle with their counts; pressing the chosen one again takes it back', async () => {
    expect(going()).toBe('2 going');
    expect(interested()).toBe('1 interested');
    expect(button('Going')?.getAttribute('aria-pressed')).toBe('false');

    api.setAttendance.mockResolvedValue({
      eventId: EVENT_ID,
      goingCount: 3,
      interestedCount: 1,
      viewerStatus: 'going',
    });
    await settle(() => button('Going')!.click());
    expect(api.setAttendance).toHaveBeenLastCalledWith(EVENT_ID, 'going');
    expect(going()).toBe('3 going');
    expect(button('Going')?.getAttribute('aria-pressed')).toBe('true');
    expect(button('Interested')?.getAttribute('aria-pressed')).toBe('false');

    api.setAttendance.mockResolvedValue({
      eventId: EVENT_ID,
      goingCount: 2,
      interestedCount: 2,
      viewerStatus: 'interested',
    });
    await settle(() => button('Interested')!.click());
    expect(api.setAttendance).toHaveBeenLastCalledWith(EVENT_ID, 'interested');
    expect(going()).toBe('2 going');
    expect(interested()).toBe('2 interested');
    expect(button('Interested')?.getAttribute('aria-pressed')).toBe('true');

    api.setAttendance.mockResolvedValue({
      eventId: EVENT_ID,
      goingCount: 2,
      interestedCount: 1,
      viewerStatus: null,
    });
    await settle(() => button('Interested')!.click());
    expect(api.setAttendance).toHaveBeenLastCalledWith(EVENT_ID, null);
    expect(interested()).toBe('1 interested');
    expect(button('Interested')?.getAttribute('aria-pressed')).toBe('false');
  });

  it('moves the counts live, refetches who goes, and ignores another event’s counts', async () => {
    await settle(() =>
      useEventPageStore
        .getState()
        .receiveAttendance({ eventId: 'another', goingCount: 9, interestedCount: 9 }),
    );
    expect(going()).toBe('2 going');

    api.fetchEvent.mockResolvedValue(
      eventPage({
        goingCount: 3,
        attendees: [...ATTENDEES, { user: fencer('u-eli', 'Eli'), status: 'going', connected: false }],
      }),
    );
    await settle(() =>
      useEventPageStore
        .getState()
        .receiveAttendance({ eventId: EVENT_ID, goingCount: 3, interestedCount: 1 }),
    );
    expect(going()).toBe('3 going');
    expect(host().querySelectorAll('[data-testid=event-attendee]')).toHaveLength(3);
    await afterRefresh();
    expect(host().querySelectorAll('[data-testid=event-attendee]')).toHaveLength(4);
    expect(host().textContent).toContain('Eli');
  });

  it('lists who goes: connections say so, others can be asked to connect, then show Request sent', async () => {
    const rows = [...host().querySelectorAll('[data-testid=event-attendee]')];
    expect(rows.map((row) => row.querySelector('.truncate')?.textContent)).toEqual(['Ben', 'Cleo', 'Dora']);
    expect(rows[0].textContent).toContain('Connection');
    expect(rows[0].querySelector('button')).toBeNull();
    expect(rows[2].textContent).toContain('Interested');

    connections.sendFriendRequest.mockResolvedValue({
      id: 'r1',
      senderId: viewer.id,
      receiverId: 'u-cleo',
      status: 'pending',
      createdAt: '2026-11-26T10:00:00.000Z',
    } as Awaited<ReturnType<typeof connectionsApi.sendFriendRequest>>);
    await settle(() => rows[1].querySelector<HTMLButtonElement>('[aria-label="Connect with Cleo"]')!.click());
    expect(connections.sendFriendRequest).toHaveBeenCalledWith(viewer.id, 'u-cleo');
    const cleo = host().querySelectorAll('[data-testid=event-attendee]')[1];
    expect(cleo.querySelector('button')?.textContent).toBe('Request sent');
    expect(cleo.querySelector('button')?.disabled).toBe(true);
  });

  it('shows the viewer as You, not as someone to connect with', async () => {
    await reopen(
      eventPage({ attendees: [{ user: fencer(viewer.id, 'Viewer'), status: 'going', connected: false }] }),
    );
    const row = host().querySelector('[data-testid=event-attendee]')!;
    expect(row.textContent).toContain('You');
    expect(row.querySelector('button')).toBeNull();
  });

  it('lets those who went log a bout there once the event has started', async () => {
    expect(button('Log a bout')).toBeUndefined();
    await reopen(eventPage({ viewerStatus: 'going' }));
    // Going, but it has not started yet.
    expect(button('Log a bout')).toBeUndefined();
    const started = { ...event, startsAt: '2026-01-10T08:00:00.000Z', endsAt: '2026-01-10T17:00:00.000Z' };
    await reopen(eventPage({ event: started, viewerStatus: 'going' }));
    await settle(() => button('Log a bout')!.click());
    const form = document.querySelector('form[aria-label="Log a bout"]');
    expect(form?.textContent).toContain('At Lyon Épée Open.');
  });

  it('offers Edit and Cancel event only to those who may edit; cancelling asks first', async () => {
    expect(button('Cancel event')).toBeUndefined();
    expect(host().querySelector(`a[href="/events/${EVENT_ID}/edit"]`)).toBeNull();

    await reopen(eventPage({ canEdit: true }));
    expect(host().querySelector(`a[href="/events/${EVENT_ID}/edit"]`)?.textContent).toBe('Edit');
    await settle(() => button('Cancel event')!.click());
    expect(document.body.textContent).toContain('Cancel this event?');
    expect(api.deleteEvent).not.toHaveBeenCalled();

    api.deleteEvent.mockResolvedValue();
    const confirm = [...document.querySelectorAll<HTMLButtonElement>('dialog button')].find(
      (b) => b.textContent === 'Cancel event',
    );
    await settle(() => confirm!.click());
    expect(api.deleteEvent).toHaveBeenCalledWith(EVENT_ID);
    expect(router.navigate).toHaveBeenCalledWith('/events');
  });

  it('says the event failed to load, as one sentence in the language shown, and offers Try again', async () => {
    api.fetchEvent.mockRejectedValue(new ApiError('Service unavailable', 503));
    await settle(() => {
      useEventPageStore.getState().reset();
      void useEventPageStore.getState().open(EVENT_ID);
    });
    expect(host().textContent).toContain('Failed to load the event');
    expect(button('Try again')).toBeDefined();
    await settle(() => void i18next.changeLanguage('fr'));
    try {
      expect(host().textContent).toContain('Impossible de charger l’événement');
    } finally {
      await settle(() => void i18next.changeLanguage('en'));
    }
  });

  it('shows the not-found screen for an event that does not exist', async () => {
    api.fetchEvent.mockRejectedValue(new ApiError('Event not found', 404));
    await settle(() => void useEventPageStore.getState().refresh());
    expect(host().querySelector('h1')?.textContent).toBe('404 Page Not Found');
  });
});
