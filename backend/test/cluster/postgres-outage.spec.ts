import { makeUser, type TestUser } from '../helpers';
import {
  ClusterStack,
  describeCluster,
  logLevel,
  settled,
  showLines,
  stackTraceLines,
  type Replica,
} from './harness';
import type { PostgresServer } from './services';

const OUTAGE_MS = 6_000;
const ANSWER_WITHIN_MS = 1_000;

type ProbeKind = 'write' | 'read' | 'live' | 'ready';

interface Probe {
  replica: string;
  kind: ProbeKind;
  startedAt: number;
  ms: number;
  status: number | 'timeout' | 'error';
  retryAfter: string | null;
  body: any;
}

describeCluster('a PostgreSQL outage under two replicas', ['postgres'], () => {
  const stack = new ClusterStack();
  let postgres: PostgresServer;
  let a: Replica;
  let b: Replica;
  /** Writes rotate over a few fencers, so no one account comes near the posting limit. */
  let fencers: TestUser[];
  let writes = 0;
  const probes: Probe[] = [];
  let outageStartedAt = 0;
  let restartedAt = 0;
  let recovered = false;

  /** One request, timed; never throws. */
  async function probe(replica: Replica, kind: ProbeKind): Promise<Probe> {
    const requests: Record<ProbeKind, [string, string, unknown?]> = {
      write: [
        'POST',
        '/api/posts',
        { content: `Parry riposte ${probes.length}`, type: 'general', weapon: 'epee' },
      ],
      read: ['GET', '/api/posts/epee?limit=5&offset=0'],
      live: ['GET', '/health/live'],
      ready: ['GET', '/health/ready'],
    };
    const [method, path, body] = requests[kind];
    const author = fencers[kind === 'write' ? writes++ % fencers.length : 0];
    const startedAt = Date.now();
    const result: Probe = {
      replica: replica.name,
      kind,
      startedAt,
      ms: 0,
      status: 'error',
      retryAfter: null,
      body: null,
    };
    try {
      const res = await fetch(replica.url + path, {
        method,
        // Every probe carries a session cookie: a browser-side check or a proxy may forward one, and the
        // probes must not need the session store (PostgreSQL) to answer.
        headers: {
          cookie: author.client.cookie,
          ...(body ? { 'content-type': 'application/json' } : {}),
        },
        body: body ? JSON.stringify(body) : undefined,
        signal: AbortSignal.timeout(5_000),
      });
      const text = await res.text();
      result.status = res.status;
      result.retryAfter = res.headers.get('retry-after');
      try {
        result.body = JSON.parse(text);
      } catch {
        result.body = text;
      }
    } catch (err) {
      result.status = (err as Error).name === 'TimeoutError' ? 'timeout' : 'error';
      result.body = String(err);
    }
    result.ms = Date.now() - startedAt;
    probes.push(result);
    return result;
  }

  const during = (kind: ProbeKind) =>
    probes.filter((p) => p.kind === kind && p.startedAt >= outageStartedAt && p.startedAt < restartedAt);
  const summary = (p: Probe) =>
    `${p.replica} ${p.kind} ${p.status} in ${p.ms} ms, Retry-After ${p.retryAfter}, ${JSON.stringify(p.body).slice(0, 200)}`;

  beforeAll(async () => {
    postgres = await stack.postgres();
    const env = { DATABASE_URL: postgres.url() };
    [a, b] = await stack.twoReplicas(env);
    fencers = [await makeUser(a.url), await makeUser(b.url), await makeUser(a.url)];

    // Writes before, during and after the outage; the outage is staged once and the tests examine it.
    for (const replica of [a, b, a, b]) await probe(replica, 'write');
    outageStartedAt = Date.now();
    await postgres.stop();
    while (Date.now() < outageStartedAt + OUTAGE_MS) {
      for (const replica of [a, b]) {
        for (const kind of ['write', 'read', 'live', 'ready'] as const) await probe(replica, kind);
      }
      await new Promise((r) => setTimeout(r, 200));
    }
    restartedAt = Date.now();
    await postgres.start();
    recovered = await settled(
      async () => (await probe(a, 'ready')).status === 200 && (await probe(b, 'ready')).status === 200,
      60_000,
      250,
    );
    for (const replica of [a, b, a, b]) await probe(replica, 'write');
  });
  afterAll(() => stack.cleanup());

  it('answers requests that need the database with 503, Retry-After and a message, in under a second', () => {
    const needy = [...during('write'), ...during('read')];
    expect(needy.length).toBeGreaterThanOrEqual(8);
    const wrong = needy.filter(
      (p) =>
        p.status !== 503 || !p.retryAfter || typeof p.body?.message !== 'string' || p.ms >= ANSWER_WITHIN_MS,
    );
    expect(wrong.map(summary)).toEqual([]);
  });

  it('keeps /health/live at 200 and reports postgres down in /health/ready', () => {
    expect(
      during('live')
        .filter((p) => p.status !== 200)
        .map(summary),
    ).toEqual([]);
    const ready = during('ready');
    expect(ready.length).toBeGreaterThanOrEqual(4);
    expect(ready.filter((p) => p.status !== 503 || p.body?.postgres !== 'down').map(summary)).toEqual([]);
  });

  it('logs no stack trace, and about one line per failed request', () => {
    const lines = [...a.lines, ...b.lines];
    expect(showLines(stackTraceLines(lines), 5)).toBe('');
    const failed = [...during('write'), ...during('read')].length;
    const warnings = lines.filter(
      (l) => (logLevel(l) ?? 0) >= 40 && l.at >= outageStartedAt && l.at < restartedAt + 1_000,
    );
    expect(warnings.length).toBeLessThanOrEqual(failed + 10);
  });

  it('recovers by itself once PostgreSQL is back: ready again and writing on both replicas', () => {
    expect({ A: a.exit, B: b.exit }).toEqual({ A: undefined, B: undefined });
    expect(recovered).toBe(true);
    const after = probes.filter((p) => p.kind === 'write' && p.startedAt > restartedAt);
    expect(after.map((p) => `${p.replica} ${p.status}`)).toEqual(['A 201', 'B 201', 'A 201', 'B 201']);
  });

  it('keeps every write that was answered with 2xx', async () => {
    const acknowledged = probes.filter(
      (p) => p.kind === 'write' && typeof p.status === 'number' && p.status < 300,
    );
    expect(acknowledged.length).toBeGreaterThanOrEqual(8);
    const ids = acknowledged.map((p) => p.body.id as string);
    const rows = await postgres.query<{ id: string }>('postgres', 'SELECT id FROM posts WHERE id = ANY($1)', [
      ids,
    ]);
    const stored = new Set(rows.map((r) => r.id));
    expect(ids.filter((id) => !stored.has(id))).toEqual([]);
  });
});
