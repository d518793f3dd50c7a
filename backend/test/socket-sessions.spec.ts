import { AuthService } from '../src/auth/auth.service';
import { SocketSessions } from '../src/realtime/socket-sessions';
import {
  ApiClient,
  connectSocket,
  connectUsers,
  describeWithRedis,
  makePost,
  makeUser,
  nextEvent,
  signInAgain,
  startTestApp,
  useTestApp,
} from './helpers';
import { disconnection, useSockets } from './sockets';

describe('a socket lives no longer than its session', () => {
  const t = useTestApp();
  const socketOf = useSockets(t);

  it('ends the sockets of the session that signs out, and only those', async () => {
    const [alice, bob] = [await makeUser(t), await makeUser(t)];
    await connectUsers(t, alice, bob);
    const laptop = alice.client;
    const phone = await signInAgain(t, alice);
    const [laptopSocket, phoneSocket] = [
      await socketOf({ client: laptop }),
      await socketOf({ client: phone }),
    ];
    const missed: string[] = [];
    laptopSocket.onAny((event: string) => missed.push(event));

    const ended = disconnection(laptopSocket);
    expect((await laptop.post('/api/logout')).status).toBe(200);
    await expect(ended).resolves.toBe('io server disconnect');

    // A private event after the sign-out reaches the session still signed in, never the ended one.
    const arrived = nextEvent(phoneSocket, 'message:new');
    expect(
      (await bob.client.post('/api/messages', { receiverId: alice.user.id, content: 'still there?' })).status,
    ).toBe(201);
    await expect(arrived).resolves.toMatchObject({ message: { content: 'still there?' } });
    expect(phoneSocket.connected).toBe(true);
    expect(missed).not.toContain('message:new');
  });

  it('refuses a new socket for a session that signed out', async () => {
    const alice = await makeUser(t);
    const cookie = alice.client.cookie;
    await alice.client.post('/api/logout');
    const stale = new ApiClient(t.url);
    stale.cookie = cookie;
    await expect(connectSocket(t.url, stale)).rejects.toThrow('Not signed in');
  });

  it('moves a socket into the admins room when its user becomes an admin, without a reconnect', async () => {
    const [carol, reporter, author] = [await makeUser(t), await makeUser(t), await makeUser(t)];
    const socket = await socketOf(carol);
    // The change refreshes the user's sockets on this replica in the background: the report is filed once
    // that refresh has finished.
    const refreshes = jest.spyOn(t.app.get(SocketSessions), 'refresh');
    await t.app.get(AuthService).ensureAdmin(carol.user.username, 'a-new-admin-password');
    expect(refreshes).toHaveBeenCalled();
    await Promise.all(refreshes.mock.results.map((result) => result.value as Promise<void>));
    refreshes.mockRestore();
    const post = await makePost(author);
    const reported = nextEvent(socket, 'report:new');
    expect((await reporter.client.post('/api/reports', { postId: post.id, reason: 'Spam' })).status).toBe(
      201,
    );
    await expect(reported).resolves.toMatchObject({ report: { postId: post.id } });
    expect(socket.connected).toBe(true);
  });

  it('ends a socket when its session expires', async () => {
    const short = await startTestApp({ SESSION_TTL_SECONDS: '2' });
    try {
      const alice = await makeUser(short);
      const socket = await socketOf(alice, { url: short.url });
      const started = Date.now();
      await expect(disconnection(socket, 6000)).resolves.toBe('io server disconnect');
      expect(Date.now() - started).toBeGreaterThanOrEqual(1500);
    } finally {
      await short.close();
    }
  });
});

describeWithRedis('socket endings across replicas', () => {
  const a = useTestApp();
  const b = useTestApp();
  const socketOf = useSockets(b);

  it('signing out through one replica ends the session socket held by another', async () => {
    const alice = await makeUser(a);
    const socketOnB = await socketOf(alice, { url: b.url });
    const ended = disconnection(socketOnB);
    expect((await alice.client.post('/api/logout')).status).toBe(200);
    await expect(ended).resolves.toBe('io server disconnect');
  });
});
