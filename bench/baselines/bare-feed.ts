/**
 * What the bare feed server does per request, apart from HTTP: read the session row named by the `piste.sid`
 * cookie, run one query for the page and build the same JSON Piste answers. The frameworks' rungs
 * (`framework-feed-server`) call the same functions, so they differ from it only in what serves HTTP.
 */
import { Client, Pool, type QueryResult, type QueryResultRow } from 'pg';
import type { FeedPost } from '@piste/contracts';
import { clientPreparingStatements } from '../../backend/src/database/prepared-statements';
import { feedPageBefore, feedPageByOffset, type FeedRow } from './feed-sql';

export const WEAPONS = new Set(['epee', 'foil', 'sabre']);

/** A page's query parameters, as a query string gives them. */
export interface PageQuery {
  limit?: string;
  before?: string;
  offset?: string;
}

/**
 * Statements are prepared once per connection, as Piste's are; BARE_STATEMENTS=unnamed sends them as pg does
 * unless told otherwise, parsed and planned again each time.
 */
const PREPARED = process.env.BARE_STATEMENTS !== 'unnamed';

/**
 * As many connections as Piste's pool. This file names its own statements; a library's (the sessions' store of
 * a framework rung) are prepared by Piste's own client, as in Piste.
 */
export const pool = new Pool({
  connectionString: process.env.DATABASE_URL,
  max: 10,
  Client: PREPARED ? clientPreparingStatements(Client) : Client,
});

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

/** The signed-in user of the session the cookie names, if any. */
export async function viewerOf(cookieHeader: string | undefined): Promise<string | undefined> {
  const sid = sessionId(cookieHeader);
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

/** The page of `weapon`'s feed the query asks for, as `viewerId` sees it. */
export async function feed(viewerId: string, weapon: string, query: PageQuery): Promise<FeedPost[]> {
  const limit = Number(query.limit ?? 10);
  const before = query.before;
  const offset = Number(query.offset ?? 0);
  const { rows } = before
    ? await run<FeedRow>(`before-${limit}`, feedPageBefore(limit), [viewerId, weapon, before])
    : offset > 0
      ? await run<FeedRow>(`offset-${limit}`, feedPageByOffset(limit), [viewerId, weapon, offset])
      : await run<FeedRow>(`first-${limit}`, feedPageByOffset(limit, false), [viewerId, weapon]);
  return rows.map(toFeedPost);
}
