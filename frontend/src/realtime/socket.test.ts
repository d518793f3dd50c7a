import type { SessionUser } from '@piste/contracts';
import { useSessionStore } from '../stores/session';
import {
  connectSocket,
  disconnectSocket,
  onRejoin,
  onReconnect,
  onServerEvent,
  useConnectionStatus,
  watchFeed,
} from './socket';
import { argumentOfOnlyCall } from '../test-support/mock-calls';
import { sessionUser } from '../test-support/session-user';

/** A stand-in for socket.io's client socket: tests play its events and read what it was asked to do. */
class FakeSocket {
  connected = false;
  active = true;
  emitted: [string, unknown][] = [];
  connectCalls = 0;
  private readonly handlers = new Map<string, ((...args: unknown[]) => void)[]>();
  private readonly anyHandlers: ((event: string, payload: unknown) => void)[] = [];
  readonly io = { on: (event: string, handler: () => void) => this.on(`io:${event}`, handler) };

  on(event: string, handler: (...args: unknown[]) => void) {
    this.handlers.set(event, [...(this.handlers.get(event) ?? []), handler]);
    return this;
  }
  onAny(handler: (event: string, payload: unknown) => void) {
    this.anyHandlers.push(handler);
  }
  offAny() {
    this.anyHandlers.length = 0;
  }
  removeAllListeners() {
    this.handlers.clear();
  }
  emit(event: string, payload: unknown) {
    this.emitted.push([event, payload]);
  }
  connect() {
    this.connectCalls += 1;
    this.active = true;
  }
  disconnect() {
    this.connected = false;
    this.active = false;
  }

  // What the server and the network do:
  serverConnects() {
    this.connected = true;
    this.active = true;
    this.fire('connect');
  }
  drops(reason: string, { retrying }: { retrying: boolean }) {
    this.connected = false;
    this.active = retrying;
    this.fire('disconnect', reason);
  }
  refused(message: string) {
    this.connected = false;
    this.active = false;
    this.fire('connect_error', new Error(message));
  }
  serverEmits(event: string, payload: unknown) {
    this.fire(event, payload);
    this.anyHandlers.forEach((handler) => handler(event, payload));
  }
  private fire(event: string, ...args: unknown[]) {
    this.handlers.get(event)?.forEach((handler) => handler(...args));
  }
}

jest.mock('socket.io-client', () => ({ io: jest.fn() }));
jest.mock('../api/auth', () => ({ fetchSessionUser: jest.fn() }));
const { io } = jest.requireMock<{ io: jest.Mock }>('socket.io-client');
const { fetchSessionUser } = jest.requireMock<{ fetchSessionUser: jest.Mock }>('../api/auth');

/** The session as the app hands it to the socket. */
const session = {
  userId: () => useSessionStore.getState().user?.id ?? null,
  changed: (user: SessionUser | null) => useSessionStore.getState().setUser(user),
};

const alice = sessionUser({ id: 'user-alice', username: 'alice', name: 'Alice' });
let fake: FakeSocket;

/** Opens the socket, lets the server accept it, then drops it with `reason`. */
function connectThenDrop(reason: string, how: { retrying: boolean }) {
  connectSocket(session);
  fake.serverConnects();
  fake.drops(reason, how);
}

beforeEach(() => {
  jest.useFakeTimers();
  jest.spyOn(Math, 'random').mockReturnValue(0.5); // no jitter: retries after 1 s, 2 s, 4 s…
  fake = new FakeSocket();
  io.mockReset().mockReturnValue(fake);
  fetchSessionUser.mockReset();
  useSessionStore.setState({ user: alice, status: 'ready' });
});

afterEach(() => {
  disconnectSocket();
  watchFeed(null);
  jest.useRealTimers();
  jest.restoreAllMocks();
});

