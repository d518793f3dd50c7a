import type { Ban } from '@piste/contracts';
import * as authApi from '../api/auth';
import * as moderationApi from '../api/moderation';
import { notify } from '../lib/toast';
import { banNotice, useBanStore } from './ban';
import { useSessionStore } from './session';
import { startLiveEvents } from '../live-events';
import { liveSocket } from '../test-support/live-socket-mock';
import { sessionUser } from '../test-support/session-user';

// Captures the store's socket subscriptions so a test can play server events.
jest.mock('../realtime/socket', () => jest.requireActual('../test-support/live-socket-mock').socketModule());
jest.mock('../api/moderation');
jest.mock('../api/auth');
jest.mock('../lib/toast', () => jest.requireActual('../test-support/live-socket-mock').toastModule());

const live = liveSocket();

// The stores follow server events through the app's one table of live updates.
startLiveEvents();
const api = jest.mocked(moderationApi);
const auth = jest.mocked(authApi);

const NOW = Date.parse('2026-11-22T10:00:00.000Z');
const HOUR = 60 * 60 * 1000;
const inHours = (hours: number) => new Date(NOW + hours * HOUR).toISOString();

const alice = sessionUser({ id: 'user-alice', username: 'alice', name: 'Alice' });

function makeBan(bannedUntil: string, reason = 'Spam'): Ban {
  return {
    id: `ban-${bannedUntil}`,
    userId: alice.id,
    bannedBy: 'admin',
    reason,
    bannedUntil,
    createdAt: '',
  };
}

async function flush(): Promise<void> {
  for (let i = 0; i < 5; i += 1) await Promise.resolve();
}

beforeEach(() => {
  jest.useFakeTimers({ now: NOW });
  jest.resetAllMocks();
  api.fetchOwnBan.mockResolvedValue(null);
  useSessionStore.setState({ user: null, status: 'ready' });
});
afterEach(() => {
  jest.useRealTimers();
});

describe('ban store', () => {
  it('follows the session user: banned until bannedUntil, with the reason from GET /api/bans/me', async () => {
    const until = inHours(24);
    api.fetchOwnBan.mockResolvedValue(makeBan(until, 'Harassment'));
    useSessionStore.setState({ user: { ...alice, bannedUntil: until } });
    expect(useBanStore.getState().until).toBe(until);
    await flush();
    expect(useBanStore.getState().reason).toBe('Harassment');
  });

  it('is not banned when bannedUntil is null or already past', () => {
    useSessionStore.setState({ user: alice });
    expect(useBanStore.getState().until).toBeNull();
    useSessionStore.setState({ user: { ...alice, bannedUntil: inHours(-1) } });
    expect(useBanStore.getState().until).toBeNull();
    expect(api.fetchOwnBan).not.toHaveBeenCalled();
  });

  it('switches itself off when the ban ends, without asking the server', () => {
    useSessionStore.setState({ user: { ...alice, bannedUntil: inHours(1) } });
    jest.advanceTimersByTime(HOUR - 1000);
    expect(useBanStore.getState().until).toBe(inHours(1));
    jest.advanceTimersByTime(1000);
    expect(useBanStore.getState().until).toBeNull();
  });

  it('holds a 30-day ban past the longest browser timer, and ends it on time', () => {
    useSessionStore.setState({ user: { ...alice, bannedUntil: inHours(720) } });
    jest.advanceTimersByTime(25 * 24 * HOUR);
    expect(useBanStore.getState().until).toBe(inHours(720));
    jest.advanceTimersByTime(5 * 24 * HOUR);
    expect(useBanStore.getState().until).toBeNull();
  });

  it('ban:new bans the signed-in user at once, with the reason, and says so', () => {
    useSessionStore.setState({ user: alice });
    live.play('ban:new', { ban: makeBan(inHours(24), 'Spam') });
    expect(useSessionStore.getState().user?.bannedUntil).toBe(inHours(24));
    expect(useBanStore.getState()).toMatchObject({ until: inHours(24), reason: 'Spam' });
    expect(api.fetchOwnBan).not.toHaveBeenCalled();
    expect(notify.error).toHaveBeenCalledWith(
      'You have been banned from posting',
      expect.stringContaining('Spam'),
    );
  });

  it('a shorter ban:new does not shorten a longer ban', () => {
    useSessionStore.setState({ user: { ...alice, bannedUntil: inHours(168) } });
    live.play('ban:new', { ban: makeBan(inHours(1)) });
    expect(useSessionStore.getState().user?.bannedUntil).toBe(inHours(168));
    expect(useBanStore.getState().until).toBe(inHours(168));
  });

  it('after a reconnect, asks who is signed in again and picks up a ban missed while offline', async () => {
    useSessionStore.setState({ user: alice });
    auth.fetchSessionUser.mockResolvedValue({ ...alice, bannedUntil: inHours(24) });
    live.reconnect();
    await flush();
    expect(useBanStore.getState().until).toBe(inHours(24));
  });

  it('ban:lifted re-opens everything at once and says so; a longer ban that lasts stays', async () => {
    useSessionStore.setState({ user: { ...alice, bannedUntil: inHours(24) } });
    auth.fetchSessionUser.mockResolvedValueOnce({ ...alice, bannedUntil: null });
    live.play('ban:lifted', { banId: 'ban-1', bannedUntil: null });
    await flush();
    expect(useBanStore.getState().until).toBeNull();
    expect(notify.success).toHaveBeenCalledWith(
      'Your ban has been lifted',
      'You can post, comment and message again.',
    );

    jest.mocked(notify.success).mockClear();
    useSessionStore.setState({ user: { ...alice, bannedUntil: inHours(24) } });
    auth.fetchSessionUser.mockResolvedValueOnce({ ...alice, bannedUntil: inHours(720) });
    live.play('ban:lifted', { banId: 'ban-2', bannedUntil: inHours(720) });
    await flush();
    expect(useBanStore.getState().until).toBe(inHours(720));
    expect(notify.success).not.toHaveBeenCalled();
  });

  it('signing out clears it', () => {
    useSessionStore.setState({ user: { ...alice, bannedUntil: inHours(24) } });
    useSessionStore.setState({ user: null });
    expect(useBanStore.getState()).toEqual({ until: null, reason: null });
  });

  it('names the end in the app’s date format', () => {
    expect(banNotice(inHours(24))).toMatch(/^You are banned from posting until .*2026.*$/);
  });
});
