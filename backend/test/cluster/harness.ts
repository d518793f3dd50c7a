import { randomBytes } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { startProxy, type ProxyOptions, type RunningProxy } from '../../../deploy/cluster/proxy';
import { startReplica, type Replica, type ReplicaLogLine } from '../../../deploy/cluster/replica';
import { io } from 'socket.io-client';
import {
  connectSocket,
  makeUser,
  requireServices,
  type ApiClient,
  type TestSocket,
  type TestUser,
} from '../helpers';
import { freePort } from '../../../test/free-port';
import { missingServices, NginxServer, PostgresServer, RedisServer, S3Server, tempDir } from './services';

/** Generous: these tests start real processes and stage outages. */
const CLUSTER_TEST_TIMEOUT_MS = 180_000;

/**
 * `describe` for a suite that needs its own Redis and/or PostgreSQL processes: skipped with the reason when a
 * binary is missing, unless REQUIRE_SERVICES=1, where a missing binary fails the suite. Its tests and hooks
 * get CLUSTER_TEST_TIMEOUT_MS.
 */
export function describeCluster(
  name: string,
  needs: ReadonlyArray<'redis' | 'postgres' | 'nginx'>,
  body: () => void,
): void {
  jest.setTimeout(CLUSTER_TEST_TIMEOUT_MS);
  const missing = missingServices(needs);
  if (missing.length && !requireServices) {
    describe.skip(`${name} (skipped: ${missing.join(', ')})`, body);
    return;
  }
  describe(name, () => {
    if (missing.length) {
      beforeAll(() => {
        throw new Error(`REQUIRE_SERVICES=1 but ${missing.join(', ')}`);
      });
    }
    body();
  });
}

/** One session secret for every replica of a test, so a cookie from one works on all. */
const SESSION_SECRET = randomBytes(24).toString('hex');

/** Everything one test file starts, stopped and removed by `cleanup()` (call it from afterAll). */
export class ClusterStack {
  readonly replicas: Replica[] = [];
  private readonly sockets: TestSocket[] = [];
  private readonly disposers: Array<() => Promise<void>> = [];

  async postgres(): Promise<PostgresServer> {
    const server = await PostgresServer.start();
    this.disposers.push(() => server.dispose());
    return server;
  }

  async redis(): Promise<RedisServer> {
    const server = await RedisServer.start();
    this.disposers.push(() => server.dispose());
    return server;
  }

  async s3(): Promise<S3Server> {
    const server = await S3Server.start();
    this.disposers.push(() => server.dispose());
    return server;
  }

  async nginx(port: number, http: (dir: string) => string): Promise<NginxServer> {
    const server = await NginxServer.start(port, http);
    this.disposers.push(() => server.dispose());
    return server;
  }

  async tempDir(prefix: string): Promise<string> {
    const dir = await tempDir(prefix);
    this.disposers.push(() => rm(dir, { recursive: true, force: true }));
    return dir;
  }

  async proxy(options: Omit<ProxyOptions, 'port'> & { port?: number }): Promise<RunningProxy> {
    const proxy = await startProxy({ ...options, port: options.port ?? (await freePort()) });
    this.disposers.push(() => proxy.close());
    return proxy;
  }

  /**
   * Starts a replica of the built backend (not yet ready: call waitReady). Its environment is only what the
   * test gives (plus PATH/HOME), never the test runner's, so no shared service leaks in.
   */
  async replica(name: string, env: Record<string, string | undefined>): Promise<Replica> {
    const replica = startReplica({
      name,
      port: await freePort(),
      env: {
        PATH: process.env.PATH,
        HOME: process.env.HOME,
        NODE_ENV: 'production',
        SESSION_SECRET,
        SEED_DEMO: 'false',
        LOG_FORMAT: 'json',
        LOG_LEVEL: 'log',
        SHUTDOWN_DRAIN_MS: '0',
        SHUTDOWN_GRACE_MS: '10000',
        DATA_DIR: await this.tempDir(`data-${name}`),
        ...env,
      },
    });
    this.replicas.push(replica);
    return replica;
  }

  /** Replicas A and B on the same environment, each ready before the next starts (A runs the migrations). */
  async twoReplicas(env: Record<string, string | undefined>): Promise<[Replica, Replica]> {
    const a = await this.replica('A', env);
    await a.waitReady();
    const b = await this.replica('B', env);
    await b.waitReady();
    return [a, b];
  }

