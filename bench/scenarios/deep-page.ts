import { withClient } from '../database';
import { FEED_VIEWER } from '../dataset';
import { feedPageBefore, feedPageByOffset } from '../baselines/feed-sql';
import { hammer, warmUp } from '../http-load';
import { assertSameJson, getJson } from '../json-check';
import { startPiste } from '../piste';
import { hammerQuery } from '../raw-query';
import { compareRuns } from '../report';
import { interleaved } from '../stats';
import { FIRST_PAGE, failureNote, httpRows } from './feed';
import { withServers, type Scenario } from './scenario';

/** How far back the deep page starts. */
const DEPTH = 10_000;

/** The id of the DEPTH-th newest epee post: the `before` cursor of the page after it. */
function deepCursor(databaseUrl: string): Promise<string> {
  return withClient(databaseUrl, async (db) => {
    const { rows } = await db.query<{ id: string }>(
      `SELECT id FROM posts WHERE weapon = 'epee' ORDER BY "createdAt" DESC, id DESC OFFSET $1 LIMIT 1`,
      [DEPTH - 1],
    );
    return rows[0].id;
  });
}

/**
 * A page 10,000 posts back: Piste's keyset page (`before`) against Piste's own first page, the `offset` form for
 * information, and the two hand-written queries straight on PostgreSQL (keyset against first page).
 */
export const deepPageScenario: Scenario = {
  title: 'Deep feed page',
  run: ({ settings, signIns }) =>
    withServers([() => startPiste(settings)], async ([piste]) => {
      const viewer = await signIns.as(piste.url, FEED_VIEWER);
      const cursor = await deepCursor(settings.databaseUrl);
      const keyset = `/api/posts/epee?limit=10&before=${cursor}`;
      const offset = `/api/posts/epee?limit=10&offset=${DEPTH}`;
      const same = assertSameJson(
        `keyset and offset pages ${DEPTH} back`,
        await getJson(piste.url, keyset, viewer.cookie),
        await getJson(piste.url, offset, viewer.cookie),
      );
      for (const path of [FIRST_PAGE, keyset, offset]) await warmUp(piste, path, viewer.cookie);
      const http = await interleaved(settings.rounds, {
        keyset: () => hammer(piste, keyset, viewer.cookie, settings.seconds),
        first: () => hammer(piste, FIRST_PAGE, viewer.cookie, settings.seconds),
        offset: () => hammer(piste, offset, viewer.cookie, settings.seconds),
      });
      const raw = await interleaved(settings.rounds, {
        keyset: () =>
          hammerQuery(
            settings.databaseUrl,
            feedPageBefore(10),
            [viewer.userId, 'epee', cursor],
            settings.seconds,
          ),
        first: () =>
          hammerQuery(
            settings.databaseUrl,
            feedPageByOffset(10, false),
            [viewer.userId, 'epee'],
            settings.seconds,
          ),
      });
      return {
        title: 'Deep feed page',
        rows: [
          ...httpRows(`keyset page ${DEPTH} back vs Piste's first page`, http.keyset, http.first).slice(0, 3),
          ...httpRows(`offset=${DEPTH} vs Piste's first page (information)`, http.offset, http.first).slice(
            0,
            3,
          ),
          compareRuns(
            `raw SQL, keyset page ${DEPTH} back vs first page: queries/s`,
            raw.keyset,
            raw.first,
            (r) => r.queriesPerSecond,
            0,
          ),
          compareRuns(
            `raw SQL, keyset page ${DEPTH} back vs first page: p99 ms`,
            raw.keyset,
            raw.first,
            (r) => r.p99,
            2,
          ),
        ],
        notes: [
          same,
          `in these rows the "bare baseline" column is Piste's own first page (or the raw first-page query).`,
          ...failureNote('keyset', http.keyset),
          ...failureNote('offset', http.offset),
          ...failureNote('first page', http.first),
        ],
        rounds: { http, raw },
      };
    }),
};
