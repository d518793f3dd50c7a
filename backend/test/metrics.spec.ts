import { execFileSync, spawnSync } from 'node:child_process';
import { loadConfig } from '../src/config/config';
import { MetricsServer } from '../src/metrics/metrics-server';
import { connectSocket, makePost, makeUser, nextEvent, poll, useTestApp } from './helpers';

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i;

/** A sample line of the Prometheus text format: `name{label="value",…} value`. */
interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

function parseSamples(text: string): Sample[] {
  return text
    .split('\n')
    .filter((line) => line && !line.startsWith('#'))
    .map((line) => {
      const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
      if (!match) throw new Error(`Not a sample line: ${line}`);
      const labels: Record<string, string> = {};
      for (const [, key, raw] of (match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)) {
        labels[key] = raw.replace(/\\(.)/g, (_, c: string) => (c === 'n' ? '\n' : c));
      }
      return { name: match[1], labels, value: Number(match[3]) };
    });
}

/** promtool (Debian's prometheus package) checks the text as Prometheus itself parses it, where it is installed. */
const promtool = (() => {
  try {
    execFileSync('promtool', ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();

describe('metrics', () => {
  const t = useTestApp({ METRICS_PORT: '0', METRICS_HOST: '127.0.0.1' });

  /** One scrape, parsed as Prometheus parses it; `value(name, labels)` reads a sample (0 when absent). */
  async function scrape() {
    const port = t.app.get(MetricsServer).port;
    const reply = await fetch(`http://127.0.0.1:${port}/metrics`);
    expect(reply.status).toBe(200);
    expect(reply.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = await reply.text();
    const samples = parseSamples(text);
    const series = (name: string) => samples.filter((s) => s.name === name);
    const value = (name: string, wanted: Record<string, string> = {}) =>
      series(name).find((s) => Object.entries(wanted).every(([key, v]) => s.labels[key] === v))?.value ?? 0;
    return { text, series, value };
  }

  it('are served on their own port, not on the public one', async () => {
    const onPublic = await fetch(`${t.url}/metrics`);
    expect(await onPublic.text()).not.toContain('piste_http_requests_total');
    const port = t.app.get(MetricsServer).port;
    expect(port).not.toBe(new URL(t.url).port);
    expect((await fetch(`http://127.0.0.1:${port}/anything-else`)).status).toBe(404);
    // Off unless asked for.
    expect(loadConfig({ ...process.env, METRICS_PORT: undefined }).metrics).toBeUndefined();
  });

  it('count HTTP requests by route template, never by raw path, and time them', async () => {
    const fencer = await makeUser(t);
    const other = await makeUser(t);
    const before = await scrape();
    const route = { method: 'GET', route: '/api/users/:id', status: '200' };
    for (const id of [fencer.user.id, other.user.id, fencer.user.id]) {
      expect((await fencer.client.get(`/api/users/${id}`)).status).toBe(200);
    }
    const after = await scrape();
    expect(
      after.value('piste_http_requests_total', route) - before.value('piste_http_requests_total', route),
    ).toBe(3);
    const timed = (scraped: typeof before) =>
      scraped.value('piste_http_request_duration_seconds_count', route);
    expect(timed(after) - timed(before)).toBe(3);
    const routes = after.series('piste_http_requests_total').map((s) => s.labels.route);
    expect(routes.filter((r) => UUID.test(r))).toEqual([]);
    // What no route answers is one series, whatever the path.
    await fencer.client.get(`/api/no-such-thing/${fencer.user.id}`);
    const unmatched = await scrape();
    expect(
      unmatched.value('piste_http_requests_total', { route: 'unmatched', status: '404' }),
    ).toBeGreaterThan(0);
  });

  it('follow sockets and the live events they are sent', async () => {
    const fencer = await makeUser(t);
    const before = await scrape();
    const socket = await connectSocket(t.url, fencer.client);
    try {
      const connected = await scrape();
      expect(connected.value('piste_sockets_connected')).toBe(before.value('piste_sockets_connected') + 1);
      await new Promise<void>((resolve) => socket.emit('feed:watch', { weapon: 'sabre' }, () => resolve()));
      const created = nextEvent(socket, 'post:created');
      await makePost(fencer, { weapon: 'sabre' });
      await created;
      const after = await scrape();
      expect(
        after.value('piste_events_emitted_total', { event: 'post:created' }) -
          before.value('piste_events_emitted_total', { event: 'post:created' }),
      ).toBeGreaterThanOrEqual(1);
      if (process.env.REDIS_URL) {
        // The event comes back from Redis to every replica with a socket in its room, this one included.
        const received = (scraped: Awaited<ReturnType<typeof scrape>>) =>
          scraped.value('piste_redis_messages_received_total');
        await poll(scrape, (now) => received(now) > received(before));
      } else {
        expect(after.series('piste_redis_messages_received_total')).toEqual([]);
      }
    } finally {
      socket.close();
    }
  });

  it('say whether PostgreSQL and Redis answer, how the pool fares, and what the jobs and process do', async () => {
    const { value, series, text } = await scrape();
    expect(value('piste_postgres_up')).toBe(1);
    if (process.env.REDIS_URL) expect(value('piste_redis_up')).toBe(1);
    else expect(series('piste_redis_up')).toEqual([]);
    expect(
      series('piste_db_pool_connections')
        .map((s) => s.labels.state)
        .sort(),
    ).toEqual(['idle', 'in_use']);
    expect(series('piste_db_pool_waiting')).toHaveLength(1);
    expect(text).toContain('# TYPE piste_jobs gauge');
    expect(value('process_cpu_user_seconds_total')).toBeGreaterThan(0);
    expect(series('nodejs_eventloop_lag_p99_seconds')).toHaveLength(1);
  });

  it('are text Prometheus reads without a complaint', async () => {
    if (!promtool) {
      if (process.env.REQUIRE_SERVICES === '1')
        throw new Error('promtool is required (apt-get install prometheus)');
      console.warn('Skipped: promtool is not installed (Debian package prometheus)');
      return;
    }
    const { text } = await scrape();
    const checked = spawnSync('promtool', ['check', 'metrics'], { input: text, encoding: 'utf8' });
    const complaints = `${checked.stdout}${checked.stderr}`.split('\n').filter(Boolean);
    // prom-client's own process gauges keep the names Node's runtime metrics have always had.
    const knownDefaults =
      /^nodejs_active_(handles|requests|resources)_total non-counter metrics should not have "_total" suffix$/;
    expect(complaints.filter((line) => !knownDefaults.test(line))).toEqual([]);
  });
});
