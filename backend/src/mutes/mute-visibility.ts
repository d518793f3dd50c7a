/**
 * Mutes as the lists of posts see them (§4c): a post leaves the viewer's feed, search, tags and drills when the
 * viewer muted its author or one of its words (until the word's expiry). Never the viewer's own posts. Muted
 * words match through the post's search vector, so they fold case and accents exactly as search does. Only this
 * file and MutesService (connections/, beside blocking) name the tables.
 */
export function notMutedBy(post: string, viewerParam = ':viewerId'): string {
  return (
    `(${post}."authorId" = ${viewerParam} OR (` +
    `NOT EXISTS (SELECT 1 FROM muted_users mu WHERE mu."userId" = ${viewerParam} AND mu."mutedId" = ${post}."authorId")` +
    ` AND NOT EXISTS (SELECT 1 FROM muted_words mw WHERE mw."userId" = ${viewerParam}` +
    ` AND (mw."expiresAt" IS NULL OR mw."expiresAt" > now()) AND ${post}."searchVector" @@ mw."query")))`
  );
}

/** True when `recipient` muted `actor` (SQL expressions): notifications from them are not stored. */
export function hasMuted(recipient: string, actor: string): string {
  return `EXISTS (SELECT 1 FROM muted_users mu WHERE mu."userId" = ${recipient} AND mu."mutedId" = ${actor})`;
}

/** True when `recipient` muted a word of the post `postId` (SQL expressions). */
export function mutedWordIn(recipient: string, postId: string): string {
  return (
    `EXISTS (SELECT 1 FROM muted_words mw JOIN posts mp ON mp.id = ${postId} WHERE mw."userId" = ${recipient}` +
    ` AND (mw."expiresAt" IS NULL OR mw."expiresAt" > now()) AND mp."searchVector" @@ mw."query")`
  );
}

/**
 * The users who would not see a new post live: those who muted its author, and those with a muted word in it.
 * `$1` is the author, `$2` the post id.
 */
export const MUTERS_OF_POST = `
  SELECT "userId" AS id FROM muted_users WHERE "mutedId" = $1
  UNION
  SELECT mw."userId" AS id FROM muted_words mw, posts p
   WHERE p.id = $2 AND mw."userId" <> $1 AND (mw."expiresAt" IS NULL OR mw."expiresAt" > now())
     AND p."searchVector" @@ mw."query"`;
