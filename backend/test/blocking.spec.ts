import type { BlockedUser, ConnectionUser } from '@piste/contracts';
import { BlocksService } from '../src/connections/blocks.service';
import { ConnectionsService } from '../src/connections/connections.service';
import { connectUsers, nextEvent, requestConnection, uniqueName, useTestApp, type TestUser } from './helpers';
import { insertUser } from './factories';
import { useSockets } from './sockets';

const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

describe('blocking', () => {
  const t = useTestApp();
  const socketOf = useSockets(t);

  const block = (who: TestUser, target: TestUser) =>
    who.client.post('/api/block-user', { blockedId: target.user.id });
  const unblock = (who: TestUser, target: TestUser) =>
    who.client.post('/api/unblock-user', { blockedId: target.user.id });
  const friendIds = async (who: TestUser) =>
    (await who.client.get<ConnectionUser[]>('/api/friends')).body.map((u) => u.id);

  it('refuses to block oneself (400), an unknown user (404) and a malformed id (400)', async () => {
    const alice = await insertUser(t);
    await expect(block(alice, alice)).resolves.toMatchObject({
      status: 400,
      body: { message: 'You cannot block yourself' },
    });
    await expect(alice.client.post('/api/block-user', { blockedId: UNKNOWN_ID })).resolves.toMatchObject({
      status: 404,
    });
    await expect(alice.client.post('/api/block-user', { blockedId: 'x' })).resolves.toMatchObject({
      status: 400,
      body: { message: 'Invalid user id' },
    });
    await expect(alice.client.post('/api/unblock-user', { blockedId: UNKNOWN_ID })).resolves.toMatchObject({
      status: 404,
    });
  });

  it('is idempotent and lists the blocked users of the blocker only', async () => {
    const alice = await insertUser(t);
    const bob = await insertUser(t);
    const first = await block(alice, bob);
    expect(first).toMatchObject({
      status: 200,
      body: { id: bob.user.id, name: bob.user.name, username: bob.user.username, avatar: null },
    });
    await expect(block(alice, bob)).resolves.toMatchObject({ status: 200 });
    const list = await alice.client.get<BlockedUser[]>('/api/blocked-users');
    expect(list.body).toEqual([
      {
        id: bob.user.id,
        username: bob.user.username,
        name: bob.user.name,
        avatar: null,
        blockedAt: expect.any(String),
      },
    ]);
    await expect(bob.client.get('/api/blocked-users')).resolves.toMatchObject({ status: 200, body: [] });

    await expect(unblock(alice, bob)).resolves.toMatchObject({
      status: 200,
      body: { blockedId: bob.user.id, isBlocked: false },
    });
    await expect(unblock(alice, bob)).resolves.toMatchObject({ status: 200 });
    await expect(alice.client.get('/api/blocked-users')).resolves.toMatchObject({ body: [] });
  });

  it('withdraws pending requests in both directions', async () => {
    const alice = await insertUser(t);
    const bob = await insertUser(t);
    const carol = await insertUser(t);
    const toBob = await requestConnection(alice, bob);
    const fromCarol = await requestConnection(carol, alice);

    await block(alice, bob); // alice's own request to bob goes
    await block(alice, carol); // carol's request to alice goes

    await expect(bob.client.get(`/api/friend-requests/${bob.user.id}`)).resolves.toMatchObject({ body: [] });
    await expect(alice.client.get(`/api/sent-friend-requests/${alice.user.id}`)).resolves.toMatchObject({
      body: [],
    });
    await expect(alice.client.get(`/api/friend-requests/${alice.user.id}`)).resolves.toMatchObject({
      body: [],
    });
    await expect(carol.client.get(`/api/sent-friend-requests/${carol.user.id}`)).resolves.toMatchObject({
      body: [],
    });
    // A withdrawn request can no longer be answered.
    await expect(
      bob.client.put(`/api/friend-requests/${toBob.id}`, { status: 'accepted' }),
    ).resolves.toMatchObject({
      status: 404,
    });
    await expect(
      alice.client.put(`/api/friend-requests/${fromCarol.id}`, { status: 'accepted' }),
    ).resolves.toMatchObject({ status: 404 });
  });

  it('stops requests from either side while the block lasts, and allows them after unblocking', async () => {
    const alice = await insertUser(t);
    const bob = await insertUser(t);
    await block(alice, bob);
    for (const [from, to] of [
      [alice, bob],
      [bob, alice],
    ] as const) {
      await expect(
        from.client.post('/api/friend-requests', { receiverId: to.user.id }),
      ).resolves.toMatchObject({
        status: 403,
        body: { message: 'You cannot send a request to this user' },
      });
    }
    await unblock(alice, bob);
    await requestConnection(bob, alice);
  });

  it('hides the two from each other in search, both ways', async () => {
    const tag = uniqueName('bq').replace('_', '');
    const alice = await insertUser(t, { name: `${tag} alice` });
    const bob = await insertUser(t, { name: `${tag} bob` });
    const carol = await insertUser(t, { name: `${tag} carol` });
    const search = async (who: TestUser) =>
      (await who.client.get<ConnectionUser[]>(`/api/search/users?q=${tag}`)).body.map((u) => u.id).sort();

    await block(alice, bob);
    await expect(search(alice)).resolves.toEqual([carol.user.id]);
    await expect(search(bob)).resolves.toEqual([carol.user.id]);
    await expect(search(carol)).resolves.toEqual([alice.user.id, bob.user.id].sort());

    await unblock(alice, bob);
    await expect(search(bob)).resolves.toEqual([alice.user.id, carol.user.id].sort());
  });

  it('keeps a connection but makes it inert: listed (flagged) for the blocker, hidden from the blocked', async () => {
    const alice = await insertUser(t);
    const bob = await insertUser(t);
    await connectUsers(t, alice, bob);
    await block(alice, bob);

    const connections = t.app.get(ConnectionsService);
    await expect(connections.areConnected(alice.user.id, bob.user.id)).resolves.toBe(true);
    await expect(t.app.get(BlocksService).isBlockedEitherWay(alice.user.id, bob.user.id)).resolves.toBe(true);
    await expect(t.app.get(BlocksService).isBlockedEitherWay(bob.user.id, alice.user.id)).resolves.toBe(true);

    const aliceView = await alice.client.get<ConnectionUser[]>('/api/friends');
    expect(aliceView.body).toEqual([expect.objectContaining({ id: bob.user.id, isBlocked: true })]);
    await expect(friendIds(bob)).resolves.toEqual([]);
    // Still connected: a new request is a 403 (blocked) rather than a fresh pending one.
    await expect(
      bob.client.post('/api/friend-requests', { receiverId: alice.user.id }),
    ).resolves.toMatchObject({
      status: 403,
    });

    await unblock(alice, bob);
    await expect(t.app.get(BlocksService).isBlockedEitherWay(alice.user.id, bob.user.id)).resolves.toBe(
      false,
    );
    await expect(connections.areConnected(bob.user.id, alice.user.id)).resolves.toBe(true);
    const restored = await alice.client.get<ConnectionUser[]>('/api/friends');
    expect(restored.body).toEqual([expect.objectContaining({ id: bob.user.id, isBlocked: false })]);
    await expect(friendIds(bob)).resolves.toEqual([alice.user.id]);
  });

  it('lets only the blocker lift their own block when both blocked each other', async () => {
    const alice = await insertUser(t);
    const bob = await insertUser(t);
    await block(alice, bob);
    await block(bob, alice);
    await unblock(alice, bob);
    await expect(t.app.get(BlocksService).isBlockedEitherWay(alice.user.id, bob.user.id)).resolves.toBe(true);
    await expect(bob.client.get('/api/blocked-users')).resolves.toMatchObject({
      body: [expect.objectContaining({ id: alice.user.id })],
    });
    await unblock(bob, alice);
    await expect(t.app.get(BlocksService).isBlockedEitherWay(alice.user.id, bob.user.id)).resolves.toBe(
      false,
    );
  });

  it("hides profiles and connection lists between the two, and the pair from third parties' lists", async () => {
    const alice = await insertUser(t);
    const bob = await insertUser(t);
    const carol = await insertUser(t);
    await connectUsers(t, alice, bob);
    await connectUsers(t, alice, carol);
    await block(bob, alice);

    for (const [viewer, owner] of [
      [alice, bob],
      [bob, alice],
    ] as const) {
      await expect(viewer.client.get(`/api/users/${owner.user.id}`)).resolves.toMatchObject({
        status: 404,
        body: { message: 'User not found' },
      });
      await expect(viewer.client.get(`/api/friends/${owner.user.id}`)).resolves.toMatchObject({
        status: 404,
      });
    }
    await expect(carol.client.get(`/api/users/${alice.user.id}`)).resolves.toMatchObject({ status: 200 });
    // Carol sees alice's connections without the inert one.
    const carolView = await carol.client.get<ConnectionUser[]>(`/api/friends/${alice.user.id}`);
    expect(carolView.body.map((u) => u.id)).toEqual([carol.user.id]);
    // Bob, looking at carol's connections, does not see alice.
    await connectUsers(t, bob, carol);
    const bobView = await bob.client.get<ConnectionUser[]>(`/api/friends/${carol.user.id}`);
    expect(bobView.body.map((u) => u.id)).toEqual([bob.user.id]);
  });

  it('tells the other side live that a pending request was withdrawn', async () => {
    const alice = await insertUser(t);
    const bob = await insertUser(t);
    const req = await requestConnection(bob, alice);
    const bobSocket = await socketOf(bob);
    const removed = nextEvent(bobSocket, 'friend-request:removed');
    await block(alice, bob);
    await expect(removed).resolves.toEqual({
      requestId: req.id,
      senderId: bob.user.id,
      receiverId: alice.user.id,
      status: 'pending',
    });
  });
});
