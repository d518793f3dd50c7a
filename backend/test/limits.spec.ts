import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { accessSync, constants } from 'node:fs';
import { connect } from 'node:net';
import { delimiter, join } from 'node:path';
import type { SessionUser } from '@piste/contracts';
import { DEFAULT_RATE_LIMITS } from '../src/config/rate-limits';
import { freePort } from '../src/database/embedded-postgres';
import { makePng } from './media-fixtures';
import {
  ApiClient,
  connectSocket,
  connectUsers,
  describeWithRedis,
  makePost,
  settle,
  startTestApp,
  uniqueName,
  type Reply,
  type TestApp,
  type TestSocket,
  type TestUser,
} from './helpers';

/**
 * The abuse limits at their real defaults (SECURITY.md, "Abuse limits"). The rest of the suite raises only the
 * registrations-per-IP limit (test/global-setup.ts), so these apps clear RATE_LIMITS. Each app trusts one proxy
 * and every scenario sends its own X-Forwarded-For, so scenarios never share a client address; each app also
 * gets a Redis key prefix of its own, so no other suite's counts reach it.
 */
const LIMITS = DEFAULT_RATE_LIMITS;

function limitedAppEnv(
  prefix = `${process.env.REDIS_KEY_PREFIX ?? 'piste'}-limits-${randomBytes(4).toString('hex')}`,
): Record<string, string> {
  return { TRUST_PROXY: 'true', RATE_LIMITS: '', REDIS_KEY_PREFIX: prefix };
}

let lastAddress = 0;
/** A client address of its own (198.18.0.0/15 is reserved for tests). */
function newIp(): string {
  lastAddress += 1;
  return `198.18.${lastAddress >> 8}.${lastAddress & 255}`;
}

/** A browser at one client address: every request carries it as X-Forwarded-For. */
class ClientAt extends ApiClient {
  constructor(
    baseUrl: string,
    readonly ip: string,
  ) {
    super(baseUrl);
  }

