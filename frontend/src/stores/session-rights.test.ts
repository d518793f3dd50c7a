import { useSessionStore } from './session';
import { startLiveEvents } from '../live-events';
import { liveSocket } from '../test-support/live-socket-mock';
import { sessionUser } from '../test-support/session-user';

// Captures the store's socket subscriptions so a test can play server events.
jest.mock('../realtime/socket', () => jest.requireActual('../test-support/live-socket-mock').socketModule());
jest.mock('../lib/toast', () => jest.requireActual('../test-support/live-socket-mock').toastModule());

const live = liveSocket();
startLiveEvents();

describe('admin rights changed by another admin', () => {
  it('session:rights grants and revokes admin in the signed-in user, with nothing else touched', () => {
    const camille = sessionUser({ id: 'user-camille', username: 'camille', name: 'Camille' });
    useSessionStore.setState({ user: camille, status: 'ready' });

    live.play('session:rights', { isAdmin: true });
    expect(useSessionStore.getState().user).toEqual({ ...camille, isAdmin: true });

    live.play('session:rights', { isAdmin: false });
    expect(useSessionStore.getState().user).toEqual({ ...camille, isAdmin: false });
  });

  it('is ignored while nobody is signed in', () => {
    useSessionStore.setState({ user: null, status: 'ready' });
    live.play('session:rights', { isAdmin: true });
    expect(useSessionStore.getState().user).toBeNull();
  });
});
