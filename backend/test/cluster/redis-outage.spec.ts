import { makeUser, type ApiClient, type TestUser } from '../helpers';
import {
  befriend,
  settled,
  showLines,
  withContext,
  ClusterStack,
  describeCluster,
  type Replica,
  type SocketRecorder,
} from './harness';
import type { RedisServer } from './services';

const OUTAGE_MS = 10_000;
/** Between two messages of the publishing loop: a few per second across both replicas. */
const SEND_EVERY_MS = 250;
/** A write that takes longer than this during the outage counts as not answered. */
const WRITE_TIMEOUT_MS = 5_000;

interface SentMessage {
  label: string;
  startedAt: number;
  status: number | 'timeout' | 'error';
  body: unknown;
  id: string | undefined;
}

async function readiness(replica: Replica): Promise<{ status: number; body: any }> {
  const res = await fetch(`${replica.url}/health/ready`, { signal: AbortSignal.timeout(3_000) });
  const text = await res.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    /* not JSON */
  }
  return { status: res.status, body };
}

describeCluster('a Redis outage under two replicas', ['redis', 'postgres'], () => {
  const stack = new ClusterStack();
  let redis: RedisServer;
  let a: Replica;
  let b: Replica;
  let alice: TestUser;
  let bruno: TestUser;
  let sockets: SocketRecorder[];

  beforeAll(async () => {
    const postgres = await stack.postgres();
    redis = await stack.redis();
    const env = { DATABASE_URL: postgres.url(), REDIS_URL: redis.url };
    [a, b] = await stack.twoReplicas(env);
    alice = await makeUser(a.url);
    bruno = await makeUser(b.url);
    await befriend(alice, bruno);
    // Both users on both replicas: every message is due on all four sockets.
    sockets = [
      await stack.socket(a.url, alice.client, 'alice@A'),
      await stack.socket(b.url, alice.client, 'alice@B'),
      await stack.socket(a.url, bruno.client, 'bruno@A'),
      await stack.socket(b.url, bruno.client, 'bruno@B'),
    ];
  });
  afterAll(() => stack.cleanup());

  async function send(label: string, client: ApiClient, to: TestUser, content: string): Promise<SentMessage> {
    const startedAt = Date.now();
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<'timeout'>((r) => (timer = setTimeout(() => r('timeout'), WRITE_TIMEOUT_MS)));
    try {
      const res = await Promise.race([
        client.post('/api/messages', { receiverId: to.user.id, content }),
        timeout,
      ]);
      if (res === 'timeout') return { label, startedAt, status: 'timeout', body: undefined, id: undefined };
      return { label, startedAt, status: res.status, body: res.body, id: res.body?.message?.id };
    } catch (err) {
      return { label, startedAt, status: 'error', body: String(err), id: undefined };
    } finally {
      clearTimeout(timer);
    }
  }

  const has = (socket: SocketRecorder, id: string) =>
    !!socket.find('message:new', (p) => p.message?.id === id);
  /** Every socket gets each message, or a resync after the message was sent. */
  const covered = (socket: SocketRecorder, m: SentMessage) =>
    has(socket, m.id!) || socket.events.some((e) => e.event === 'resync' && e.at > m.startedAt);
  const uncovered = () =>
    sockets.flatMap((s) =>
      sent
        .filter((m) => m.id && !covered(s, m))
        .map((m) => `${s.label} lacks "${m.label}" sent at +${m.startedAt - outageStartedAt} ms`),
    );

  let before: SentMessage;
  const sent: SentMessage[] = [];
  const readinessSeen: Array<{ replica: string; at: number; status: number; body: any }> = [];
  let outageStartedAt = 0;
  let restartedAt = 0;
  /** A fencer signed out through A during the outage, and what B then answered her session. */
  const signOutDuring = { signedOut: 0, onB: 0 };

  // The outage is staged once; the tests below examine what happened.
  beforeAll(async () => {
    // Live before the outage: a message through A reaches all four sockets.
    before = await send('alice via A', alice.client, bruno, 'before the outage');
    await settled(() => !!before.id && sockets.every((s) => has(s, before.id!)), 5_000);

    const routes: Array<[string, ApiClient, TestUser]> = [
      ['alice via A', alice.client, bruno],
      ['bruno via B', bruno.client, alice],
      ['alice via B', alice.client.on(b.url), bruno],
      ['bruno via A', bruno.client.on(a.url), alice],
    ];
    let publishing = true;
    const publisher = (async () => {
      for (let i = 0; publishing; i++) {
        const [label, client, to] = routes[i % routes.length];
        sent.push(await send(label, client, to, `message ${i} (${label})`));
        await new Promise((r) => setTimeout(r, SEND_EVERY_MS));
      }
    })();

    // B has read her session (and kept it) before the outage.
    const carla = await makeUser(a.url);
    const carlaOnB = carla.client.on(b.url);
    for (let i = 0; i < 2; i++) expect((await carlaOnB.get('/api/user')).status).toBe(200);

    outageStartedAt = Date.now();
    await redis.stop();
    while (Date.now() < outageStartedAt + OUTAGE_MS) {
      for (const replica of [a, b]) {
        const ready = await readiness(replica).catch((err: unknown) => ({ status: 0, body: String(err) }));
        readinessSeen.push({ replica: replica.name, at: Date.now(), ...ready });
      }
      if (
        !signOutDuring.signedOut &&
        readinessSeen.some((r) => r.replica === b.name && r.body?.redis === 'down')
      ) {
        signOutDuring.signedOut = (await carla.client.post('/api/logout')).status;
        signOutDuring.onB = (await carlaOnB.get('/api/user')).status;
      }
      await new Promise((r) => setTimeout(r, 250));
    }
    await redis.start();
    restartedAt = Date.now();
    // Keep publishing while the replicas reconnect, then stop.
    await new Promise((r) => setTimeout(r, 2_000));
    publishing = false;
    await publisher;
    // Give the replicas time to make the missed events good (the test below says what is missing).
    await settled(() => uncovered().length === 0, 30_000);
  });

  it('delivers live to all four sockets before the outage', () => {
    expect(before.status).toBe(201);
    expect(sockets.filter((s) => !has(s, before.id!)).map((s) => s.label)).toEqual([]);
  });

  it('keeps both replicas running and answering writes with 2xx while Redis is down', () => {
    expect({ A: a.exit, B: b.exit }).toEqual({ A: undefined, B: undefined });
    const during = sent.filter((m) => m.startedAt >= outageStartedAt && m.startedAt < restartedAt);
    expect(during.length).toBeGreaterThanOrEqual(20);
    expect(new Set(during.map((m) => m.label)).size).toBe(4);
    expect(sent.filter((m) => m.status !== 201)).toEqual([]);
  });

  it('ends a session signed out through A on B at once, though no word can cross while Redis is down', () => {
    expect(signOutDuring).toEqual({ signedOut: 200, onB: 401 });
  });

  it('reports Redis as down in readiness on both replicas during the outage, and stays ready (200, degraded)', () => {
    for (const name of [a.name, b.name]) {
      const seen = readinessSeen.filter((r) => r.replica === name);
      expect(seen.filter((r) => r.status !== 200)).toEqual([]);
      const down = seen.find((r) => r.body?.redis === 'down' && r.body?.status === 'degraded');
      expect({ replica: name, down: !!down, last: down ? undefined : seen.at(-1) }).toEqual({
        replica: name,
        down: true,
        last: undefined,
      });
      expect(down!.body).toMatchObject({ postgres: 'up' });
    }
  });

  it('gives every socket each missed event or a resync after it, once Redis is back', () => {
    expect(uncovered().slice(0, 12)).toEqual([]);
    for (const socket of sockets) {
      for (const resync of socket.events.filter((e) => e.event === 'resync'))
        expect(resync.payload).toEqual({});
    }
    expect(sockets.filter((s) => s.disconnected).map((s) => `${s.label}: ${s.disconnected!.reason}`)).toEqual(
      [],
    );
  });

  it('resumes delivery across replicas by itself', async () => {
    const [aliceOnA, , , brunoOnB] = sockets as [
      SocketRecorder,
      SocketRecorder,
      SocketRecorder,
      SocketRecorder,
    ];
    /** What the socket and the replicas' Redis connections did since Redis came back, for a failure message. */
    const since = (socket: SocketRecorder) => () => {
      const events = socket.events.filter((e) => e.at >= restartedAt);
      const redisLines = [...a.lines, ...b.lines].filter(
        (l) => l.at >= outageStartedAt && /redis|resync/i.test(l.text),
      );
      return (
        `${socket.label} since Redis came back: ${events.map((e) => `${e.event} +${e.at - restartedAt} ms`).join(', ')}\n` +
        showLines(redisLines, 20)
      );
    };
    const ab = await send('alice via A', alice.client, bruno, 'after the outage, A to B');
    expect(ab.status).toBe(201);
    await withContext(
      brunoOnB.waitFor('message:new', (p) => p.message?.id === ab.id, 5_000),
      since(brunoOnB),
    );
    const ba = await send('bruno via B', bruno.client, alice, 'after the outage, B to A');
    expect(ba.status).toBe(201);
    await withContext(
      aliceOnA.waitFor('message:new', (p) => p.message?.id === ba.id, 5_000),
      since(aliceOnA),
    );
  });

  it('reports ready again on both replicas', async () => {
    await expect(readiness(a)).resolves.toMatchObject({ status: 200, body: { redis: 'up' } });
    await expect(readiness(b)).resolves.toMatchObject({ status: 200, body: { redis: 'up' } });
  });
});
