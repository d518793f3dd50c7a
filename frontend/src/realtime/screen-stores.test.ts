import { startLiveEvents } from '../live-events';
import { useSessionStore } from '../stores/session';
import { liveSocket } from '../test-support/live-socket-mock';
import { sessionUser } from '../test-support/session-user';
import { loadedStore } from './screen-stores';

// Captures the stores' socket subscriptions so a test can play server events.
jest.mock('./socket', () => jest.requireActual('../test-support/live-socket-mock').socketModule());
jest.mock('../lib/toast', () => jest.requireActual('../test-support/live-socket-mock').toastModule());

const live = liveSocket();
startLiveEvents();

const camille = sessionUser({ id: 'user-camille', username: 'camille', name: 'Camille' });
const bruno = sessionUser({ id: 'user-bruno', username: 'bruno', name: 'Bruno' });

describe('the stores of screens other than the feed', () => {
  it('are not there until their screen loads them, and their live events wait for it', async () => {
    expect(loadedStore('club-page')).toBeUndefined();
    // A join request for a club page no screen has opened: nothing to update, nothing fetched.
    live.play('club:request', {
      clubId: 'club-1',
      slug: 'salle-lyon',
      request: { user: bruno, requestedAt: '' },
    });
    expect(loadedStore('club-page')).toBeUndefined();

    const { useClubPageStore } = await import('../stores/club-page');
    expect(loadedStore('club-page')).toBe(useClubPageStore.getState());
  });

  it('forget what they held for the last user once loaded, when another signs in', async () => {
    const { useCalendarFeedStore } = await import('../stores/calendar-feed');
    useSessionStore.setState({ user: camille, status: 'ready' });
    useCalendarFeedStore.setState({ active: true, status: 'ready', url: 'https://piste.example/ics/secret' });

    useSessionStore.setState({ user: bruno, status: 'ready' });
    expect(useCalendarFeedStore.getState()).toMatchObject({ active: false, status: 'idle', url: null });
  });
});
