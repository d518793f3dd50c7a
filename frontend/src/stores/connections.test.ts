import type { BlockedUser, ConnectionRequest, ConnectionUser } from '@piste/contracts';
import { ApiError } from '../api/client';
import * as connectionsApi from '../api/connections';
import { notify } from '../lib/toast';
import { startLiveEvents } from '../live-events';
import { heldReply } from '../test-support/held-reply';
import { liveSocket } from '../test-support/live-socket-mock';
import { refreshConnectionsAfterReconnect, selectRequestBadge, useConnectionsStore } from './connections';

// Captures the live-event table's subscriptions so a test can play server events.
jest.mock('../realtime/socket', () => jest.requireActual('../test-support/live-socket-mock').socketModule());
jest.mock('../api/connections');
jest.mock('../api/messages');
jest.mock('../api/notifications');
jest.mock('../lib/toast', () => jest.requireActual('../test-support/live-socket-mock').toastModule());
const toast = jest.mocked(notify);
const api = jest.mocked(connectionsApi);
const live = liveSocket();
startLiveEvents();

const ME = 'me-1';

function person(id: string, overrides: Partial<ConnectionUser> = {}): ConnectionUser {
  return {
    id,
    username: id,
    name: `Name ${id}`,
    avatar: null,
    title: null,
    weaponSpecialty: 'epee',
    role: 'student',
    ...overrides,
  };
}

function blockedEntry(id: string): BlockedUser {
  return { id, username: id, name: id.toUpperCase(), avatar: null, blockedAt: '2026-11-22T10:00:00.000Z' };
}

function request(id: string, senderId: string, receiverId: string): ConnectionRequest {
  return {
    id,
    senderId,
    receiverId,
    status: 'pending',
    createdAt: '2026-11-22T10:00:00.000Z',
    sender: { id: senderId, name: senderId, avatar: null },
    receiver: { id: receiverId, name: receiverId, avatar: null },
  };
}

beforeEach(() => {
  jest.resetAllMocks();
  useConnectionsStore.getState().bindUser(null);
  useConnectionsStore.getState().bindUser(ME);
});

describe('the connections badge', () => {
  it('is red with the incoming count, else green with the sent count, else nothing', () => {
    const incoming = [request('r1', 'a', ME), request('r2', 'b', ME)];
    const sent = [request('r3', ME, 'c')];
    expect(selectRequestBadge({ incoming, sent })).toEqual({ count: 2, variant: 'incoming' });
    expect(selectRequestBadge({ incoming: [], sent })).toEqual({ count: 1, variant: 'sent' });
    expect(selectRequestBadge({ incoming: [], sent: [] })).toBeNull();
  });
});