describe('the live connection', () => {
  it('opens one socket per tab that reconnects with a growing delay', () => {
    expect(connectSocket(session)).toBe(connectSocket(session));
    expect(argumentOfOnlyCall(io)).toMatchObject({
      reconnection: true,
      reconnectionDelay: 500,
      reconnectionDelayMax: 5000,
    });
  });

  it('opens on the websocket transport first, so replicas need no sticky sessions', () => {
    connectSocket(session);
    expect(argumentOfOnlyCall(io)).toMatchObject({ transports: ['websocket', 'polling'] });
  });

  it('refetches on resync as after a reconnect, while staying connected', () => {
    const refetch = jest.fn();
    const stop = onReconnect(refetch);
    connectSocket(session);
    fake.serverConnects();
    expect(refetch).not.toHaveBeenCalled();

    fake.serverEmits('resync', {});
    expect(refetch).toHaveBeenCalledTimes(1);
    expect(useConnectionStatus.getState()).toEqual({ connected: true, everConnected: true });
    stop();
  });

  it('asks for the rooms again after every connect, the first included, and on resync', () => {
    const rejoin = jest.fn();
    const stop = onRejoin(rejoin);
    connectSocket(session);
    expect(rejoin).not.toHaveBeenCalled();
    fake.serverConnects();
    expect(rejoin).toHaveBeenCalledTimes(1);

    fake.drops('transport close', { retrying: true });
    fake.serverConnects();
    expect(rejoin).toHaveBeenCalledTimes(2);

    fake.serverEmits('resync', {});
    expect(rejoin).toHaveBeenCalledTimes(3);
    stop();
  });

  it('shows "paused" only after a first connect, and runs the reconnect handlers when it comes back', () => {
    const refetch = jest.fn();
    const stop = onReconnect(refetch);
    watchFeed('foil');
    connectSocket(session);
    expect(useConnectionStatus.getState()).toEqual({ connected: false, everConnected: false });

    fake.serverConnects();
    expect(useConnectionStatus.getState()).toEqual({ connected: true, everConnected: true });
    expect(fake.emitted).toEqual([['feed:watch', { weapon: 'foil' }]]);
    expect(refetch).not.toHaveBeenCalled();

    fake.drops('transport close', { retrying: true });
    expect(useConnectionStatus.getState()).toEqual({ connected: false, everConnected: true });

    fake.serverConnects();
    expect(refetch).toHaveBeenCalledTimes(1);
    expect(fake.emitted).toEqual([
      ['feed:watch', { weapon: 'foil' }],
      ['feed:watch', { weapon: 'foil' }],
    ]);
    stop();
  });

  it('keeps trying after the server closed the socket on purpose', () => {
    connectThenDrop('io server disconnect', { retrying: false });

    jest.advanceTimersByTime(800);
    expect(fake.connectCalls).toBe(0);
    jest.advanceTimersByTime(1000);
    expect(fake.connectCalls).toBe(1);

    // Refused again for another reason: the next try waits longer.
    fake.refused('server error');
    jest.advanceTimersByTime(1400);
    expect(fake.connectCalls).toBe(1);
    jest.advanceTimersByTime(1200);
    expect(fake.connectCalls).toBe(2);
  });

  it('does not interfere while socket.io is retrying by itself', () => {
    connectThenDrop('transport close', { retrying: true });
    fake.active = true;
    jest.advanceTimersByTime(60_000);
    expect(fake.connectCalls).toBe(0);
  });

  it('shows the auth screen when the server refuses the socket because the session is gone', async () => {
    fetchSessionUser.mockResolvedValue(null);
    connectThenDrop('transport close', { retrying: true });

    fake.refused('Not signed in');
    await jest.runAllTimersAsync();

    expect(fetchSessionUser).toHaveBeenCalledTimes(1);
    expect(useSessionStore.getState().user).toBeNull();
    expect(fake.connectCalls).toBe(0);
  });

  it('tries again later when the session still holds', async () => {
    fetchSessionUser.mockResolvedValue(alice);
    connectSocket(session);
    fake.refused('Not signed in');
    await Promise.resolve();
    await Promise.resolve();
    expect(useSessionStore.getState().user).toEqual(alice);

    jest.advanceTimersByTime(1300);
    expect(fake.connectCalls).toBe(1);
  });

  it('forgets everything on sign-out: no retries, no "paused" banner', () => {
    connectThenDrop('io server disconnect', { retrying: false });
    disconnectSocket();
    jest.advanceTimersByTime(60_000);
    expect(fake.connectCalls).toBe(0);
    expect(useConnectionStatus.getState()).toEqual({ connected: false, everConnected: false });
  });

  it('hands server events to their subscribers', () => {
    const received = jest.fn();
    const stop = onServerEvent('notification', received);
    connectSocket(session);
    const event = { type: 'like', user: { name: 'Bruno', avatar: null }, message: 'liked your post' };
    fake.serverEmits('notification', event);
    stop();
    fake.serverEmits('notification', event);
    expect(received).toHaveBeenCalledTimes(1);
    expect(received).toHaveBeenCalledWith(event);
  });
});