  /**
   * A signed-in socket, closed by cleanup, recording every event it receives: on the websocket transport, or on
   * HTTP long-polling only (what a browser falls back to when its network blocks websockets).
   */
  async socket(
    baseUrl: string,
    client: ApiClient,
    label: string,
    transport: 'websocket' | 'polling' = 'websocket',
  ): Promise<SocketRecorder> {
    const socket =
      transport === 'websocket'
        ? await connectSocket(baseUrl, client)
        : await connectPolling(baseUrl, client);
    this.sockets.push(socket);
    return new SocketRecorder(socket, label);
  }

  async cleanup(): Promise<void> {
    for (const socket of this.sockets) socket.close();
    await Promise.all(this.replicas.map((r) => r.stop(10_000)));
    for (const dispose of this.disposers.reverse()) {
      await dispose().catch((err: unknown) => console.warn(`cleanup: ${String(err)}`));
    }
  }
}

/**
 * A signed-in socket on HTTP long-polling only. Rejects when the session is refused or lost before Socket.IO has
 * connected (a poll that reaches a replica other than the one holding the session gets "Session ID unknown").
 */
function connectPolling(baseUrl: string, client: ApiClient, timeoutMs = 10_000): Promise<TestSocket> {
  const socket: TestSocket = io(baseUrl, {
    path: '/socket.io',
    transports: ['polling'],
    reconnection: false,
    forceNew: true,
    extraHeaders: { cookie: client.cookie },
  });
  return new Promise((resolve, reject) => {
    // A polling error carries the HTTP status of the refused request as its description.
    const onError = (err: Error & { description?: number }) =>
      fail(err.description === undefined ? err.message : `${err.message} (HTTP ${err.description})`);
    const onDisconnect = (reason: string) => fail(reason);
    const settle = () => {
      clearTimeout(timer);
      socket.off('connect_error', onError);
      socket.off('disconnect', onDisconnect);
    };
    const fail = (reason: string) => {
      settle();
      socket.close();
      reject(new Error(`polling socket did not connect: ${reason}`));
    };
    const timer = setTimeout(() => fail(`no connect within ${timeoutMs} ms`), timeoutMs);
    socket.once('connect_error', onError);
    socket.once('disconnect', onDisconnect);
    socket.once('connect', () => {
      settle();
      resolve(socket);
    });
  });
}

/**
 * Fencers on HTTP long-polling only, each with a socket opened through `baseUrl`, all connected at once; another
 * fencer sends each a direct message. Resolves when every socket got its message live; rejects otherwise.
 */
export async function pollingFencersGetMessages(
  stack: ClusterStack,
  baseUrl: string,
  count = 4,
): Promise<void> {
  const sender = await makeUser(baseUrl);
  const receivers: Array<{ fencer: TestUser; socket: SocketRecorder }> = [];
  for (let i = 1; i <= count; i++) {
    const fencer = await makeUser(baseUrl);
    await befriend(sender, fencer);
    const socket = await stack.socket(baseUrl, fencer.client, `polling fencer ${i}`, 'polling');
    receivers.push({ fencer, socket });
  }
  for (const { fencer, socket } of receivers) {
    if (socket.socket.io.engine.transport.name !== 'polling') {
      throw new Error(`${socket.label} is on ${socket.socket.io.engine.transport.name}, not polling`);
    }
    const sent = await sender.client.post('/api/messages', {
      receiverId: fencer.user.id,
      content: `Allez, ${fencer.user.name}!`,
    });
    if (sent.status !== 201) throw new Error(`sending: ${sent.status} ${JSON.stringify(sent.body)}`);
    await socket.waitFor('message:new', (p) => p.message?.id === sent.body.message.id);
  }
}

export interface ReceivedEvent {
  event: string;
  payload: any;
  /** Date.now() on arrival. */
  at: number;
}

/** Keeps every event a socket receives, so a test can ask about events that already arrived. */
export class SocketRecorder {
  readonly events: ReceivedEvent[] = [];
  disconnected: { reason: string; at: number } | undefined;
  private readonly waiters = new Set<() => void>();