describe('useConnectionsStore', () => {
  it('loads both request lists for the bound user', async () => {
    api.fetchIncomingRequests.mockResolvedValue([request('r1', 'a', ME)]);
    api.fetchSentRequests.mockResolvedValue([]);
    await useConnectionsStore.getState().loadRequests();
    expect(api.fetchIncomingRequests).toHaveBeenCalledWith(ME);
    expect(useConnectionsStore.getState()).toMatchObject({ requestsStatus: 'ready', sent: [] });
    expect(useConnectionsStore.getState().incoming.map((r) => r.id)).toEqual(['r1']);
  });

  it('drops replies that arrive after the user changed', async () => {
    let resolve!: (value: ConnectionRequest[]) => void;
    api.fetchIncomingRequests.mockReturnValue(new Promise((r) => (resolve = r)));
    api.fetchSentRequests.mockResolvedValue([]);
    const loading = useConnectionsStore.getState().loadRequests();
    useConnectionsStore.getState().bindUser('someone-else');
    resolve([request('r1', 'a', ME)]);
    await loading;
    expect(useConnectionsStore.getState().incoming).toEqual([]);
  });

  it('searches only for non-empty text and keeps only the latest answer', async () => {
    const store = useConnectionsStore.getState();
    store.setDiscoverQuery('   ');
    await useConnectionsStore.getState().search();
    expect(api.searchUsers).not.toHaveBeenCalled();

    let first!: (value: ConnectionUser[]) => void;
    api.searchUsers.mockReturnValueOnce(new Promise((r) => (first = r)));
    api.searchUsers.mockResolvedValueOnce([person('new')]);
    useConnectionsStore.getState().setDiscoverQuery('ol');
    const older = useConnectionsStore.getState().search();
    useConnectionsStore.getState().setDiscoverQuery('new');
    useConnectionsStore.getState().setDiscoverWeapon('all');
    await useConnectionsStore.getState().search();
    first([person('old')]);
    await older;
    expect(api.searchUsers).toHaveBeenLastCalledWith('new', null);
    expect(useConnectionsStore.getState().discover.results.map((u) => u.id)).toEqual(['new']);
  });

  it('marks a result as requested after sending', async () => {
    api.searchUsers.mockResolvedValue([person('b')]);
    useConnectionsStore.getState().setDiscoverQuery('b');
    await useConnectionsStore.getState().search();
    api.sendFriendRequest.mockResolvedValue(request('r9', ME, 'b'));
    await useConnectionsStore.getState().sendRequest('b');
    expect(api.sendFriendRequest).toHaveBeenCalledWith(ME, 'b');
    expect(useConnectionsStore.getState().sent.map((r) => r.id)).toEqual(['r9']);
    expect(useConnectionsStore.getState().discover.results[0]).toMatchObject({
      requestStatus: 'sent',
      requestId: 'r9',
    });
    expect(useConnectionsStore.getState().busy).toEqual({});
  });

  it('accepting removes the request and reloads the connections', async () => {
    api.fetchIncomingRequests.mockResolvedValue([request('r1', 'a', ME)]);
    api.fetchSentRequests.mockResolvedValue([]);
    await useConnectionsStore.getState().loadRequests();
    api.respondToFriendRequest.mockResolvedValue({ ...request('r1', 'a', ME), status: 'accepted' });
    api.fetchConnections.mockResolvedValue([person('a')]);
    await useConnectionsStore.getState().respond('r1', 'accepted');
    await Promise.resolve();
    expect(useConnectionsStore.getState().incoming).toEqual([]);
    expect(api.fetchConnections).toHaveBeenCalled();
  });

  it('blocking withdraws pending requests with that user and flags the connection', async () => {
    api.fetchIncomingRequests.mockResolvedValue([request('r1', 'x', ME), request('r2', 'y', ME)]);
    api.fetchSentRequests.mockResolvedValue([request('r3', ME, 'x')]);
    api.fetchConnections.mockResolvedValue([person('x')]);
    await useConnectionsStore.getState().loadRequests();
    await useConnectionsStore.getState().loadConnections();
    api.blockUser.mockResolvedValue(blockedEntry('x'));
    await useConnectionsStore.getState().block('x');
    const state = useConnectionsStore.getState();
    expect(state.incoming.map((r) => r.id)).toEqual(['r2']);
    expect(state.sent).toEqual([]);
    expect(state.connections[0]).toMatchObject({ id: 'x', isBlocked: true });
    expect(state.blocked.map((b) => b.id)).toEqual(['x']);
  });

  it('keeps a block made while the blocked list was loading: the older list reply does not land', async () => {
    const list = heldReply<BlockedUser[]>();
    api.fetchBlockedUsers.mockReturnValue(list.promise);
    const loading = useConnectionsStore.getState().loadBlocked();
    api.blockUser.mockResolvedValue(blockedEntry('x'));
    await useConnectionsStore.getState().block('x');
    list.give([]);
    await loading;
    expect(useConnectionsStore.getState().blocked.map((b) => b.id)).toEqual(['x']);
  });

  it('refetches the requests (and connections once shown) after a live event', async () => {
    api.fetchIncomingRequests.mockResolvedValue([]);
    api.fetchSentRequests.mockResolvedValue([]);
    api.fetchConnections.mockResolvedValue([]);
    useConnectionsStore.getState().refreshAfterEvent({ connectionsChanged: true });
    expect(api.fetchIncomingRequests).toHaveBeenCalledTimes(1);
    expect(api.fetchConnections).not.toHaveBeenCalled();
    await useConnectionsStore.getState().loadConnections();
    useConnectionsStore.getState().refreshAfterEvent({ connectionsChanged: true });
    expect(api.fetchConnections).toHaveBeenCalledTimes(2);
  });

  it('unblocking drops the user from the blocked list, unflags the connection and reloads the list', async () => {
    api.fetchConnections.mockResolvedValue([person('x', { isBlocked: true })]);
    api.fetchBlockedUsers.mockResolvedValue([blockedEntry('x'), blockedEntry('y')]);
    await useConnectionsStore.getState().loadConnections();
    await useConnectionsStore.getState().loadBlocked();
    api.unblockUser.mockResolvedValue();
    api.fetchConnections.mockResolvedValue([person('x', { isBlocked: false }), person('z')]);
    await useConnectionsStore.getState().unblock('x');
    expect(api.unblockUser).toHaveBeenCalledWith('x');
    let state = useConnectionsStore.getState();
    expect(state.blocked.map((b) => b.id)).toEqual(['y']);
    expect(state.connections[0]).toMatchObject({ id: 'x', isBlocked: false });
    await new Promise((resolve) => setTimeout(resolve, 0));
    state = useConnectionsStore.getState();
    expect(state.connections.map((u) => u.id)).toEqual(['x', 'z']);
    expect(state.busy).toEqual({});
  });

  it('a refused block changes nothing and says so', async () => {
    api.fetchBlockedUsers.mockResolvedValue([]);
    await useConnectionsStore.getState().loadBlocked();
    api.blockUser.mockRejectedValue(new ApiError('You cannot block yourself', 400));
    await expect(useConnectionsStore.getState().block('x')).resolves.toBe(false);
    expect(useConnectionsStore.getState()).toMatchObject({ blocked: [], busy: {} });
    expect(toast.error).toHaveBeenCalledWith('Failed to block user', 'You cannot block yourself');
    expect(toast.success).not.toHaveBeenCalled();
  });

  it('after a reconnect reloads the blocked list and the connections once they were shown', async () => {
    api.fetchIncomingRequests.mockResolvedValue([]);
    api.fetchSentRequests.mockResolvedValue([]);
    refreshConnectionsAfterReconnect();
    expect(api.fetchBlockedUsers).not.toHaveBeenCalled();
    expect(api.fetchConnections).not.toHaveBeenCalled();

    api.fetchConnections.mockResolvedValue([]);
    api.fetchBlockedUsers.mockResolvedValue([]);
    await useConnectionsStore.getState().loadConnections();
    await useConnectionsStore.getState().loadBlocked();
    api.fetchBlockedUsers.mockResolvedValue([blockedEntry('x')]);
    refreshConnectionsAfterReconnect();
    expect(api.fetchConnections).toHaveBeenCalledTimes(2);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(useConnectionsStore.getState().blocked.map((b) => b.id)).toEqual(['x']);
  });
});

