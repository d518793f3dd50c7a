/**
 * Posts a viewer hid, as an SQL condition for the feed and comment queries (NOT EXISTS on the unique
 * (user, post) index), so a page stays one query however many hidden posts there are. Blocks are in
 * blocks/block-visibility.ts.
 */
export function notHiddenBy(postIdColumn: string, viewerParam = ':viewerId'): string {
  return `NOT EXISTS (SELECT 1 FROM hidden_posts h WHERE h."userId" = ${viewerParam} AND h."postId" = ${postIdColumn})`;
}
