import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import type { ConnectionUser, UserSuggestion, Weapon } from '@piste/contracts';
import { escapeLike } from '../common/like-pattern';
import { blockedEitherWay } from '../blocks/block-visibility';
import { FENCER_COLUMNS, toFencer, type FencerRow } from '../users/users.mapper';
import { toConnectionUser, type ConnectionUserRow } from './connections.mapper';
import { PAIR } from './request-rows';

export const SEARCH_LIMIT = 20;
/** How many matches the ranking considers (besides an exact username). */
const SEARCH_CANDIDATES = 200;

/** Discover: fencers to connect with, by name or username. */
@Injectable()
export class ConnectionSearchService {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /**
   * Discover: users whose name or username contains `q` (case-insensitive, wildcards taken literally),
   * optionally of one weapon; never the searcher, existing connections or users blocked either way.
   * `lower(col) LIKE` uses the trigram GIN indexes on lower(name) and lower(username). Ranking (exact
   * username, then prefix, then name) looks at a bounded set of candidates plus the exact username
   * (unique index), so a query that matches most users stays as cheap as a rare one.
   */
  async search(viewerId: string, q: string, weapon?: Weapon): Promise<ConnectionUser[]> {
    const text = q.trim();
    if (!text) return [];
    const escaped = escapeLike(text);
    const eligible = `u."id" <> $1
          AND ($3::varchar IS NULL OR u."weaponSpecialty" = $3::varchar)
          AND NOT EXISTS (SELECT 1 FROM friend_requests c
                           WHERE c."status" = 'accepted' AND ${PAIR('c', '$1', 'u."id"')})
          AND NOT ${blockedEitherWay('$1', 'u."id"')}`;
    const rows = await this.dataSource.query<ConnectionUserRow[]>(
      `WITH candidates AS (
         (SELECT u."id" FROM users u WHERE lower(u."username") = lower($4) AND ${eligible})
         UNION
         (SELECT u."id" FROM users u
           WHERE (lower(u."name") LIKE lower($2) ESCAPE '\\' OR lower(u."username") LIKE lower($2) ESCAPE '\\')
             AND ${eligible}
           LIMIT ${SEARCH_CANDIDATES})
       )
       SELECT ${FENCER_COLUMNS},
              pr."id" AS "requestId",
              CASE WHEN pr."id" IS NULL THEN NULL WHEN pr."senderId" = $1 THEN 'sent' ELSE 'received' END
                AS "requestStatus"
         FROM candidates
         JOIN users u ON u."id" = candidates."id"
         LEFT JOIN friend_requests pr ON pr."status" = 'pending' AND ${PAIR('pr', '$1', 'u."id"')}
        ORDER BY (lower(u."username") = lower($4)) DESC,
                 (lower(u."username") LIKE lower($5) ESCAPE '\\' OR lower(u."name") LIKE lower($5) ESCAPE '\\') DESC,
                 lower(coalesce(u."name", u."username")), u."id"
        LIMIT ${SEARCH_LIMIT}`,
      [viewerId, `%${escaped}%`, weapon ?? null, text, `${escaped}%`],
    );
    return rows.map(toConnectionUser);
  }

  /**
   * Fencers to mention: username or name (a word of it, accents aside) starting with `q`, never the viewer or
   * users blocked either way; the viewer's connections first, then shorter usernames. An empty `q` lists
   * connections.
   */
  async suggest(viewerId: string, q: string, limit: number): Promise<UserSuggestion[]> {
    const prefix = `${escapeLike(q.toLowerCase())}%`;
    const rows = await this.dataSource.query<Array<FencerRow & { connected: boolean }>>(
      `SELECT ${FENCER_COLUMNS},
              EXISTS (SELECT 1 FROM friend_requests c
                       WHERE c."status" = 'accepted' AND ${PAIR('c', '$1', 'u."id"')}) AS "connected"
         FROM users u
        WHERE u."id" <> $1
          AND (lower(u."username") LIKE $2 ESCAPE '\\'
               OR fold_accents(u."name") LIKE fold_accents($2) ESCAPE '\\'
               OR fold_accents(u."name") LIKE '% ' || fold_accents($2) ESCAPE '\\')
          AND ($3 <> '' OR EXISTS (SELECT 1 FROM friend_requests c
                                    WHERE c."status" = 'accepted' AND ${PAIR('c', '$1', 'u."id"')}))
          AND NOT ${blockedEitherWay('$1', 'u."id"')}
        ORDER BY "connected" DESC, length(u."username"), lower(u."username")
        LIMIT $4`,
      [viewerId, prefix, q, limit],
    );
    return rows.map((row) => ({ ...toFencer(row), connected: row.connected === true }));
  }
}
