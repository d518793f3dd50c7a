import type { FencerProfile } from '@piste/contracts';
import { ApiError } from '../api/client';
import * as profilesApi from '../api/profiles';
import { startLiveEvents } from '../live-events';
import { liveSocket } from '../test-support/live-socket-mock';
import { useFencerProfileStore } from './fencer-profile';
import { heldReply } from '../test-support/held-reply';

jest.mock('../realtime/socket', () => jest.requireActual('../test-support/live-socket-mock').socketModule());
jest.mock('../api/profiles');
const api = jest.mocked(profilesApi);
const live = liveSocket();

// Request events and reconnects reach the store through the app's one table of live updates.
startLiveEvents();

const store = () => useFencerProfileStore.getState();

function fencer(
  id: string,
  username: string,
  connection: FencerProfile['connection'] = 'none',
): FencerProfile {
  return {
    profile: {
      id,
      username,
      name: null,
      avatar: null,
      title: null,
      bio: null,
      location: null,
      weaponSpecialty: 'epee',
      role: 'adult',
      achievements: [],
      postsCount: 0,
      createdAt: '2025-01-01T00:00:00.000Z',
    },
    connection,
    record: [],
  };
}

const claire = fencer('u-claire', 'claire');
const pierre = fencer('u-pierre', 'pierre');
const request = (senderId: string, receiverId: string) => ({
  id: 'r1',
  senderId,
  receiverId,
  status: 'pending',
  createdAt: '2026-11-27T10:00:00.000Z',
});

beforeEach(() => {
  jest.resetAllMocks();
  store().reset();
});

/** Claire's profile shown, and a refetch of it held back. */
async function refetchingClaire() {
  api.fetchFencerProfile.mockResolvedValueOnce(claire);
  await store().open('claire');
  const slow = heldReply<FencerProfile>();
  api.fetchFencerProfile.mockReturnValueOnce(slow.promise);
  return { slow, reloading: store().reload() };
}

describe('fencer profile store', () => {
  it('shows the fencer opened last: a slow reply for the one before is dropped', async () => {
    const slow = heldReply<FencerProfile>();
    api.fetchFencerProfile.mockReturnValueOnce(slow.promise);
    const first = store().open('pierre');
    api.fetchFencerProfile.mockResolvedValueOnce(claire);
    await store().open('claire');
    slow.give(pierre);
    await first;
    expect(store()).toMatchObject({ username: 'claire', load: { status: 'ready', fencer: claire } });
  });

  it('tells a missing fencer from a failed load, in the server’s words when it has some', async () => {
    api.fetchFencerProfile.mockRejectedValueOnce(new ApiError('Not found', 404));
    await store().open('ghost');
    expect(store().load).toEqual({ status: 'not-found' });

    api.fetchFencerProfile.mockRejectedValueOnce(new ApiError('Database unavailable', 503));
    await store().open('claire');
    expect(store().load).toEqual({ status: 'error', message: 'Database unavailable' });
  });

  it('keeps the shown profile while it refetches, and shows an own action’s standing at once', async () => {
    const { slow, reloading } = await refetchingClaire();
    expect(store().load).toEqual({ status: 'ready', fencer: claire });

    store().setStanding('pending-sent', 'r1');
    expect(store().load).toMatchObject({ fencer: { connection: 'pending-sent', requestId: 'r1' } });
    slow.give(fencer('u-claire', 'claire', 'connected'));
    await reloading;
    expect(store().load).toMatchObject({ fencer: { connection: 'connected' } });
  });

  it('refetches on request events between the viewer and this fencer, and after a reconnect', async () => {
    api.fetchFencerProfile.mockResolvedValue(claire);
    await store().open('claire');
    expect(api.fetchFencerProfile).toHaveBeenCalledTimes(1);

    live.play('friend-request:new', { request: request('u-pierre', 'u-ana') });
    expect(api.fetchFencerProfile).toHaveBeenCalledTimes(1);
    live.play('friend-request:new', { request: request('u-claire', 'u-ana') });
    live.play('friend-request:updated', { request: { ...request('u-ana', 'u-claire'), status: 'accepted' } });
    live.play('friend-request:removed', {
      requestId: 'r1',
      senderId: 'u-ana',
      receiverId: 'u-claire',
      status: 'pending',
    });
    expect(api.fetchFencerProfile).toHaveBeenCalledTimes(4);
    live.reconnect();
    expect(api.fetchFencerProfile).toHaveBeenCalledTimes(5);
    expect(api.fetchFencerProfile).toHaveBeenLastCalledWith('claire');
  });

  it('follows nothing once the page is left, and drops the reply on its way', async () => {
    const { slow, reloading } = await refetchingClaire();
    store().reset();
    slow.give(claire);
    await reloading;
    expect(store()).toMatchObject({ username: null, load: { status: 'loading' } });

    live.play('friend-request:new', { request: request('u-claire', 'u-ana') });
    live.reconnect();
    expect(api.fetchFencerProfile).toHaveBeenCalledTimes(2);
  });
});
