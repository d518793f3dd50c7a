/**
 * The bare baseline of the feed: `node:http` and `pg`, nothing else. Per request it reads the session row named
 * by the `piste.sid` cookie, then runs one query for the page and writes the same JSON Piste does. It checks
 * no cookie signature and validates almost nothing: it is the floor the framework's work is measured against.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { feed, viewerOf, WEAPONS } from './bare-feed';
import { reply } from './json-reply';

const FEED_PATH = /^\/api\/posts\/([a-z]+)$/;

async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
  const url = new URL(request.url ?? '/', 'http://bench');
  if (url.pathname === '/health/ready') return reply(response, 200, { status: 'ok' });
  const weapon = FEED_PATH.exec(url.pathname)?.[1];
  if (request.method !== 'GET' || !weapon || !WEAPONS.has(weapon))
    return reply(response, 404, { message: 'Not found' });
  const viewerId = await viewerOf(request.headers.cookie);
  if (!viewerId) return reply(response, 401, { message: 'Not signed in' });
  reply(response, 200, await feed(viewerId, weapon, Object.fromEntries(url.searchParams)));
}

createServer((request, response) => {
  handle(request, response).catch((err: unknown) => reply(response, 500, { message: String(err) }));
}).listen(Number(process.env.PORT), process.env.HOST ?? '127.0.0.1');

// Exiting normally on SIGTERM lets `--cpu-prof` (BENCH_CPU_PROFILE) write the profile.
process.on('SIGTERM', () => process.exit(0));
