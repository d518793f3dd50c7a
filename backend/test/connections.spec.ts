import type { ConnectionRequest, ConnectionUser } from '@piste/contracts';
import { connectUsers, nextEvent, requestConnection, useTestApp } from './helpers';
import { insertUser } from './factories';
import { useSockets } from './sockets';

const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

// One app per file: passport keeps its (de)serializers process-wide, so a second app would reuse the first's.
const t = useTestApp();

describe('connection requests', () => {
  const socketOf = useSockets(t);

  it('sends a pending request with sender and receiver views', async () => {
    const alice = await insertUser(t);
    const bob = await insertUser(t);
    const res = await alice.client.post<ConnectionRequest>('/api/friend-requests', {
      senderId: alice.user.id,
      receiverId: bob.user.id,
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      senderId: alice.user.id,
      receiverId: bob.user.id,
      status: 'pending',
      sender: { id: alice.user.id, name: alice.user.name, username: alice.user.username },
      receiver: { id: bob.user.id, name: bob.user.name, username: bob.user.username },
    });
  });

  it('refuses a senderId other than the session user (403) and a request to oneself (400)', async () => {
    const alice = await insertUser(t);
    const bob = await insertUser(t);
    const carol = await insertUser(t);
    await expect(
      alice.client.post('/api/friend-requests', { senderId: carol.user.id, receiverId: bob.user.id }),
    ).resolves.toMatchObject({ status: 403 });
    await expect(
      alice.client.post('/api/friend-requests', { receiverId: alice.user.id }),
    ).resolves.toMatchObject({
      status: 400,
      body: { message: 'You cannot send a connection request to yourself' },
    });
    await expect(bob.client.get(`/api/sent-friend-requests/${carol.user.id}`)).resolves.toMatchObject({
      status: 403,
    });
    await expect(carol.client.get(`/api/sent-friend-requests/${carol.user.id}`)).resolves.toMatchObject({
      status: 200,
      body: [],
    });
  });

  it('answers 404 for an unknown receiver and 400 for a malformed one', async () => {
    const alice = await insertUser(t);
    await expect(
      alice.client.post('/api/friend-requests', { receiverId: UNKNOWN_ID }),
    ).resolves.toMatchObject({
      status: 404,
      body: { message: 'User not found' },
    });
    await expect(alice.client.post('/api/friend-requests', { receiverId: 'nope' })).resolves.toMatchObject({
      status: 400,
      body: { message: 'Invalid user id' },
    });
    await expect(alice.client.post('/api/friend-requests', {})).resolves.toMatchObject({ status: 400 });
  });

  it('allows one pending request per pair, in either direction (409)', async () => {
    const alice = await insertUser(t);
    const bob = await insertUser(t);
    await requestConnection(alice, bob);
    await expect(
      alice.client.post('/api/friend-requests', { receiverId: bob.user.id }),
    ).resolves.toMatchObject({
      status: 409,
      body: { message: 'A connection request is already pending' },
    });
    await expect(
      bob.client.post('/api/friend-requests', { receiverId: alice.user.id }),
    ).resolves.toMatchObject({
      status: 409,
      body: { message: 'A connection request is already pending' },
    });
  });

  it('lists incoming and sent pending requests, self only', async () => {
    const alice = await insertUser(t);
    const bob = await insertUser(t);
    const carol = await insertUser(t);
    const req = await requestConnection(alice, bob);

    const incoming = await bob.client.get<ConnectionRequest[]>(`/api/friend-requests/${bob.user.id}`);
    expect(incoming.status).toBe(200);
    expect(incoming.body).toEqual([
      expect.objectContaining({
        id: req.id,
        status: 'pending',
        sender: expect.objectContaining({ id: alice.user.id }),
        receiver: expect.objectContaining({ id: bob.user.id }),
      }),
    ]);
    const sent = await alice.client.get<ConnectionRequest[]>(`/api/sent-friend-requests/${alice.user.id}`);
    expect(sent.body.map((r) => r.id)).toEqual([req.id]);
    await expect(alice.client.get(`/api/friend-requests/${alice.user.id}`)).resolves.toMatchObject({
      body: [],
    });

    // A third user reads neither list.
    await expect(carol.client.get(`/api/friend-requests/${bob.user.id}`)).resolves.toMatchObject({
      status: 403,
    });
    await expect(carol.client.get(`/api/sent-friend-requests/${alice.user.id}`)).resolves.toMatchObject({
      status: 403,
    });
  });

  it('lets only the receiver answer, and only while pending', async () => {
    const alice = await insertUser(t);
    const bob = await insertUser(t);
    const carol = await insertUser(t);
    const req = await requestConnection(alice, bob);

    await expect(
      carol.client.put(`/api/friend-requests/${req.id}`, { status: 'accepted' }),
    ).resolves.toMatchObject({
      status: 403,
      body: { message: 'Only the receiver can respond to this request' },
    });
    await expect(
      alice.client.put(`/api/friend-requests/${req.id}`, { status: 'accepted' }),
    ).resolves.toMatchObject({
      status: 403,
    });
    await expect(
      bob.client.put(`/api/friend-requests/${req.id}`, { status: 'maybe' }),
    ).resolves.toMatchObject({
      status: 400,
      body: { message: 'Status must be accepted or declined' },
    });
    await expect(
      bob.client.put(`/api/friend-requests/${UNKNOWN_ID}`, { status: 'accepted' }),
    ).resolves.toMatchObject({ status: 404 });

    const accepted = await bob.client.put<ConnectionRequest>(`/api/friend-requests/${req.id}`, {
      status: 'accepted',
    });
    expect(accepted).toMatchObject({ status: 200, body: { id: req.id, status: 'accepted' } });
    await expect(
      bob.client.put(`/api/friend-requests/${req.id}`, { status: 'declined' }),
    ).resolves.toMatchObject({
      status: 409,
      body: { message: 'This request has already been answered' },
    });

    // Accepted requests are no longer pending in either list.
    await expect(bob.client.get(`/api/friend-requests/${bob.user.id}`)).resolves.toMatchObject({ body: [] });
    await expect(alice.client.get(`/api/sent-friend-requests/${alice.user.id}`)).resolves.toMatchObject({
      body: [],
    });
  });

  it('connects both users on accept, and refuses a further request (409 already connected)', async () => {
    const alice = await insertUser(t);
    const bob = await insertUser(t);
    await connectUsers(t, alice, bob);

    const aliceFriends = await alice.client.get<ConnectionUser[]>('/api/friends');
    const bobFriends = await bob.client.get<ConnectionUser[]>('/api/friends');
    expect(aliceFriends.body).toEqual([
      expect.objectContaining({ id: bob.user.id, username: bob.user.username, isBlocked: false }),
    ]);
    expect(bobFriends.body.map((u) => u.id)).toEqual([alice.user.id]);

    await expect(
      bob.client.post('/api/friend-requests', { receiverId: alice.user.id }),
    ).resolves.toMatchObject({
      status: 409,
      body: { message: 'You are already connected' },
    });
  });

  it('declining leaves no connection and allows a new request later', async () => {
    const alice = await insertUser(t);
    const bob = await insertUser(t);
    const req = await requestConnection(alice, bob);
    await expect(
      bob.client.put(`/api/friend-requests/${req.id}`, { status: 'declined' }),
    ).resolves.toMatchObject({
      status: 200,
      body: { status: 'declined' },
    });
    await expect(alice.client.get('/api/friends')).resolves.toMatchObject({ body: [] });
    await expect(bob.client.get(`/api/friend-requests/${bob.user.id}`)).resolves.toMatchObject({ body: [] });
    await requestConnection(alice, bob);
  });

  it('lets the sender withdraw a pending request, and no one else', async () => {
    const alice = await insertUser(t);
    const bob = await insertUser(t);
    const req = await requestConnection(alice, bob);
    await expect(bob.client.delete(`/api/friend-requests/${req.id}`)).resolves.toMatchObject({ status: 403 });
    await expect(alice.client.delete(`/api/friend-requests/${req.id}`)).resolves.toMatchObject({
      status: 204,
    });
    await expect(bob.client.get(`/api/friend-requests/${bob.user.id}`)).resolves.toMatchObject({ body: [] });
    await expect(alice.client.delete(`/api/friend-requests/${req.id}`)).resolves.toMatchObject({
      status: 404,
    });
  });

  it('removes a connection for both sides; 404 when not connected', async () => {
    const alice = await insertUser(t);
    const bob = await insertUser(t);
    const carol = await insertUser(t);
    await connectUsers(t, alice, bob);
    await expect(alice.client.delete(`/api/friends/${carol.user.id}`)).resolves.toMatchObject({
      status: 404,
      body: { message: 'You are not connected to this user' },
    });
    await expect(bob.client.delete(`/api/friends/${alice.user.id}`)).resolves.toMatchObject({ status: 204 });
    await expect(alice.client.get('/api/friends')).resolves.toMatchObject({ body: [] });
    await expect(bob.client.get('/api/friends')).resolves.toMatchObject({ body: [] });
    await expect(alice.client.delete(`/api/friends/${bob.user.id}`)).resolves.toMatchObject({ status: 404 });
    // They can connect again afterwards.
    await requestConnection(alice, bob);
  });

  it("shows another user's connections to signed-in users; 404 for an unknown user", async () => {
    const alice = await insertUser(t);
    const bob = await insertUser(t);
    const carol = await insertUser(t);
    await connectUsers(t, alice, bob);
    const seen = await carol.client.get<ConnectionUser[]>(`/api/friends/${alice.user.id}`);
    expect(seen).toMatchObject({ status: 200 });
    expect(seen.body.map((u) => u.id)).toEqual([bob.user.id]);
    await expect(alice.client.get(`/api/friends/${alice.user.id}`)).resolves.toMatchObject({
      body: [expect.objectContaining({ id: bob.user.id })],
    });
    await expect(carol.client.get(`/api/friends/${UNKNOWN_ID}`)).resolves.toMatchObject({ status: 404 });
  });

  it('delivers friend-request:new and a notification to the receiver, and updates to the sender', async () => {
    const alice = await insertUser(t);
    const bob = await insertUser(t);
    const bobSocket = await socketOf(bob);
    const aliceSocket = await socketOf(alice);
    const newRequest = nextEvent(bobSocket, 'friend-request:new');
    const notification = nextEvent(bobSocket, 'notification', (n) => n.type === 'follow');
    const req = await requestConnection(alice, bob);
    await expect(newRequest).resolves.toMatchObject({
      request: { id: req.id, status: 'pending', sender: { id: alice.user.id } },
    });
    await expect(notification).resolves.toMatchObject({
      type: 'follow',
      user: { id: alice.user.id, name: alice.user.name },
      message: `${alice.user.name} sent you a connection request`,
    });

    const updated = nextEvent(aliceSocket, 'friend-request:updated');
    const accepted = nextEvent(aliceSocket, 'notification', (n) => n.type === 'follow');
    await bob.client.put(`/api/friend-requests/${req.id}`, { status: 'accepted' });
    await expect(updated).resolves.toMatchObject({ request: { id: req.id, status: 'accepted' } });
    await expect(accepted).resolves.toMatchObject({
      message: `${bob.user.name} accepted your connection request`,
    });
  });

  it('tells both sides when a connection is removed', async () => {
    const alice = await insertUser(t);
    const bob = await insertUser(t);
    await connectUsers(t, alice, bob);
    const bobSocket = await socketOf(bob);
    const removed = nextEvent(bobSocket, 'friend-request:removed');
    await alice.client.delete(`/api/friends/${bob.user.id}`);
    await expect(removed).resolves.toMatchObject({ status: 'accepted' });
  });
});
