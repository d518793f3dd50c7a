import type { FeedPost } from '@piste/contracts';
import { toFeedPost, type FeedPostSource } from './posts.mapper';

/** A post row as one feed statement returns it: the post's columns, its author, club and the viewer's flags. */
export interface FeedPostRow extends FeedPostSource {
  authorName: string | null;
  authorUsername: string;
  authorAvatar: string | null;
  authorTitle: string | null;
  authorRatingLabel: string | null;
  clubSlug: string | null;
  clubName: string | null;
  isLiked: boolean;
  isDisliked: boolean;
  isSaved: boolean;
}

/** The post columns a feed item carries, under the names PostEntity gives them. */
const POST_COLUMNS: readonly (keyof FeedPostSource)[] = [
  'id',
  'authorId',
  'content',
  'type',
  'weapon',
  'authorRole',
  'mediaUrl',
  'mediaType',
  'mediaWidth',
  'mediaHeight',
  'mediaDisplayUrl',
  'mediaDisplayWidth',
  'mediaDisplayHeight',
  'mediaPosterUrl',
  'mediaAlt',
  'drillDetails',
  'achievementDetails',
  'likesCount',
  'dislikesCount',
  'commentsCount',
  'sharesCount',
  'savesCount',
  'visibility',
  'clubId',
  'editedAt',
  'createdAt',
];
const PAGE_COLUMNS = POST_COLUMNS.map((column) => `p."${column}"`).join(', ');

/**
 * Feed items in one statement, mapped by hand (no entity hydration on the hot path). `page` is the query that
 * picks the posts (`SELECT <columns> FROM posts p WHERE … ORDER BY … LIMIT … OFFSET …`, written with
 * `feedPageOf`): the outer query joins authors and clubs and reads the viewer's like, dislike and save of
 * those rows only, so rows an offset skips cost only their filters. Named parameter `:viewerId` is the viewer.
 */
export function feedPostsSql(page: string, order = ''): string {
  return `SELECT page.*,
      u."name" AS "authorName", u."username" AS "authorUsername", u."avatar" AS "authorAvatar",
      u."title" AS "authorTitle", u."ratingLabel" AS "authorRatingLabel",
      c."slug" AS "clubSlug", c."name" AS "clubName",
      EXISTS (SELECT 1 FROM likes l WHERE l."userId" = :viewerId AND l."postId" = page."id") AS "isLiked",
      EXISTS (SELECT 1 FROM dislikes d WHERE d."userId" = :viewerId AND d."postId" = page."id") AS "isDisliked",
      EXISTS (SELECT 1 FROM saves s WHERE s."userId" = :viewerId AND s."postId" = page."id") AS "isSaved"
    FROM (${page}) page
    JOIN users u ON u."id" = page."authorId"
    LEFT JOIN clubs c ON c."id" = page."clubId"
    ${order}`;
}

/** The inner query of `feedPostsSql`: posts matching every condition, with the given order and limits. */
export function feedPageOf(conditions: string[], tail = ''): string {
  return `SELECT ${PAGE_COLUMNS} FROM posts p WHERE ${conditions.map((c) => `(${c})`).join(' AND ')} ${tail}`;
}

/** Newest first, ties broken by id: the order of every list of posts and of its keyset cursor. */
export const NEWEST_FIRST = (alias: string) => `ORDER BY ${alias}."createdAt" DESC, ${alias}."id" DESC`;

/**
 * A page's LIMIT written into the statement, with OFFSET (a parameter, `:offset`) only past the first page.
 * Prepared once per connection, a statement is planned once for all its values when its plan does not depend on
 * them; PostgreSQL plans a LIMIT given as a parameter for a tenth of the rows, so the feed's first page was planned
 * again at every request, which took longer than running it.
 */
export function pageLimit(limit: number, offset = 0): string {
  if (!Number.isSafeInteger(limit) || limit < 0) throw new RangeError(`Not a page size: ${limit}`);
  return offset > 0 ? `LIMIT ${limit} OFFSET :offset` : `LIMIT ${limit}`;
}

export function feedPostOf(row: FeedPostRow): FeedPost {
  return toFeedPost(
    row,
    {
      id: row.authorId,
      name: row.authorName,
      username: row.authorUsername,
      avatar: row.authorAvatar,
      title: row.authorTitle,
      ratingLabel: row.authorRatingLabel,
    },
    { isLiked: row.isLiked, isDisliked: row.isDisliked, isSaved: row.isSaved },
    row.clubId ? { id: row.clubId, slug: row.clubSlug!, name: row.clubName! } : null,
  );
}