  override request<T = any>(
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<Reply<T>> {
    return super.request<T>(method, path, body, { 'x-forwarded-for': this.ip, ...headers });
  }
}

function register(client: ApiClient, username = uniqueName()): Promise<Reply<SessionUser>> {
  return client.post<SessionUser>('/api/register', {
    username,
    email: `${username}@example.com`,
    name: `Fencer ${username}`,
    password: 'secret123',
    weaponSpecialty: 'foil',
  });
}

/** A fresh user registered from an address of its own, signed in. */
async function signUp(t: TestApp, ip = newIp()): Promise<TestUser> {
  const client = new ClientAt(t.url, ip);
  const res = await register(client);
  if (res.status !== 201) throw new Error(`register failed: ${res.status} ${JSON.stringify(res.body)}`);
  return { client, user: res.body, password: 'secret123' };
}

function logIn(t: TestApp, ip: string, username: string, password: string): Promise<Reply> {
  return new ClientAt(t.url, ip).post('/api/login', { username, password });
}

function expectTooMany(res: Reply): void {
  expect({ status: res.status, body: res.body }).toEqual({
    status: 429,
    body: {
      message: expect.stringMatching(
        /^Too many attempts\. Please try again in \d+ (second|minute|hour)s?\.$/,
      ) as unknown,
    },
  });
  expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
}

/** Makes `allowed` calls (none may be refused), then one more, which must be a 429. */
async function expectLimitedAfter(allowed: number, call: () => Promise<Reply>): Promise<number[]> {
  const statuses: number[] = [];
  for (let i = 0; i < allowed; i++) statuses.push((await call()).status);
  expect(statuses.filter((s) => s === 429 || s >= 500)).toEqual([]);
  expectTooMany(await call());
  return statuses;
}

describe('abuse limits', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(limitedAppEnv());
  });
  afterAll(async () => {
    await t.close();
  });

  describe('login', () => {
    it('refuses 30 wrong passwords for one username from one address, but not the real user elsewhere', async () => {
      const victim = await signUp(t);
      const attacker = newIp();
      const statuses: number[] = [];
      let refused: Reply | undefined;
      for (let i = 0; i < 30 && !refused; i++) {
        const res = await logIn(t, attacker, victim.user.username, `guess-${i}`);
        statuses.push(res.status);
        if (res.status === 429) refused = res;
      }
      expect(statuses.slice(0, LIMITS['login-pair'].points)).toEqual(
        Array(LIMITS['login-pair'].points).fill(401),
      );
      expect(statuses.length).toBeLessThan(30);
      expectTooMany(refused!);
      // The right password from the attacker's address is refused too: the pair is closed, not the account.
      expectTooMany(await logIn(t, attacker, victim.user.username, victim.password));

      const home = await logIn(t, newIp(), victim.user.username, victim.password);
      expect(home).toMatchObject({ status: 200, body: { id: victim.user.id } });
    });

    it('refuses one address that tries 30 different usernames', async () => {
      const ip = newIp();
      const statuses: number[] = [];
      for (let i = 0; i < 30; i++) {
        statuses.push((await logIn(t, ip, uniqueName('nobody'), 'secret123')).status);
      }
      const allowed = LIMITS['login-ip'].points;
      expect(statuses.slice(0, allowed)).toEqual(Array(allowed).fill(401));
      expect(statuses.slice(allowed)).toEqual(Array(30 - allowed).fill(429));
      // A user at another address is unaffected.
      const other = await signUp(t);
      await expect(logIn(t, newIp(), other.user.username, other.password)).resolves.toMatchObject({
        status: 200,
      });
    });

    it('forgets the wrong passwords of a username and address once it signs in', async () => {
      const user = await signUp(t);
      const ip = newIp();
      const almost = LIMITS['login-pair'].points - 1;
      const wrong = async (n: number) => {
        const statuses: number[] = [];
        for (let i = 0; i < n; i++) statuses.push((await logIn(t, ip, user.user.username, 'not-it')).status);
        return statuses;
      };
      await expect(wrong(almost)).resolves.toEqual(Array(almost).fill(401));
      await expect(logIn(t, ip, user.user.username, user.password)).resolves.toMatchObject({ status: 200 });
      await expect(wrong(almost + 1)).resolves.toEqual(Array(almost + 1).fill(401));
      expectTooMany(await logIn(t, ip, user.user.username, 'not-it'));
    });

    it('slows a guess spread over many addresses, never the user at an address they signed in from', async () => {
      const user = await signUp(t);
      const home = newIp();
      await expect(logIn(t, home, user.user.username, user.password)).resolves.toMatchObject({ status: 200 });

      const perAddress = LIMITS['login-pair'].points;
      let failures = 0;
      while (failures < LIMITS['login-username'].points) {
        const ip = newIp();
        for (let i = 0; i < perAddress && failures < LIMITS['login-username'].points; i++, failures++) {
          const res = await logIn(t, ip, user.user.username.toUpperCase(), `guess-${failures}`);
          expect(res.status).toBe(401);
        }
      }
      // The ceiling is reached: a new address waits, the user's own address signs in.
      expectTooMany(await logIn(t, newIp(), user.user.username, 'guess-more'));
      await expect(logIn(t, home, user.user.username, user.password)).resolves.toMatchObject({ status: 200 });
    });
  });

  it('limits registrations per address', async () => {
    const ip = newIp();
    await expectLimitedAfter(LIMITS.register.points, () => register(new ClientAt(t.url, ip)));
    await expect(register(new ClientAt(t.url, newIp()))).resolves.toMatchObject({ status: 201 });
  });

  describe('per user', () => {
    it('limits posts', async () => {
      const [author, other] = await Promise.all([signUp(t), signUp(t)]);
      const post = (u: TestUser) =>
        u.client.post('/api/posts', { content: 'Lunge!', type: 'general', weapon: 'epee' });
      const statuses = await expectLimitedAfter(LIMITS.posts.points, () => post(author));
      expect(new Set(statuses)).toEqual(new Set([201]));
      await expect(post(other)).resolves.toMatchObject({ status: 201 });
    });

    it('limits comments', async () => {
      const [author, reader, other] = await Promise.all([signUp(t), signUp(t), signUp(t)]);
      const { id: postId } = await makePost(author);
      const comment = (u: TestUser) => u.client.post('/api/comments', { postId, content: 'Nice touch' });
      const statuses = await expectLimitedAfter(LIMITS.comments.points, () => comment(reader));
      expect(new Set(statuses)).toEqual(new Set([201]));
      await expect(comment(other)).resolves.toMatchObject({ status: 201 });
    });

    it('limits messages', async () => {
      const [a, b] = await Promise.all([signUp(t), signUp(t)]);
      await connectUsers(t, a, b);
      const send = (from: TestUser, to: TestUser) =>
        from.client.post('/api/messages', { receiverId: to.user.id, content: 'En garde' });
      const statuses = await expectLimitedAfter(LIMITS.messages.points, () => send(a, b));
      expect(new Set(statuses)).toEqual(new Set([201]));
      await expect(send(b, a)).resolves.toMatchObject({ status: 201 });
    });

    it('limits reports', async () => {
      const [author, reporter, other] = await Promise.all([signUp(t), signUp(t), signUp(t)]);
      const { id: postId } = await makePost(author);
      const report = (u: TestUser) => u.client.post('/api/reports', { postId, reason: 'Spam' });
      await expectLimitedAfter(LIMITS.reports.points, () => report(reporter));
      await expect(report(other)).resolves.toMatchObject({ status: 201 });
    });

    it('limits connection requests', async () => {
      const [sender, receiver, other] = await Promise.all([signUp(t), signUp(t), signUp(t)]);
      const ask = (u: TestUser) => u.client.post('/api/friend-requests', { receiverId: receiver.user.id });
      await expectLimitedAfter(LIMITS['friend-requests'].points, () => ask(sender));
      await expect(ask(other)).resolves.toMatchObject({ status: 201 });
    });

    it('limits upload tickets', async () => {
      const [uploader, other] = await Promise.all([signUp(t), signUp(t)]);
      const png = makePng(2, 2);
      // Each ticket is used at once: apart from this limit, a user may hold only a few unused ones.
      const upload = async (u: TestUser) => {
        const res = await u.client.post<{ uploadUrl: string }>('/api/objects/upload', {
          filename: 'touch.png',
          contentType: 'image/png',
          size: png.length,
          purpose: 'post',
        });
        if (res.status === 201) {
          const put = await u.client.request('PUT', res.body.uploadUrl, new Uint8Array(png), {
            'content-type': 'image/png',
          });
          expect(put.status).toBe(200);
        }
        return res;
      };
      const statuses = await expectLimitedAfter(LIMITS['upload-tickets'].points, () => upload(uploader));
      expect(new Set(statuses)).toEqual(new Set([201]));
      await expect(upload(other)).resolves.toMatchObject({ status: 201 });
    });
  });

  describe('socket events', () => {
    const sockets: TestSocket[] = [];
    const open = async (u: TestUser) => {
      const socket = await connectSocket(t.url, u.client);
      sockets.push(socket);
      return socket;
    };
    const disconnected = (socket: TestSocket, timeoutMs = 3000) =>
      new Promise<string>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error('still connected')), timeoutMs);
        socket.once('disconnect', (reason) => {
          clearTimeout(timer);
          resolve(reason);
        });
      });
    afterAll(() => sockets.forEach((s) => s.close()));

    it('relays a burst of typing only up to the limit, and keeps the socket', async () => {
      const [a, b] = await Promise.all([signUp(t), signUp(t)]);
      await connectUsers(t, a, b);
      const [aSocket, bSocket] = await Promise.all([open(a), open(b)]);
      let relayed = 0;
      bSocket.on('typing', () => (relayed += 1));
      for (let i = 0; i < 100; i++) {
        aSocket.emit('typing', { receiverId: b.user.id, conversationId: null, isTyping: i % 2 === 0 });
      }
      await settle(1500);
      expect(relayed).toBeGreaterThan(0);
      expect(relayed).toBeLessThanOrEqual(LIMITS['socket-typing'].points);
      expect(aSocket.connected).toBe(true);
    });

    it('disconnects a socket that floods feed:watch', async () => {
      const user = await signUp(t);
      const socket = await open(user);
      const gone = disconnected(socket);
      for (let i = 0; i < 1000; i++) socket.emit('feed:watch', { weapon: 'epee' });
      await expect(gone).resolves.toBe('io server disconnect');
    });

    it('disconnects a socket that floods posts:watch', async () => {
      const user = await signUp(t);
      const socket = await open(user);
      const gone = disconnected(socket);
      for (let i = 0; i < 1000; i++) socket.emit('posts:watch', { postIds: [randomUUID()] });
      await expect(gone).resolves.toBe('io server disconnect');
    });

    it('disconnects a socket that sends an oversized payload', async () => {
      const user = await signUp(t);
      const socket = await open(user);
      const gone = disconnected(socket);
      socket.emit('typing', { receiverId: 'x'.repeat(16 * 1024), conversationId: null, isTyping: true });
      await expect(gone).resolves.toEqual(expect.any(String));
    });
  });
});

