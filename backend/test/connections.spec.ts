import type { ConnectionRequest, ConnectionUser } from '@piste/contracts';
import {
  connectSocket,
  makeUser,
  nextEvent,
  startTestApp,
  uniqueName,
  type TestApp,
  type TestUser,
} from './helpers';

const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

// One app per file: passport keeps its (de)serializers process-wide, so a second app would reuse the first's.
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('connection requests', () => {
  async function request(from: TestUser, to: TestUser): Promise<ConnectionRequest> {
    const res = await from.client.post<ConnectionRequest>('/api/friend-requests', { receiverId: to.user.id });
    expect(res.status).toBe(201);
    return res.body;
  }

  async function connect(a: TestUser, b: TestUser): Promise<void> {
    const req = await request(a, b);
    await expect(
      b.client.put(`/api/friend-requests/${req.id}`, { status: 'accepted' }),
    ).resolves.toMatchObject({
      status: 200,
    });
  }

  it('sends a pending request with sender and receiver views', async () => {
    const alice = await makeUser(t);
    const bob = await makeUser(t);
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
    const alice = await makeUser(t);
    const bob = await makeUser(t);
    const carol = await makeUser(t);
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
    const alice = await makeUser(t);
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
    const alice = await makeUser(t);
    const bob = await makeUser(t);
    await request(alice, bob);
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

  it('turns simultaneous requests into exactly one (the unique pair index, 409 for the rest)', async () => {
    const alice = await makeUser(t);
    const bob = await makeUser(t);
    const replies = await Promise.all([
      alice.client.post('/api/friend-requests', { receiverId: bob.user.id }),
      bob.client.post('/api/friend-requests', { receiverId: alice.user.id }),
      alice.client.post('/api/friend-requests', { receiverId: bob.user.id }),
    ]);
    expect(replies.map((r) => r.status).sort()).toEqual([201, 409, 409]);
    const incoming = await bob.client.get<ConnectionRequest[]>(`/api/friend-requests/${bob.user.id}`);
    const sent = await bob.client.get<ConnectionRequest[]>(`/api/sent-friend-requests/${bob.user.id}`);
    expect(incoming.body.length + sent.body.length).toBe(1);
  });

  it('lists incoming and sent pending requests, self only', async () => {
    const alice = await makeUser(t);
    const bob = await makeUser(t);
    const carol = await makeUser(t);
    const req = await request(alice, bob);

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
    const alice = await makeUser(t);
    const bob = await makeUser(t);
    const carol = await makeUser(t);
    const req = await request(alice, bob);

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
    const alice = await makeUser(t);
    const bob = await makeUser(t);
    await connect(alice, bob);

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
    const alice = await makeUser(t);
    const bob = await makeUser(t);
    const req = await request(alice, bob);
    await expect(
      bob.client.put(`/api/friend-requests/${req.id}`, { status: 'declined' }),
    ).resolves.toMatchObject({
      status: 200,
      body: { status: 'declined' },
    });
    await expect(alice.client.get('/api/friends')).resolves.toMatchObject({ body: [] });
    await expect(bob.client.get(`/api/friend-requests/${bob.user.id}`)).resolves.toMatchObject({ body: [] });
    await request(alice, bob);
  });

  it('lets the sender withdraw a pending request, and no one else', async () => {
    const alice = await makeUser(t);
    const bob = await makeUser(t);
    const req = await request(alice, bob);
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
    const alice = await makeUser(t);
    const bob = await makeUser(t);
    const carol = await makeUser(t);
    await connect(alice, bob);
    await expect(alice.client.delete(`/api/friends/${carol.user.id}`)).resolves.toMatchObject({
      status: 404,
      body: { message: 'You are not connected to this user' },
    });
    await expect(bob.client.delete(`/api/friends/${alice.user.id}`)).resolves.toMatchObject({ status: 204 });
    await expect(alice.client.get('/api/friends')).resolves.toMatchObject({ body: [] });
    await expect(bob.client.get('/api/friends')).resolves.toMatchObject({ body: [] });
    await expect(alice.client.delete(`/api/friends/${bob.user.id}`)).resolves.toMatchObject({ status: 404 });
    // They can connect again afterwards.
    await request(alice, bob);
  });

  it("shows another user's connections to signed-in users; 404 for an unknown user", async () => {
    const alice = await makeUser(t);
    const bob = await makeUser(t);
    const carol = await makeUser(t);
    await connect(alice, bob);
    const seen = await carol.client.get<ConnectionUser[]>(`/api/friends/${alice.user.id}`);
    expect(seen).toMatchObject({ status: 200 });
    expect(seen.body.map((u) => u.id)).toEqual([bob.user.id]);
    await expect(alice.client.get(`/api/friends/${alice.user.id}`)).resolves.toMatchObject({
      body: [expect.objectContaining({ id: bob.user.id })],
    });
    await expect(carol.client.get(`/api/friends/${UNKNOWN_ID}`)).resolves.toMatchObject({ status: 404 });
  });

  it('delivers friend-request:new and a notification to the receiver, and updates to the sender', async () => {
    const alice = await makeUser(t);
    const bob = await makeUser(t);
    const bobSocket = await connectSocket(t.url, bob.client);
    const aliceSocket = await connectSocket(t.url, alice.client);
    try {
      const newRequest = nextEvent(bobSocket, 'friend-request:new');
      const notification = nextEvent(bobSocket, 'notification', (n) => n.type === 'follow');
      const req = await request(alice, bob);
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
    } finally {
      bobSocket.close();
      aliceSocket.close();
    }
  });

  it('tells both sides when a connection is removed', async () => {
    const alice = await makeUser(t);
    const bob = await makeUser(t);
    await connect(alice, bob);
    const bobSocket = await connectSocket(t.url, bob.client);
    try {
      const removed = nextEvent(bobSocket, 'friend-request:removed');
      await alice.client.delete(`/api/friends/${bob.user.id}`);
      await expect(removed).resolves.toMatchObject({ status: 'accepted' });
    } finally {
      bobSocket.close();
    }
  });
});

describe('discover search', () => {
  const search = (who: TestUser, q: string, weapon?: string) =>
    who.client.get<ConnectionUser[]>(
      `/api/search/users?q=${encodeURIComponent(q)}${weapon ? `&weapon=${weapon}` : ''}`,
    );
  const ids = (users: ConnectionUser[]) => users.map((u) => u.id).sort();

  it('matches name or username case-insensitively, trimmed; empty text gives []', async () => {
    const tag = uniqueName('zq').replace('_', '');
    const viewer = await makeUser(t);
    const byName = await makeUser(t, { name: `Ada ${tag.toUpperCase()} Lovelace` });
    const byUsername = await makeUser(t, { username: `${tag}_fencer` });
    const res = await search(viewer, `  ${tag.toLowerCase()}  `);
    expect(res.status).toBe(200);
    expect(ids(res.body)).toEqual([byName.user.id, byUsername.user.id].sort());
    expect(res.body[0]).toEqual(
      expect.objectContaining({ username: expect.any(String), role: 'student', requestStatus: null }),
    );
    await expect(search(viewer, '')).resolves.toMatchObject({ status: 200, body: [] });
    await expect(search(viewer, '   ')).resolves.toMatchObject({ status: 200, body: [] });
    await expect(viewer.client.get('/api/search/users')).resolves.toMatchObject({ status: 200, body: [] });
  });

  it('filters by weapon specialty and rejects an unknown weapon', async () => {
    const tag = uniqueName('wq').replace('_', '');
    const viewer = await makeUser(t);
    const epee = await makeUser(t, { name: `${tag} one`, weaponSpecialty: 'epee' });
    const sabre = await makeUser(t, { name: `${tag} two`, weaponSpecialty: 'sabre' });
    await expect(search(viewer, tag, 'sabre').then((r) => ids(r.body))).resolves.toEqual([sabre.user.id]);
    await expect(search(viewer, tag, 'epee').then((r) => ids(r.body))).resolves.toEqual([epee.user.id]);
    await expect(search(viewer, tag).then((r) => ids(r.body))).resolves.toEqual(
      [epee.user.id, sabre.user.id].sort(),
    );
    await expect(search(viewer, tag, 'katana')).resolves.toMatchObject({ status: 400 });
  });

  it('excludes the searcher and existing connections; hints pending requests both ways', async () => {
    const tag = uniqueName('xq').replace('_', '');
    const viewer = await makeUser(t, { name: `${tag} viewer` });
    const friend = await makeUser(t, { name: `${tag} friend` });
    const asked = await makeUser(t, { name: `${tag} asked` });
    const asker = await makeUser(t, { name: `${tag} asker` });
    const stranger = await makeUser(t, { name: `${tag} stranger` });

    const req = await viewer.client.post<ConnectionRequest>('/api/friend-requests', {
      receiverId: friend.user.id,
    });
    await friend.client.put(`/api/friend-requests/${req.body.id}`, { status: 'accepted' });
    const sent = await viewer.client.post<ConnectionRequest>('/api/friend-requests', {
      receiverId: asked.user.id,
    });
    const received = await asker.client.post<ConnectionRequest>('/api/friend-requests', {
      receiverId: viewer.user.id,
    });

    const res = await search(viewer, tag);
    expect(ids(res.body)).toEqual([asked.user.id, asker.user.id, stranger.user.id].sort());
    const byId = new Map(res.body.map((u) => [u.id, u]));
    expect(byId.get(asked.user.id)).toMatchObject({ requestStatus: 'sent', requestId: sent.body.id });
    expect(byId.get(asker.user.id)).toMatchObject({ requestStatus: 'received', requestId: received.body.id });
    expect(byId.get(stranger.user.id)).toMatchObject({ requestStatus: null, requestId: null });
  });

  it('takes %, _, backslash, quotes and SQL-ish input literally', async () => {
    const tag = uniqueName('lq').replace('_', '');
    const viewer = await makeUser(t);
    const percent = await makeUser(t, { name: `${tag} 100% sabre` });
    const underscore = await makeUser(t, { username: `${tag}_a_b` });
    const plain = await makeUser(t, { username: `${tag}xaxb` });
    const slash = await makeUser(t, { name: `${tag} back\\slash` });
    const quote = await makeUser(t, { name: `${tag} O'Brien "Bob"` });

    await expect(search(viewer, '%').then((r) => r.body.every((u) => u.name?.includes('%')))).resolves.toBe(
      true,
    );
    await expect(search(viewer, `${tag} 100%`).then((r) => ids(r.body))).resolves.toEqual([percent.user.id]);
    await expect(search(viewer, `${tag}_a_`).then((r) => ids(r.body))).resolves.toEqual([underscore.user.id]);
    // '_' is not a one-character wildcard: 'xaxb' does not match '_a_b'.
    await expect(search(viewer, `${tag}_a_b`).then((r) => ids(r.body))).resolves.not.toContain(plain.user.id);
    await expect(search(viewer, 'back\\slash').then((r) => ids(r.body))).resolves.toEqual([slash.user.id]);
    await expect(search(viewer, '\\').then((r) => ids(r.body))).resolves.toContain(slash.user.id);
    await expect(search(viewer, "O'Brien").then((r) => ids(r.body))).resolves.toEqual([quote.user.id]);
    await expect(search(viewer, '"Bob"').then((r) => ids(r.body))).resolves.toEqual([quote.user.id]);

    for (const evil of ["' OR '1'='1", "'; DROP TABLE users; --", '%%', '_', '\\%', '%_%']) {
      const res = await search(viewer, evil);
      expect({ evil, status: res.status }).toEqual({ evil, status: 200 });
      const literal = evil.toLowerCase();
      for (const user of res.body) {
        const matches =
          (user.name ?? '').toLowerCase().includes(literal) || user.username.toLowerCase().includes(literal);
        expect({ evil, user: user.username, matches }).toEqual({ evil, user: user.username, matches: true });
      }
    }
    // The users table survived.
    await expect(search(viewer, tag).then((r) => r.body.length)).resolves.toBe(5);
  });

  it('returns at most 20 results and rejects an over-long query', async () => {
    const tag = uniqueName('mq').replace('_', '');
    const viewer = await makeUser(t);
    await Promise.all(Array.from({ length: 22 }, (_, i) => makeUser(t, { name: `${tag} ${i}` })));
    await expect(search(viewer, tag).then((r) => r.body.length)).resolves.toBe(20);
    await expect(search(viewer, 'x'.repeat(101))).resolves.toMatchObject({ status: 400 });
  });
});
