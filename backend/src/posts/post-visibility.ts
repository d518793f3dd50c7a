/**
 * Which posts a viewer sees, as SQL conditions over a post row to compose into the feed, list, search and
 * comment queries (EXISTS on unique indexes, so a page stays one query). Blocks are in
 * blocks/block-visibility.ts and mutes in mutes/mute-visibility.ts.
 */

/**
 * Posts a viewer hid (NOT EXISTS on the unique (user, post) index), so a page stays one query however many
 * hidden posts there are.
 */
export function notHiddenBy(postIdColumn: string, viewerParam = ':viewerId'): string {
  return `NOT EXISTS (SELECT 1 FROM hidden_posts h WHERE h."userId" = ${viewerParam} AND h."postId" = ${postIdColumn})`;
}

/**
 * Who sees a post (§4c, §4d): everyone for a public post; its author always; for a connections-only post, the
 * author's connections (an accepted request either way); for a club-only post, the members of its club (none
 * once the club is gone). `post` is the post row's alias.
 */
export function visibleTo(post: string, viewerParam = ':viewerId'): string {
  return (
    `(${post}."visibility" = 'public' OR ${post}."authorId" = ${viewerParam}` +
    ` OR (${post}."visibility" = 'connections' AND EXISTS (SELECT 1 FROM friend_requests fr` +
    ` WHERE fr."status" = 'accepted' AND ((fr."senderId" = ${post}."authorId" AND fr."receiverId" = ${viewerParam})` +
    ` OR (fr."senderId" = ${viewerParam} AND fr."receiverId" = ${post}."authorId"))))` +
    ` OR (${post}."visibility" = 'club' AND EXISTS (SELECT 1 FROM club_members cm` +
    ` WHERE cm."clubId" = ${post}."clubId" AND cm."userId" = ${viewerParam})))`
  );
}
