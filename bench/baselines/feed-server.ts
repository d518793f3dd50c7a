/**
 * The bare baseline of the feed: `node:http` and `pg`, nothing else. Per request it reads the session row named
 * by the `piste.sid` cookie, then runs one query for the page and writes the same JSON Piste does. It checks
 * no cookie signature and validates almost nothing: it is the floor the framework's work is measured against.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { Pool, type QueryResult, type QueryResultRow } from 'pg';
import type { FeedPost } from '@piste/contracts';
import { feedPageBefore, feedPageByOffset, type FeedRow } from './feed-sql';
import { reply } from './json-reply';

const WEAPONS = new Set(['epee', 'foil', 'sabre']);
const FEED_PATH = /^\/api\/posts\/([a-z]+)$/;

// As many connections as Piste's pool.
const pool = new Pool({ connectionString: process.env.DATABASE_URL, max: 10 });

/**
 * Statements are prepared once per connection, as Piste's are; BARE_STATEMENTS=unnamed sends them as pg does
 * unless told otherwise, parsed and planned again each time.
 */
const PREPARED = process.env.BARE_STATEMENTS !== 'unnamed';

function run<R extends QueryResultRow>(
  name: string,
  text: string,
  values: unknown[],
): Promise<QueryResult<R>> {
  return PREPARED ? pool.query<R>({ name, text, values }) : pool.query<R>(text, values);
}

/** The session id inside express-session's signed cookie `s:<sid>.<signature>`. */
function sessionId(cookieHeader: string | undefined): string | undefined {
  const value = cookieHeader
    ?.split(';')
    .map((c) => c.trim())
    .find((c) => c.startsWith('piste.sid='))
    ?.slice('piste.sid='.length);
  if (!value) return undefined;
  const signed = decodeURIComponent(value);
  return signed.startsWith('s:') ? signed.slice(2, signed.lastIndexOf('.')) : undefined;
}

async function viewerOf(request: IncomingMessage): Promise<string | undefined> {
  const sid = sessionId(request.headers.cookie);
  if (!sid) return undefined;
  const { rows } = await run<{ sess: { passport?: { user?: string } } }>(
    'session',
    'SELECT sess FROM sessions WHERE sid = $1 AND expire >= now()',
    [sid],
  );
  return rows[0]?.sess.passport?.user;
}

function toFeedPost(row: FeedRow): FeedPost {
  return {
    id: row.id,
    authorId: row.authorId,
    content: row.content,
    type: row.type,
    weapon: row.weapon,
    authorRole: row.authorRole,
    mediaUrl: row.mediaUrl,
    mediaType: row.mediaType,
    ...(row.mediaWidth && row.mediaHeight
      ? {
          mediaWidth: row.mediaWidth,
          mediaHeight: row.mediaHeight,
          mediaDisplay:
            row.mediaDisplayUrl && row.mediaDisplayWidth && row.mediaDisplayHeight
              ? { url: row.mediaDisplayUrl, width: row.mediaDisplayWidth, height: row.mediaDisplayHeight }
              : null,
        }
      : {}),
    ...(row.mediaPosterUrl ? { mediaPosterUrl: row.mediaPosterUrl } : {}),
    drillDetails: row.drillDetails,
    achievementDetails: row.achievementDetails,
    likesCount: row.likesCount,
    dislikesCount: row.dislikesCount,
    commentsCount: row.commentsCount,
    sharesCount: row.sharesCount,
    savesCount: row.savesCount,
    createdAt: row.createdAt.toISOString(),
    author: {
      id: row.authorId,
      name: row.authorName,
      username: row.authorUsername,
      avatar: row.authorAvatar,
      title: row.authorTitle,
      ...(row.authorRating ? { rating: row.authorRating } : {}),
    },
    isLiked: row.isLiked,
    isDisliked: row.isDisliked,
    visibility: row.visibility,
    mediaAlt: row.mediaAlt,
    editedAt: row.editedAt?.toISOString() ?? null,
    isSaved: row.isSaved,
    ...(row.clubId ? { club: { id: row.clubId, slug: row.clubSlug!, name: row.clubName! } } : {}),
  };
}

async function feed(viewerId: string, weapon: string, query: URLSearchParams): Promise<FeedPost[]> {
  const limit = Number(query.get('limit') ?? 10);
  const before = query.get('before');
  const offset = Number(query.get('offset') ?? 0);
  const { rows } = before
    ? await run<FeedRow>(`before-${limit}`, feedPageBefore(limit), [viewerId, weapon, before])
    : offset > 0
      ? await run<FeedRow>(`offset-${limit}`, feedPageByOffset(limit), [viewerId, weapon, offset])
      : await run<FeedRow>(`first-${limit}`, feedPageByOffset(limit, false), [viewerId, weapon]);
  return rows.map(toFeedPost);
}

async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
  const url = new URL(request.url ?? '/', 'http://bench');
  if (url.pathname === '/health/ready') return reply(response, 200, { status: 'ok' });
  const weapon = FEED_PATH.exec(url.pathname)?.[1];
  if (request.method !== 'GET' || !weapon || !WEAPONS.has(weapon))
    return reply(response, 404, { message: 'Not found' });
  const viewerId = await viewerOf(request);
  if (!viewerId) return reply(response, 401, { message: 'Not signed in' });
  reply(response, 200, await feed(viewerId, weapon, url.searchParams));
}

createServer((request, response) => {
  handle(request, response).catch((err: unknown) => reply(response, 500, { message: String(err) }));
}).listen(Number(process.env.PORT), process.env.HOST ?? '127.0.0.1');

// Exiting normally on SIGTERM lets `--cpu-prof` (BENCH_CPU_PROFILE) write the profile.
process.on('SIGTERM', () => process.exit(0));
