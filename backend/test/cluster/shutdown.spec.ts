import { request } from 'node:http';
import type { UploadReply } from '@piste/contracts';
import { makeUser } from '../helpers';
import { makePng } from '../media-fixtures';
import { ClusterStack, describeCluster, settled, withContext, type Replica } from './harness';

const DRAIN_MS = 1_000;
/** The upload body trickles in over this long: it is still arriving seconds after the drain has ended. */
const TRICKLE_MS = 4_000;
const CHUNKS = 25;

interface SlowReply {
  status: number;
  body: string;
}

/** PUTs `bytes` to `url` in CHUNKS pieces; `afterFirstChunk` runs once the request is on the wire. */
function slowPut(
  url: string,
  bytes: Buffer,
  headers: Record<string, string>,
  afterFirstChunk: () => void,
): Promise<SlowReply> {
  return new Promise((resolve, reject) => {
    const req = request(url, {
      method: 'PUT',
      agent: false,
      headers: { ...headers, 'content-length': String(bytes.length) },
    });
    req.on('response', (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString() }));
      res.on('error', reject);
    });
    req.on('error', reject);
    const size = Math.ceil(bytes.length / CHUNKS);
    let sent = 0;
    const writeNext = () => {
      req.write(bytes.subarray(sent, sent + size));
      sent += size;
      if (sent === size) afterFirstChunk();
      if (sent >= bytes.length) req.end();
      else setTimeout(writeNext, TRICKLE_MS / CHUNKS);
    };
    writeNext();
  });
}

describeCluster('SIGTERM: a replica drains and stops cleanly', ['postgres', 'redis'], () => {
  const stack = new ClusterStack();
  let databaseUrl: string;

  beforeAll(async () => {
    databaseUrl = (await stack.postgres()).url();
  });
  afterAll(() => stack.cleanup());

  async function startReplica(name: string): Promise<Replica> {
    const replica = await stack.replica(name, {
      DATABASE_URL: databaseUrl,
      SHUTDOWN_DRAIN_MS: String(DRAIN_MS),
      SHUTDOWN_GRACE_MS: '10000',
    });
    await replica.waitReady();
    return replica;
  }

  it('finishes an in-flight upload with its normal reply, answers 503 on readiness while draining, exits 0', async () => {
    const replica = await startReplica('A');
    const owner = await makeUser(replica.url);
    const picture = makePng(400, 300, [30, 90, 160]);
    const ticket = await owner.client.post<UploadReply>('/api/objects/upload', {
      filename: 'salute.png',
      contentType: 'image/png',
      size: picture.length,
      purpose: 'post',
    });
    expect(ticket.status).toBe(201);

    let firstChunk!: () => void;
    const onTheWire = new Promise<void>((r) => (firstChunk = r));
    const upload = slowPut(
      replica.url + ticket.body.uploadUrl,
      picture,
      { 'content-type': 'image/png', cookie: owner.client.cookie },
      firstChunk,
    );
    await onTheWire;
    // Let the server take the request in before the signal.
    await new Promise((r) => setTimeout(r, 200));
    const signalledAt = Date.now();
    expect(replica.kill('SIGTERM')).toBe(true);

    // Readiness turns 503 at once, while the server still answers during the drain.
    const readyDuringDrain: number[] = [];
    await settled(
      async () => {
        const res = await fetch(`${replica.url}/health/ready`, { signal: AbortSignal.timeout(1_000) }).catch(
          () => undefined,
        );
        if (res) readyDuringDrain.push(res.status);
        return res?.status === 503 || Date.now() - signalledAt > DRAIN_MS / 2;
      },
      DRAIN_MS / 2,
      50,
    );
    expect(readyDuringDrain).toContain(503);

    const reply = await withContext(upload, () => `the upload in flight at SIGTERM failed${replica.tail()}`);
    expect(Date.now() - signalledAt).toBeGreaterThan(DRAIN_MS);
    let body: unknown = reply.body;
    try {
      body = JSON.parse(reply.body);
    } catch {
      /* shown as text */
    }
    expect({ ok: [200, 201].includes(reply.status), status: reply.status, body }).toMatchObject({
      ok: true,
      body: { objectPath: ticket.body.objectPath },
    });

    const exit = await replica.exited;
    expect(exit).toEqual({ code: 0, signal: null });
  });

  it('disconnects its sockets from the server side before exiting with 0', async () => {
    const replica = await startReplica('B');
    const fencer = await makeUser(replica.url);
    const socket = await stack.socket(replica.url, fencer.client, 'fencer@B');
    replica.kill('SIGTERM');
    const disconnected = await socket.waitForDisconnect(DRAIN_MS + 10_000);
    // "io server disconnect" is the server closing the socket; "transport close" would be the process dying.
    expect(disconnected.reason).toBe('io server disconnect');
    await expect(replica.exited).resolves.toEqual({ code: 0, signal: null });
  });

  it('stops with exit 0 even while Redis is away', async () => {
    const redis = await stack.redis();
    const replica = await stack.replica('C', {
      DATABASE_URL: databaseUrl,
      REDIS_URL: redis.url,
      SHUTDOWN_DRAIN_MS: '0',
      SHUTDOWN_GRACE_MS: '2000',
    });
    await replica.waitReady();
    const fencer = await makeUser(replica.url);
    const socket = await stack.socket(replica.url, fencer.client, 'fencer@C');
    await redis.stop();
    // A publish while Redis is away: it must neither end the process nor hold the shutdown.
    expect((await fencer.client.post('/api/posts', { content: 'Touché', weapon: 'foil' })).status).toBe(201);
    const signalledAt = Date.now();
    replica.kill('SIGTERM');
    await expect(socket.waitForDisconnect(10_000)).resolves.toMatchObject({ reason: 'io server disconnect' });
    await expect(replica.exited).resolves.toEqual({ code: 0, signal: null });
    expect(Date.now() - signalledAt).toBeLessThan(8_000);
  });
});