describeWithRedis('abuse limits across replicas', () => {
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    const env = limitedAppEnv();
    [a, b] = await Promise.all([startTestApp(env), startTestApp(env)]);
  });
  afterAll(async () => {
    await Promise.all([a?.close(), b?.close()]);
  });

  it('counts wrong passwords sent to both replicas together', async () => {
    const user = await signUp(a);
    const ip = newIp();
    const replicas = [a, b];
    const statuses: number[] = [];
    for (let i = 0; i < LIMITS['login-pair'].points; i++) {
      statuses.push((await logIn(replicas[i % 2], ip, user.user.username, `guess-${i}`)).status);
    }
    expect(statuses).toEqual(Array(LIMITS['login-pair'].points).fill(401));
    expectTooMany(await logIn(a, ip, user.user.username, 'guess-a'));
    expectTooMany(await logIn(b, ip, user.user.username, 'guess-b'));
  });

  it("counts one user's posts on both replicas together", async () => {
    const author = await signUp(a);
    const clients = [author.client, author.client.on(b.url)];
    let i = 0;
    await expectLimitedAfter(LIMITS.posts.points, () =>
      clients[i++ % 2].post('/api/posts', { content: 'Riposte', type: 'general', weapon: 'sabre' }),
    );
  });
});

const redisServer = findExecutable('redis-server');
const describeWithRedisServer = redisServer ? describe : describe.skip;

