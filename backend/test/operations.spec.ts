import { readinessReplySchema } from '@piste/contracts';
import { openDatabase } from '../src/database/data-source';
import { withStartupLock } from '../src/database/startup';
import { DataSource } from 'typeorm';
import { HealthService, SLOW_CHECKS_FOR_DOWN } from '../src/health/health.service';
import { Lifecycle } from '../src/health/lifecycle';
import { ApiClient, hasRedis, itRacing, makeUser, runDatabase, startTestApp, useTestApp } from './helpers';

/** PostgreSQL proper: the embedded database serves every connection from one session, so its locks never wait. */

/** Keeps every connection of the app's pool busy for `seconds`; resolves once they all are. */
async function holdEveryPooledConnection(dataSource: DataSource, seconds: number): Promise<Promise<unknown>> {
  const { max = 10 } =
    (dataSource.driver as unknown as { master?: { options: { max?: number } } }).master?.options ?? {};
  const busy = Promise.all(
    Array.from({ length: max }, () => dataSource.query(`SELECT pg_sleep(${seconds})`)),
  );
  await new Promise((resolve) => setTimeout(resolve, 100));
  return busy;
}

describe('operations', () => {
  const t = useTestApp();
  let anonymous: ApiClient;

  beforeAll(() => {
    anonymous = new ApiClient(t.url);
  });

  it('answers liveness without checking anything, and readiness naming each dependency', async () => {
    const live = await anonymous.get('/health/live');
    expect(live.status).toBe(200);
    expect(live.body).toEqual({ status: 'ok' });

    for (const path of ['/health/ready', '/api/health']) {
      const ready = await anonymous.get(path);
      expect(ready.status).toBe(200);
      expect(readinessReplySchema.parse(ready.body)).toEqual({
        status: 'ok',
        postgres: 'up',
        redis: hasRedis ? 'up' : 'off',
        storage: 'up',
        jobs: { queued: expect.any(Number), failed: expect.any(Number) },
      });
      expect(ready.headers.get('cache-control')).toBe('no-store');
    }
  });

  it('gives every request an id, sent back as X-Request-Id, keeping a well-formed one from the proxy', async () => {
    const fresh = await anonymous.get('/api/posts/epee');
    expect(fresh.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    const other = await anonymous.get('/api/posts/epee');
    expect(other.headers.get('x-request-id')).not.toBe(fresh.headers.get('x-request-id'));

    const passed = await anonymous.request('GET', '/api/user', undefined, {
      'x-request-id': 'lb-req-0042abcd',
    });
    expect(passed.headers.get('x-request-id')).toBe('lb-req-0042abcd');
    const forged = await anonymous.request('GET', '/api/user', undefined, {
      'x-request-id': '<script>x</script>',
    });
    expect(forged.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });

  itRacing(
    'stays ready while every pooled connection is busy: the probe has a connection of its own',
    async () => {
      const busy = await holdEveryPooledConnection(t.app.get(DataSource), 1.5);
      try {
        const started = Date.now();
        const ready = await anonymous.get('/health/ready');
        expect({ status: ready.status, postgres: (ready.body as { postgres: string }).postgres }).toEqual({
          status: 200,
          postgres: 'up',
        });
        expect(Date.now() - started).toBeLessThan(1_000);
      } finally {
        await busy;
      }
    },
  );

  itRacing(
    'lets a request wait its turn while every pooled connection is busy, instead of answering 503',
    async () => {
      const reader = await makeUser(t);
      // Longer than a new connection may take to open (800 ms): load is not an outage.
      const busy = await holdEveryPooledConnection(t.app.get(DataSource), 1.5);
      try {
        const page = await reader.client.get('/api/posts/epee?limit=10&offset=10000');
        expect(page.status).toBe(200);
        expect(page.body).toEqual([]);
      } finally {
        await busy;
      }
    },
  );

  it('calls a PostgreSQL that is only slow down after three slow checks in a row, not before', async () => {
    const service: HealthService = t.app.get(HealthService);
    // The probe's own check, made slow as a PostgreSQL under load would be.
    const health = service as unknown as { pingPostgres(): Promise<void> };
    const slow = jest
      .spyOn(health, 'pingPostgres')
      .mockImplementation(() => new Promise((resolve) => setTimeout(resolve, 1_300)));
    try {
      const statuses: number[] = [];
      for (let i = 0; i < SLOW_CHECKS_FOR_DOWN; i++)
        statuses.push((await anonymous.get('/health/ready')).status);
      expect(statuses).toEqual([...Array<number>(SLOW_CHECKS_FOR_DOWN - 1).fill(200), 503]);
    } finally {
      slow.mockRestore();
    }
    // One answer in time and it is up again.
    expect((await anonymous.get('/health/ready')).body).toMatchObject({ status: 'ok', postgres: 'up' });
  });

  it('reports 503 from the first moment of a shutdown while liveness stays 200', async () => {
    const stopping = await startTestApp();
    try {
      stopping.app.get(Lifecycle).beginShutdown();
      const client = new ApiClient(stopping.url);
      const ready = await client.get('/health/ready');
      expect(ready.status).toBe(503);
      expect(ready.body).toMatchObject({ status: 'shutting-down', postgres: 'up' });
      expect((await client.get('/health/live')).status).toBe(200);
      // Requests are still answered during the drain, asking the client to close its connection.
      const during = await client.get('/api/user');
      expect(during.status).toBe(401);
      expect(during.headers.get('connection')).toBe('close');
    } finally {
      await stopping.close();
    }
  });

  itRacing('runs start-up work under a lock that replicas take one after another', async () => {
    const [a, b] = await Promise.all([
      openDatabase(runDatabase(), process.env.DATABASE_SCHEMA),
      openDatabase(runDatabase(), process.env.DATABASE_SCHEMA),
    ]);
    try {
      const spans: { start: number; end: number }[] = [];
      const work = async () => {
        const start = Date.now();
        await new Promise((r) => setTimeout(r, 300));
        spans.push({ start, end: Date.now() });
      };
      await Promise.all([withStartupLock(a, work), withStartupLock(b, work)]);
      spans.sort((x, y) => x.start - y.start);
      expect(spans).toHaveLength(2);
      expect(spans[1].start).toBeGreaterThanOrEqual(spans[0].end);
    } finally {
      await Promise.all([a.destroy(), b.destroy()]);
    }
  });
});
