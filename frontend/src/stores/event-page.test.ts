import type { EventPage } from '@piste/contracts';
import * as eventsApi from '../api/events';
import { startLiveEvents } from '../live-events';
import { getSocket } from '../realtime/socket';
import { liveSocket } from '../test-support/live-socket-mock';
import { sessionUser } from '../test-support/session-user';
import { useEventPageStore } from './event-page';
import { useSessionStore } from './session';

jest.mock('../realtime/socket', () => jest.requireActual('../test-support/live-socket-mock').socketModule());
jest.mock('../api/events');
jest.mock('../api/notifications');
jest.mock('../lib/toast', () => jest.requireActual('../test-support/live-socket-mock').toastModule());
const api = jest.mocked(eventsApi);
const live = liveSocket();

// The store follows `event:attendance`, reconnects and sign-outs through the app's one table of live updates.
startLiveEvents();

const EVENT_ID = '6f1d2c3b-4a5e-4f60-8a7b-9c0d1e2f3a4b';
const store = () => useEventPageStore.getState();

const page: EventPage = {
  event: {
    id: EVENT_ID,
    title: 'Lyon Épée Open',
    kind: 'competition',
    startsAt: '2027-03-13T08:00:00.000Z',
    endsAt: '2027-03-13T17:00:00.000Z',
    timezone: 'Europe/Paris',
    venue: '',
    city: 'Lyon',
    country: 'FR',
    weapons: ['epee'],
    categories: [],
    url: null,
    description: '',
    club: null,
    creator: null,
    goingCount: 1,
    interestedCount: 0,
    createdAt: '2026-11-01T10:00:00.000Z',
  },
  goingCount: 1,
  interestedCount: 0,
  viewerStatus: null,
  attendees: [],
  canEdit: false,
};

/** The socket is up, so watching reaches the server. */
const socket = getSocket() as unknown as { connected: boolean };

beforeEach(() => {
  jest.resetAllMocks();
  store().reset();
  socket.connected = true;
  api.fetchEvent.mockResolvedValue(page);
});
afterEach(() => store().reset());

describe('the event page store, live', () => {
  it('follows the open event’s counts while it is shown, and again after a reconnect', async () => {
    await store().open(EVENT_ID);
    expect(live.emitted).toHaveBeenCalledWith('events:watch', { eventIds: [EVENT_ID] });

    live.emitted.mockClear();
    live.rejoin();
    expect(live.emitted).toHaveBeenCalledWith('events:watch', { eventIds: [EVENT_ID] });

    live.emitted.mockClear();
    store().close();
    expect(live.emitted).toHaveBeenCalledWith('events:unwatch', { eventIds: [EVENT_ID] });
    live.rejoin();
    expect(live.emitted).not.toHaveBeenCalledWith('events:watch', expect.anything());
  });

  it('takes the counts of `event:attendance` for the event shown, and no other', async () => {
    await store().open(EVENT_ID);
    live.play('event:attendance', { eventId: 'another', goingCount: 7, interestedCount: 7 });
    expect(store().page?.goingCount).toBe(1);
    live.play('event:attendance', { eventId: EVENT_ID, goingCount: 2, interestedCount: 3 });
    expect(store().page?.goingCount).toBe(2);
    expect(store().page?.interestedCount).toBe(3);

    // Left: its counts no longer change what is kept.
    store().close();
    live.play('event:attendance', { eventId: EVENT_ID, goingCount: 5, interestedCount: 5 });
    expect(store().page?.goingCount).toBe(2);
  });

  it('fetches the event again after a reconnect, only while it is shown', async () => {
    await store().open(EVENT_ID);
    api.fetchEvent.mockClear();
    live.reconnect();
    expect(api.fetchEvent).toHaveBeenCalledWith(EVENT_ID);

    store().close();
    api.fetchEvent.mockClear();
    live.reconnect();
    expect(api.fetchEvent).not.toHaveBeenCalled();
  });

  it('forgets the event when the signed-in user changes', async () => {
    useSessionStore.setState({ user: sessionUser({ id: 'u1', username: 'ana', name: 'Ana' }) });
    await store().open(EVENT_ID);
    expect(store().page).not.toBeNull();
    useSessionStore.setState({ user: null });
    expect(store().page).toBeNull();
    expect(store().id).toBeNull();
  });
});
