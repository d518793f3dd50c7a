import type { EntityManager } from 'typeorm';

/**
 * Blocks as every module sees them: SQL conditions over `blocked_users` to compose into their queries (NOT
 * EXISTS on its unique (blocker, blocked) index, so a page stays one query however many blocks there are), and
 * the users on either side of a block with someone. Only this file and the blocking actions (BlocksService,
 * beside the requests a block withdraws) name the table.
 */

/** True when either of `a` and `b` (SQL expressions) blocked the other. */
export function blockedEitherWay(a: string, b: string): string {
  return `EXISTS (SELECT 1 FROM blocked_users b WHERE (b."blockerId" = ${a} AND b."blockedId" = ${b}) OR (b."blockerId" = ${b} AND b."blockedId" = ${a}))`;
}

/** True when neither the viewer nor the author (SQL expressions) blocked the other. */
export function notBlockedEitherWay(authorColumn: string, viewerParam = ':viewerId'): string {
  return (
    `NOT EXISTS (SELECT 1 FROM blocked_users b1 WHERE b1."blockerId" = ${viewerParam} AND b1."blockedId" = ${authorColumn})` +
    ` AND NOT EXISTS (SELECT 1 FROM blocked_users b2 WHERE b2."blockerId" = ${authorColumn} AND b2."blockedId" = ${viewerParam})`
  );
}

/** True when `blocker` blocked `blocked` (SQL expressions). */
export function hasBlocked(blocker: string, blocked: string): string {
  return `EXISTS (SELECT 1 FROM blocked_users b WHERE b."blockerId" = ${blocker} AND b."blockedId" = ${blocked})`;
}

/** The users on either side of a block with `userId`: live events about their content skip these users. */
export async function usersBlockedEitherWay(manager: EntityManager, userId: string): Promise<string[]> {
  const rows: { id: string }[] = await manager.query(
    `SELECT "blockedId" AS id FROM blocked_users WHERE "blockerId" = $1
     UNION SELECT "blockerId" AS id FROM blocked_users WHERE "blockedId" = $1`,
    [userId],
  );
  return rows.map((r) => r.id);
}