describe('live events', () => {
  beforeEach(async () => {
    api.fetchIncomingRequests.mockResolvedValue([]);
    api.fetchSentRequests.mockResolvedValue([]);
    api.fetchConnections.mockResolvedValue([person('a')]);
    // Shown (as on Connections or Messages): live events keep it current.
    await useConnectionsStore.getState().loadConnections();
    api.fetchConnections.mockClear();
  });

  it('an accepted request, or a removed connection, reloads the connections', () => {
    live.play('friend-request:updated', {
      request: { ...request('r1', ME, 'b'), status: 'accepted' },
    });
    expect(api.fetchConnections).toHaveBeenCalledTimes(1);
    live.play('friend-request:removed', {
      requestId: 'r1',
      senderId: ME,
      receiverId: 'b',
      status: 'accepted',
    });
    expect(api.fetchConnections).toHaveBeenCalledTimes(2);
  });

  it('a declined or withdrawn request leaves the connections alone', () => {
    live.play('friend-request:updated', {
      request: { ...request('r1', ME, 'b'), status: 'declined' },
    });
    live.play('friend-request:removed', {
      requestId: 'r2',
      senderId: 'c',
      receiverId: ME,
      status: 'pending',
    });
    expect(api.fetchConnections).not.toHaveBeenCalled();
    expect(api.fetchIncomingRequests).toHaveBeenCalledTimes(2);
  });
});

