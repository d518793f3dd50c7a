import type { ConnectionRequest, ConnectionUser } from '@piste/contracts';
import * as connectionsApi from '../api/connections';
import { selectRequestBadge, useConnectionsStore } from './connections';

jest.mock('../realtime/socket', () => ({
  onServerEvent: () => () => undefined,
  onReconnect: () => () => undefined,
}));
jest.mock('../api/connections');
const api = jest.mocked(connectionsApi);

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
    api.blockUser.mockResolvedValue({
      id: 'x',
      username: 'x',
      name: 'X',
      avatar: null,
      blockedAt: '2026-11-22T10:00:00.000Z',
    });
    await useConnectionsStore.getState().block('x');
    const state = useConnectionsStore.getState();
    expect(state.incoming.map((r) => r.id)).toEqual(['r2']);
    expect(state.sent).toEqual([]);
    expect(state.connections[0]).toMatchObject({ id: 'x', isBlocked: true });
    expect(state.blocked.map((b) => b.id)).toEqual(['x']);
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
});
