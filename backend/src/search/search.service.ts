import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import type { Club, FeedPost, SearchQuery, SearchReply, SearchUser, SessionUser } from '@piste/contracts';
import { CLUB_COLUMNS, toClub, type ClubRow } from '../clubs/club-rows';
import { escapeLike } from '../common/like-pattern';
import { notBlockedEitherWay } from '../blocks/block-visibility';
import { notMutedBy } from '../mutes/mute-visibility';
import { notHiddenBy, visibleTo } from '../posts/post-visibility';
import { PostsService } from '../posts/posts.service';
import { FENCER_COLUMNS, toFencer, type FencerRow } from '../users/users.mapper';
import { searchError, SearchErrorCode } from './search.errors';

/** How many name matches the fencer ranking considers (besides an exact username). */
const USER_CANDIDATES = 200;

/**
 * How many of the newest matching posts are ranked. ts_rank reads each match's whole vector, so a common word
 * in a large community would otherwise rank every post that has it; past this many, newer posts win.
 */
const RANKED_MATCHES = 1000;

/**
 * The posts that match, with their rank. `$1` is the viewer, `$2` what they typed (post_search_query in the
 * PostSearch migration). Blocks either way and posts the viewer hid are left out.
 */
const MATCHING_POSTS = `
  SELECT id, "createdAt", ts_rank("searchVector", query) AS rank
    FROM (SELECT p.id, p."createdAt", p."searchVector", query
            FROM posts p, post_search_query($2) AS query
           WHERE p."searchVector" @@ query
             AND ${notBlockedEitherWay('p."authorId"', '$1')}
             AND ${notHiddenBy('p.id', '$1')}
             AND ${visibleTo('p', '$1')}
             AND ${notMutedBy('p', '$1')}
           ORDER BY p."createdAt" DESC
           LIMIT ${RANKED_MATCHES}) newest`;

/**
 * The paging cursor `$4` as a row of the ranking's order, if it is a post the viewer may see (one they hid still
 * counts, as in the feed). It goes through the same ts_rank, so it compares exactly with the ranked rows.
 */
const CURSOR_ROW = `
  SELECT ts_rank(c."searchVector", post_search_query($2)), c."createdAt", c.id
    FROM posts c
   WHERE c.id = CAST($4 AS uuid) AND ${notBlockedEitherWay('c."authorId"', '$1')} AND ${visibleTo('c', '$1')}`;

interface PostPage {
  posts: FeedPost[];
  nextCursor: string | null;
}

const NO_POSTS: PostPage = { posts: [], nextCursor: null };

@Injectable()
export class SearchService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly postsService: PostsService,
  ) {}

  async search(viewer: SessionUser, query: SearchQuery): Promise<SearchReply> {
    const wants = (type: SearchQuery['type']) => query.type === 'all' || query.type === type;
    const [page, users, clubs] = await Promise.all([
      wants('posts') ? this.findPosts(viewer, query) : NO_POSTS,
      wants('users') ? this.findUsers(viewer.id, query.q, query.limit) : [],
      wants('clubs') ? this.findClubs(query.q, query.limit) : [],
    ]);
    return { posts: page.posts, users, clubs, nextCursor: page.nextCursor };
  }

  /**
   * Posts whose words match, best first: ts_rank, then newest, then id, so the order is total and `before` (the
   * last post shown) continues it by a row comparison.
   */
  private async findPosts(viewer: SessionUser, query: SearchQuery): Promise<PostPage> {
    const cursor = query.before ? `WHERE (rank, "createdAt", id) < (${CURSOR_ROW})` : '';
    const rows = await this.dataSource.query<{ id: string }[]>(
      `SELECT id FROM (${MATCHING_POSTS}) ranked ${cursor}
        ORDER BY rank DESC, "createdAt" DESC, id DESC
        LIMIT $3`,
      [viewer.id, query.q, query.limit + 1, ...(query.before ? [query.before] : [])],
    );
    if (query.before && rows.length === 0) await this.assertCursor(viewer, query);
    const ids = rows.slice(0, query.limit).map((row) => row.id);
    const posts = await this.postsService.visibleFeedPosts(viewer, ids);
    return { posts, nextCursor: rows.length > query.limit ? ids[ids.length - 1] : null };
  }

  /** An empty page after `before` is the end of the results only when `before` is a post the viewer may see. */
  private async assertCursor(viewer: SessionUser, query: SearchQuery): Promise<void> {
    const rows: unknown[] = await this.dataSource.query(
      `SELECT 1 FROM posts c WHERE c.id = CAST($2 AS uuid) AND ${notBlockedEitherWay('c."authorId"', '$1')}`,
      [viewer.id, query.before],
    );
    if (rows.length === 0) throw searchError(SearchErrorCode.UnknownCursor);
  }

  /**
   * Fencers whose name (accents ignored) or username contains the text, wildcards taken literally; none blocked
   * either way. An exact username comes first, then names or usernames that start with the text (or have a word
   * that does), then by name. Like Discover, the ranking looks at a bounded set of candidates found through the
   * trigram indexes, so a text that matches most fencers costs no more than a rare one.
   */
  private async findUsers(viewerId: string, text: string, limit: number): Promise<SearchUser[]> {
    const escaped = escapeLike(text);
    const visible = notBlockedEitherWay('u."id"', '$1');
    const rows = await this.dataSource.query<FencerRow[]>(
      `WITH candidates AS (
         (SELECT u."id" FROM users u WHERE lower(u."username") = lower($2) AND ${visible})
         UNION
         (SELECT u."id" FROM users u
           WHERE (fold_accents(u."name") LIKE fold_accents($3) ESCAPE '\\'
                  OR lower(u."username") LIKE lower($3) ESCAPE '\\')
             AND ${visible}
           LIMIT ${USER_CANDIDATES})
       )
       SELECT ${FENCER_COLUMNS}
         FROM candidates JOIN users u ON u."id" = candidates."id"
        ORDER BY (lower(u."username") = lower($2)) DESC,
                 (lower(u."username") LIKE lower($4) ESCAPE '\\'
                  OR fold_accents(u."name") LIKE fold_accents($4) ESCAPE '\\'
                  OR fold_accents(u."name") LIKE ('% ' || fold_accents($4)) ESCAPE '\\') DESC,
                 fold_accents(coalesce(u."name", u."username")), u."id"
        LIMIT $5`,
      [viewerId, text, `%${escaped}%`, `${escaped}%`, limit],
    );
    return rows.map(toFencer);
  }

  /** Clubs whose name holds the text (accents aside): names that start with it first, then the biggest. */
  private async findClubs(text: string, limit: number): Promise<Club[]> {
    const escaped = escapeLike(text);
    const rows = await this.dataSource.query<ClubRow[]>(
      `SELECT ${CLUB_COLUMNS} FROM clubs c
        WHERE fold_accents(c."name") LIKE fold_accents($1) ESCAPE '\\'
        ORDER BY (fold_accents(c."name") LIKE fold_accents($2) ESCAPE '\\') DESC, c."membersCount" DESC, c."name", c.id
        LIMIT $3`,
      [`%${escaped}%`, `${escaped}%`, limit],
    );
    return rows.map(toClub);
  }
}
