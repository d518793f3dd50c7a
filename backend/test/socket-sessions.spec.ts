import { AuthService } from '../src/auth/auth.service';
import {
  ApiClient,
  connectSocket,
  connectUsers,
  describeWithRedis,
  makePost,
  makeUser,
  nextEvent,
  startTestApp,
  type TestApp,
  type TestSocket,
  type TestUser,
} from './helpers';

/** Resolves with the reason once the socket is disconnected, or rejects after `timeoutMs`. */
function disconnection(socket: TestSocket, timeoutMs = 5000): Promise<string> {
  if (socket.disconnected) return Promise.resolve('already');
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`still connected after ${timeoutMs} ms`)), timeoutMs);
    socket.once('disconnect', (reason) => {
      clearTimeout(timer);
      resolve(reason);
    });
  });
}

/** A second signed-in session (another browser) of the same user. */
async function secondSession(t: TestApp, user: TestUser): Promise<ApiClient> {
  const client = new ApiClient(t.url);
  const res = await client.post('/api/login', { username: user.user.username, password: user.password });
  expect(res.status).toBe(200);
  return client;
}

describe('a socket lives no longer than its session', () => {
  let t: TestApp;
  const sockets: TestSocket[] = [];
  const open = async (url: string, client: ApiClient) => {
    const socket = await connectSocket(url, client);
    sockets.push(socket);
    return socket;
  };

  beforeAll(async () => {
    t = await startTestApp();
  });

  afterEach(() => {
    sockets.splice(0).forEach((s) => s.close());
  });

  afterAll(async () => {
    await t.close();
  });

  it('ends the sockets of the session that signs out, and only those', async () => {
    const [alice, bob] = [await makeUser(t), await makeUser(t)];
    await connectUsers(t, alice, bob);
    const laptop = alice.client;
    const phone = await secondSession(t, alice);
    const [laptopSocket, phoneSocket] = [await open(t.url, laptop), await open(t.url, phone)];
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
    const socket = await open(t.url, carol.client);
    await t.app.get(AuthService).ensureAdmin(carol.user.username, 'a-new-admin-password');
    const post = await makePost(author);
    // The refresh runs on the socket's replica; the report is filed once it had a moment to apply.
    await new Promise((r) => setTimeout(r, 200));
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
      const socket = await open(short.url, alice.client);
      const started = Date.now();
      await expect(disconnection(socket, 6000)).resolves.toBe('io server disconnect');
      expect(Date.now() - started).toBeGreaterThanOrEqual(1500);
    } finally {
      await short.close();
    }
  });
});

describeWithRedis('socket endings across replicas', () => {
  let a: TestApp;
  let b: TestApp;

  beforeAll(async () => {
    [a, b] = await Promise.all([startTestApp(), startTestApp()]);
  });

  afterAll(async () => {
    await Promise.all([a.close(), b.close()]);
  });

  it('signing out through one replica ends the session socket held by another', async () => {
    const alice = await makeUser(a);
    const socketOnB = await connectSocket(b.url, alice.client.on(b.url));
    try {
      const ended = disconnection(socketOnB);
      expect((await alice.client.post('/api/logout')).status).toBe(200);
      await expect(ended).resolves.toBe('io server disconnect');
    } finally {
      socketOnB.close();
    }
  });
});
