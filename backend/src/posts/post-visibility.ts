import type { EntityManager } from 'typeorm';

/**
 * What a viewer must not see, as SQL: anything by a user they blocked or who blocked them, and posts they hid.
 * Read-only conditions for the feed and comment queries (NOT EXISTS on the unique (a, b) indexes), so a page
 * stays one query however many blocks and hidden posts there are.
 */
export function notBlockedEitherWay(authorColumn: string, viewerParam = ':viewerId'): string {
  return (
    `NOT EXISTS (SELECT 1 FROM blocked_users b1 WHERE b1."blockerId" = ${viewerParam} AND b1."blockedId" = ${authorColumn})` +
    ` AND NOT EXISTS (SELECT 1 FROM blocked_users b2 WHERE b2."blockerId" = ${authorColumn} AND b2."blockedId" = ${viewerParam})`
  );
}

export function notHiddenBy(postIdColumn: string, viewerParam = ':viewerId'): string {
  return `NOT EXISTS (SELECT 1 FROM hidden_posts h WHERE h."userId" = ${viewerParam} AND h."postId" = ${postIdColumn})`;
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