describe('what the user is told', () => {
  const store = () => useConnectionsStore.getState();

  it('sending a request says it was sent, and a refused one why', async () => {
    api.sendFriendRequest.mockResolvedValue(request('r9', ME, 'b'));
    await expect(store().sendRequest('b')).resolves.toMatchObject({ id: 'r9' });
    expect(toast.success).toHaveBeenCalledWith(
      'Connection request sent',
      'Your connection request has been sent successfully.',
    );

    api.sendFriendRequest.mockRejectedValue(new ApiError('Friend request already sent', 400));
    await expect(store().sendRequest('b')).resolves.toBeNull();
    expect(toast.error).toHaveBeenCalledWith('Failed to send friend request', 'Friend request already sent');
  });

  it('accepting a request says you are now connected; declining says it was declined', async () => {
    api.fetchConnections.mockResolvedValue([]);
    api.respondToFriendRequest.mockResolvedValue({ ...request('r1', 'a', ME), status: 'accepted' });
    await expect(store().respond('r1', 'accepted')).resolves.toBe(true);
    expect(toast.success).toHaveBeenLastCalledWith('Connection request accepted', 'You are now connected!');

    api.respondToFriendRequest.mockResolvedValue({ ...request('r2', 'b', ME), status: 'declined' });
    await expect(store().respond('r2', 'declined')).resolves.toBe(true);
    expect(toast.success).toHaveBeenLastCalledWith(
      'Connection request declined',
      'Connection request has been declined.',
    );
    expect(toast.error).not.toHaveBeenCalled();
  });

  it('a failed answer says so and refetches the requests, which may have changed', async () => {
    api.fetchIncomingRequests.mockResolvedValue([]);
    api.fetchSentRequests.mockResolvedValue([]);
    api.respondToFriendRequest.mockRejectedValue(new Error(''));
    await expect(store().respond('r1', 'accepted')).resolves.toBe(false);
    expect(toast.error).toHaveBeenCalledWith(
      'Failed to respond to friend request',
      'Please try again later.',
    );
    expect(toast.success).not.toHaveBeenCalled();
    expect(api.fetchIncomingRequests).toHaveBeenCalledTimes(1);
    expect(store().busy).toEqual({});
  });

  it('withdrawing and removing name the other fencer', async () => {
    api.cancelFriendRequest.mockResolvedValue();
    await expect(store().cancelRequest('r3', { name: null, username: 'bruno' })).resolves.toBe(true);
    expect(toast.success).toHaveBeenLastCalledWith(
      'Request withdrawn',
      'Your connection request to bruno was withdrawn.',
    );

    api.removeConnection.mockResolvedValue();
    await expect(store().removeConnection({ id: 'c', name: 'Claire' })).resolves.toBe(true);
    expect(toast.success).toHaveBeenLastCalledWith(
      'Connection removed',
      'Claire is no longer one of your connections.',
    );
  });

  it('blocking and unblocking say what changes for messages', async () => {
    api.blockUser.mockResolvedValue(blockedEntry('x'));
    await expect(store().block('x')).resolves.toBe(true);
    expect(toast.success).toHaveBeenLastCalledWith(
      "User blocked successfully. You won't receive messages from them.",
    );

    api.unblockUser.mockResolvedValue();
    api.fetchConnections.mockResolvedValue([]);
    await expect(store().unblock('x')).resolves.toBe(true);
    expect(toast.success).toHaveBeenLastCalledWith(
      'User unblocked successfully. You can now receive messages from them.',
    );

    api.unblockUser.mockRejectedValue(new Error(''));
    await expect(store().unblock('x')).resolves.toBe(false);
    expect(toast.error).toHaveBeenCalledWith('Failed to unblock user', '');
  });

  it('the Connections page says which list failed to load', async () => {
    api.fetchConnections.mockRejectedValue(new Error(''));
    api.fetchIncomingRequests.mockRejectedValue(new Error(''));
    api.fetchBlockedUsers.mockRejectedValue(new Error(''));
    store().openConnectionsPage(ME);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(toast.error.mock.calls).toEqual([
      ['Failed to fetch friends'],
      ['Failed to fetch friend requests'],
    ]);
  });

  it('the Messages page says the connections failed only when none were shown', async () => {
    api.fetchBlockedUsers.mockResolvedValue([]);
    api.fetchConnections.mockRejectedValue(new Error('offline'));
    await store().openMessagesPage(ME);
    expect(toast.error).toHaveBeenCalledWith('Failed to fetch friends');

    toast.error.mockClear();
    api.fetchConnections.mockResolvedValue([person('a')]);
    await store().openMessagesPage(ME);
    api.fetchConnections.mockRejectedValue(new Error('offline'));
    await store().openMessagesPage(ME);
    expect(toast.error).not.toHaveBeenCalled();
    expect(store().connections.map((u) => u.id)).toEqual(['a']);
  });

  it("a failed Discover search says so, with the server's reason", async () => {
    api.searchUsers.mockRejectedValue(new ApiError('Too many requests', 429));
    store().setDiscoverQuery('cla');
    await store().searchAsTyped();
    expect(toast.error).toHaveBeenCalledWith('Too many requests');
    expect(store().discover.status).toBe('error');
  });
});
