import { spawn, type ChildProcess } from 'node:child_process';
import { connect } from 'node:net';
import { freePort } from '../../test/free-port';
import { describeWithRedis, startTestApp, useTestApp, waitFor, type TestApp } from './helpers';
import {
  ClientAt,
  expectLimitedAfter,
  expectTooMany,
  LIMITS,
  limitedAppEnv,
  logIn,
  newIp,
  register,
  signUp,
} from './limits';
import { findBinary } from './cluster/services';

describeWithRedis('abuse limits across replicas', () => {
  const env = limitedAppEnv();
  const a = useTestApp(env);
  const b = useTestApp(env);

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
    await expectLimitedAfter(LIMITS['posts-burst'].points, () =>
      clients[i++ % 2].post('/api/posts', { content: 'Riposte', type: 'general', weapon: 'sabre' }),
    );
  });
});

const redisServer = findBinary('redis-server');
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
    await waitUntil(async () => (await redisHealth(t!)) !== 'up');
    // Without Redis a replica still serves: ready, degraded (DESIGN.md §3a; README "Health endpoints").
    const ready = await fetch(`${t.url}/health/ready`);
    expect({ status: ready.status, body: await ready.json() }).toMatchObject({
      status: 200,
      body: { status: 'degraded', redis: 'down', postgres: 'up' },
    });

    await expect(post()).resolves.toMatchObject({ status: 201 });
    await expect(logIn(t, newIp(), author.user.username, 'wrong')).resolves.toMatchObject({ status: 401 });
    await expect(logIn(t, newIp(), author.user.username, author.password)).resolves.toMatchObject({
      status: 200,
    });
    await expect(register(new ClientAt(t.url, newIp()))).resolves.toMatchObject({ status: 201 });
    const reader = await signUp(t);
    await expectLimitedAfter(LIMITS['posts-burst'].points, () =>
      reader.client.post('/api/posts', { content: 'Remise', type: 'general', weapon: 'foil' }),
    );

    // Redis comes back: the app reconnects by itself (and can then close its subscriptions cleanly).
    server = await startRedis(port);
    await waitUntil(async () => (await redisHealth(t!)) === 'up');
    await expect(post()).resolves.toMatchObject({ status: 201 });
  });
});

/** What the readiness probe says about the app's Redis link. */
async function redisHealth(t: TestApp): Promise<string | undefined> {
  const ready = await fetch(`${t.url}/health/ready`);
  return ((await ready.json()) as { redis?: string }).redis;
}

/** Polls `condition` (a state outside the app's control, such as a port opening) until it holds. */
async function waitUntil(condition: () => Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await waitFor(50);
  }
}

function waitForPort(port: number): Promise<void> {
  return waitUntil(
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
