/**
 * Load and latency figures for the hot paths (not pass/fail):
 *  - feed page reads (first page and a deep page) under concurrent load, with autocannon;
 *  - real-time latency: a like on the API until the `post:counts` event reaches a feed watcher.
 * Uses DATABASE_URL / REDIS_URL when set, otherwise the embedded database. `npm run bench`.
 */
import 'reflect-metadata';
import autocannon from 'autocannon';
import { io } from 'socket.io-client';
import { DataSource } from 'typeorm';
import { loadConfig } from '../backend/src/config/config';
import { createApp } from '../backend/src/app.factory';
import { startEmbeddedPostgres } from '../backend/src/database/embedded-postgres';

const POSTS = Number(process.env.BENCH_POSTS ?? 20000);
const DURATION_S = Number(process.env.BENCH_SECONDS ?? 8);
const LATENCY_SAMPLES = Number(process.env.BENCH_SAMPLES ?? 50);

async function signUp(url: string, username: string): Promise<{ cookie: string; id: string }> {
  const res = await fetch(`${url}/api/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      username,
      email: `${username}@bench.local`,
      name: username,
      password: 'bench-secret',
    }),
  });
  if (res.status !== 201) throw new Error(`register: ${res.status} ${await res.text()}`);
  const cookie = res.headers.getSetCookie()[0].split(';')[0];
  const user = (await res.json()) as { id: string };
  return { cookie, id: user.id };
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

async function main(): Promise<void> {
  const config = loadConfig({ ...process.env, PORT: '0', SEED_DEMO: 'false', LOG_LEVEL: 'warn' });
  const embedded = config.databaseUrl ? undefined : await startEmbeddedPostgres(undefined);
  const dbUrl = config.databaseUrl ?? embedded!.url;
  const app = await createApp(config, dbUrl);
  await app.listen(0, '127.0.0.1');
  const url = `http://127.0.0.1:${(app.getHttpServer() as { address(): { port: number } }).address().port}`;
  const db = app.get(DataSource);

  const suffix = Date.now().toString(36);
  const author = await signUp(url, `bench_author_${suffix}`);
  const reader = await signUp(url, `bench_reader_${suffix}`);

  console.log(`Filling ${POSTS} posts …`);
  await db.query(
    `INSERT INTO posts ("authorId", content, type, weapon, "createdAt")
     SELECT $1, 'Bench post ' || g, 'general', (ARRAY['epee','foil','sabre'])[1 + g % 3],
            now() - (g || ' seconds')::interval
     FROM generate_series(1, $2) AS g`,
    [author.id, POSTS],
  );

  const results: Record<string, string> = {};
  for (const [name, path] of [
    ['feed first page', '/api/posts/epee?limit=10&offset=0'],
    ['feed deep page', `/api/posts/epee?limit=10&offset=${Math.floor(POSTS / 3) - 20}`],
  ] as const) {
    const r = await autocannon({
      url: url + path,
      connections: 20,
      duration: DURATION_S,
      headers: { cookie: reader.cookie },
    });
    results[name] =
      `${Math.round(r.requests.average)} req/s, p50 ${r.latency.p50} ms, p99 ${r.latency.p99} ms, ` +
      `${r.non2xx} non-2xx, ${r.errors} errors`;
  }

  // Real-time latency: like → post:counts on a watcher of the feed.
  const rows = await db.query<{ id: string }[]>(
    `SELECT id FROM posts WHERE weapon = 'epee' AND "authorId" = $1 ORDER BY "createdAt" DESC LIMIT $2`,
    [author.id, LATENCY_SAMPLES],
  );
  const postIds = rows.map((p) => p.id);
  const socket = io(url, { transports: ['websocket'], extraHeaders: { cookie: author.cookie } });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  socket.emit('feed:watch', { weapon: 'epee' });
  await new Promise((r) => setTimeout(r, 200));
  const latencies: number[] = [];
  for (const postId of postIds) {
    const started = performance.now();
    const arrived = new Promise<void>((resolve) => {
      const onCounts = (payload: { postId: string }) => {
        if (payload.postId !== postId) return;
        socket.off('post:counts', onCounts);
        resolve();
      };
      socket.on('post:counts', onCounts);
    });
    const res = await fetch(`${url}/api/likes`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: reader.cookie },
      body: JSON.stringify({ postId }),
    });
    if (res.status !== 201) throw new Error(`like: ${res.status} ${await res.text()}`);
    await arrived;
    latencies.push(performance.now() - started);
  }
  socket.close();
  latencies.sort((a, b) => a - b);
  results['like → post:counts'] =
    `${latencies.length} samples, p50 ${percentile(latencies, 50).toFixed(1)} ms, p95 ${percentile(latencies, 95).toFixed(1)} ms, ` +
    `max ${latencies[latencies.length - 1].toFixed(1)} ms`;

  await db.query(`DELETE FROM users WHERE id IN ($1, $2)`, [author.id, reader.id]);
  await app.close();
  await embedded?.stop();

  console.log(
    `\nPiste benchmarks (${POSTS} posts, ${config.databaseUrl ? 'PostgreSQL' : 'embedded PGlite'})`,
  );
  for (const [name, figure] of Object.entries(results)) console.log(`  ${name.padEnd(22)} ${figure}`);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