describeWithRedisServer('abuse limits while Redis is away', () => {
  let server: ChildProcess | undefined;
  let t: TestApp | undefined;
  afterAll(async () => {
    await t?.close();
    server?.kill('SIGKILL');
  });

  async function startRedis(port: number): Promise<ChildProcess> {
    const child = spawn(redisServer!, ['--port', String(port), '--save', '', '--appendonly', 'no'], {
      stdio: 'ignore',
    });
    await waitForPort(port);
    return child;
  }

  it('keeps answering limited routes from memory: never a 500, and still a 429 over the limit', async () => {
    const port = await freePort();
    server = await startRedis(port);
    t = await startTestApp({ ...limitedAppEnv(), REDIS_URL: `redis://127.0.0.1:${port}` });
    const author = await signUp(t);
    const post = () =>
      author.client.post('/api/posts', { content: 'Parry', type: 'general', weapon: 'foil' });
    await expect(post()).resolves.toMatchObject({ status: 201 });

    const stopped = new Promise((resolve) => server!.once('exit', resolve));
    server.kill('SIGKILL');
    await stopped;
    await settle(200);

    await expect(post()).resolves.toMatchObject({ status: 201 });
    await expect(logIn(t, newIp(), author.user.username, 'wrong')).resolves.toMatchObject({ status: 401 });
    await expect(logIn(t, newIp(), author.user.username, author.password)).resolves.toMatchObject({
      status: 200,
    });
    await expect(register(new ClientAt(t.url, newIp()))).resolves.toMatchObject({ status: 201 });
    const reader = await signUp(t);
    await expectLimitedAfter(LIMITS.posts.points, () =>
      reader.client.post('/api/posts', { content: 'Remise', type: 'general', weapon: 'foil' }),
    );

    // Redis comes back: the app reconnects by itself (and can then close its subscriptions cleanly).
    server = await startRedis(port);
    await waitFor(async () => {
      const ready = await fetch(`${t!.url}/health/ready`);
      return ((await ready.json()) as { redis?: string }).redis === 'up';
    });
    await expect(post()).resolves.toMatchObject({ status: 201 });
  });
});

function findExecutable(name: string): string | undefined {
  for (const dir of (process.env.PATH ?? '').split(delimiter)) {
    const candidate = join(dir, name);
    try {
      accessSync(candidate, constants.X_OK);
      return candidate;
    } catch {
      /* not here */
    }
  }
  return undefined;
}

async function waitFor(condition: () => Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await settle(50);
  }
}

function waitForPort(port: number): Promise<void> {
  return waitFor(
    () =>
      new Promise<boolean>((resolve) => {
        const socket = connect(port, '127.0.0.1');
        socket.once('connect', () => {
          socket.destroy();
          resolve(true);
        });
        socket.once('error', () => resolve(false));
      }),
  );
}
