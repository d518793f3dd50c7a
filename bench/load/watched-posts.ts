import { WEAPONS, type Weapon } from '@piste/contracts';
import { withClient } from '../database';
import type { PostTruth } from './fencers';

/** The posts of each weapon's first feed page, as a signed-in fencer's feed shows them. */
export async function firstPages(url: string, cookie: string): Promise<Record<Weapon, string[]>> {
  const pages = await Promise.all(
    WEAPONS.map(async (weapon) => {
      const res = await fetch(`${url}/api/posts/${weapon}?limit=10`, { headers: { cookie } });
      if (res.status !== 200) throw new Error(`the ${weapon} feed answered ${res.status}`);
      const posts = (await res.json()) as { id: string }[];
      return [weapon, posts.map((p) => p.id)] as const;
    }),
  );
  return Object.fromEntries(pages) as Record<Weapon, string[]>;
}

/** `userId postId` of every like and dislike these users have on these posts. */
export function reactions(databaseUrl: string, postIds: string[], userIds: string[]): Promise<Set<string>> {
  return withClient(databaseUrl, async (db) => {
    const { rows } = await db.query<{ pair: string }>(
      `SELECT "userId" || ' ' || "postId" AS pair FROM likes WHERE "postId" = ANY($1) AND "userId" = ANY($2)
       UNION SELECT "userId" || ' ' || "postId" FROM dislikes WHERE "postId" = ANY($1) AND "userId" = ANY($2)`,
      [postIds, userIds],
    );
    return new Set(rows.map((r) => r.pair));
  });
}

export interface Counts {
  likesCount: number;
  commentsCount: number;
}

export function countsOf(databaseUrl: string, postIds: string[]): Promise<Record<string, Counts>> {
  return withClient(databaseUrl, async (db) => {
    const { rows } = await db.query<Counts & { id: string }>(
      `SELECT id, "likesCount", "commentsCount" FROM posts WHERE id = ANY($1)`,
      [postIds],
    );
    return Object.fromEntries(rows.map(({ id, ...counts }) => [id, counts]));
  });
}

/** The end of a step against its start: each post's counts now, and whether they moved. */
export function truthOf(
  before: Record<string, Counts>,
  after: Record<string, Counts>,
): Record<string, PostTruth> {
  return Object.fromEntries(
    Object.entries(after).map(([id, counts]) => [
      id,
      {
        ...counts,
        changed:
          counts.likesCount !== before[id]?.likesCount || counts.commentsCount !== before[id]?.commentsCount,
      },
    ]),
  );
}

/**
 * Takes back every like and comment the bench added to these posts (anything newer than a minute after the
 * newest post: the seed's own reactions are older) and recounts them, so the data set stays as seeded and the
 * next step's fencers may like the same posts again.
 */
export function putBackPosts(databaseUrl: string, postIds: string[]): Promise<void> {
  return withClient(databaseUrl, async (db) => {
    await db.query('BEGIN');
    const { rows } = await db.query<{ cutoff: Date }>(
      `SELECT max("createdAt") + interval '1 minute' AS cutoff FROM posts WHERE id = ANY($1)`,
      [postIds],
    );
    const cutoff = rows[0].cutoff;
    await db.query(`DELETE FROM likes WHERE "postId" = ANY($1) AND "createdAt" > $2`, [postIds, cutoff]);
    await db.query(`DELETE FROM comments WHERE "postId" = ANY($1) AND "createdAt" > $2`, [postIds, cutoff]);
    await db.query(
      `UPDATE posts p SET
         "likesCount" = (SELECT count(*) FROM likes l WHERE l."postId" = p.id),
         "dislikesCount" = (SELECT count(*) FROM dislikes d WHERE d."postId" = p.id),
         "commentsCount" = (SELECT count(*) FROM comments c WHERE c."postId" = p.id)
       WHERE p.id = ANY($1)`,
      [postIds],
    );
    await db.query('COMMIT');
  });
}