  constructor(
    readonly socket: TestSocket,
    readonly label: string,
  ) {
    socket.onAny((event: string, payload: unknown) => {
      this.events.push({ event, payload, at: Date.now() });
      for (const wake of [...this.waiters]) wake();
    });
    socket.on('disconnect', (reason) => {
      this.disconnected = { reason, at: Date.now() };
      for (const wake of [...this.waiters]) wake();
    });
  }

  find(event: string, match: (payload: any) => boolean = () => true): ReceivedEvent | undefined {
    return this.events.find((e) => e.event === event && match(e.payload));
  }

  /** Resolves with the first matching event, already received or still to come; rejects after `timeoutMs`. */
  waitFor(
    event: string,
    match: (payload: any) => boolean = () => true,
    timeoutMs = 5_000,
  ): Promise<ReceivedEvent> {
    const seen = this.find(event, match);
    if (seen) return Promise.resolve(seen);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.waiters.delete(check);
        reject(new Error(`socket ${this.label}: no '${event}' within ${timeoutMs} ms`));
      }, timeoutMs);
      const check = () => {
        const found = this.find(event, match);
        if (!found) return;
        clearTimeout(timer);
        this.waiters.delete(check);
        resolve(found);
      };
      this.waiters.add(check);
    });
  }

  /** Resolves when the socket disconnects; rejects after `timeoutMs`. */
  waitForDisconnect(timeoutMs = 5_000): Promise<{ reason: string; at: number }> {
    if (this.disconnected) return Promise.resolve(this.disconnected);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.waiters.delete(check);
        reject(new Error(`socket ${this.label}: still connected after ${timeoutMs} ms`));
      }, timeoutMs);
      const check = () => {
        if (!this.disconnected) return;
        clearTimeout(timer);
        this.waiters.delete(check);
        resolve(this.disconnected);
      };
      this.waiters.add(check);
    });
  }
}

/** Polls `condition` until it holds (true) or `timeoutMs` runs out (false). */
export async function settled(
  condition: () => boolean | Promise<boolean>,
  timeoutMs: number,
  intervalMs = 100,
): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await condition()) return true;
    if (Date.now() > deadline) return false;
    await new Promise((r) => setTimeout(r, intervalMs));
  }
}

/** Polls `condition` until it holds; fails with `explain()` when `timeoutMs` runs out. */
export async function waitUntil(
  condition: () => boolean | Promise<boolean>,
  timeoutMs: number,
  explain: () => string,
  intervalMs = 100,
): Promise<void> {
  if (!(await settled(condition, timeoutMs, intervalMs)))
    throw new Error(`${explain()} (after ${timeoutMs} ms)`);
}

/** The promise's result; when it rejects, the error carries `context()` (what the system did meanwhile). */
export async function withContext<T>(promise: Promise<T>, context: () => string): Promise<T> {
  try {
    return await promise;
  } catch (err) {
    throw new Error(`${err instanceof Error ? err.message : String(err)}\n${context()}`);
  }
}

/** Makes two users connected (request, then accept); returns the request id. */
export async function befriend(a: TestUser, b: TestUser): Promise<string> {
  const request = await a.client.post<{ id: string }>('/api/friend-requests', { receiverId: b.user.id });
  if (request.status !== 201)
    throw new Error(`friend request: ${request.status} ${JSON.stringify(request.body)}`);
  const accepted = await b.client.put(`/api/friend-requests/${request.body.id}`, { status: 'accepted' });
  if (accepted.status !== 200)
    throw new Error(`accepting: ${accepted.status} ${JSON.stringify(accepted.body)}`);
  return request.body.id;
}

/** Numeric pino level of a JSON log line (undefined for other output). */
export function logLevel(line: ReplicaLogLine): number | undefined {
  const level = line.json?.level;
  return typeof level === 'number' ? level : undefined;
}

/** Lines that print a stack trace: a JSON record with an embedded one, or a raw "    at …" frame. */
export function stackTraceLines(lines: ReplicaLogLine[]): ReplicaLogLine[] {
  return lines.filter((l) => l.text.includes('\\n    at ') || /^\s+at \S/.test(l.text));
}

/** A short listing of log lines for assertion messages. */
export function showLines(lines: ReplicaLogLine[], max = 10): string {
  return lines
    .slice(0, max)
    .map((l) => `[${l.replica}] ${l.text.slice(0, 400)}`)
    .join('\n');
}

export { type Replica, type ReplicaLogLine };
