/**
 * The feed page as one hand-written query: the same rows Piste's feed returns (posts of a weapon the viewer may
 * see, newest first, skipping blocks either way, muted authors and words, and posts the viewer hid), with each
 * post's author, club, and the viewer's like, dislike and save flags. Parameters: $1 viewer id, $2 weapon, and
 * $3 the offset or the `before` post id. The page size is written into the statement, as Piste writes it, so a
 * prepared statement is planned once for every reader.
 */
const SELECT_PAGE = `
  SELECT p.id, p."authorId", p.content, p.type, p.weapon, p."authorRole", p."mediaUrl", p."mediaType",
    p."mediaWidth", p."mediaHeight", p."mediaDisplayUrl", p."mediaDisplayWidth", p."mediaDisplayHeight",
    p."mediaPosterUrl", p."mediaAlt", p.visibility, p."editedAt",
    p."drillDetails", p."achievementDetails", p."likesCount", p."dislikesCount", p."commentsCount",
    p."sharesCount", p."savesCount", p."createdAt",
    u.name AS "authorName", u.username AS "authorUsername", u.avatar AS "authorAvatar", u.title AS "authorTitle",
    u."ratingLabel" AS "authorRating", c.id AS "clubId", c.slug AS "clubSlug", c.name AS "clubName",
    EXISTS (SELECT 1 FROM likes l WHERE l."userId" = $1 AND l."postId" = p.id) AS "isLiked",
    EXISTS (SELECT 1 FROM dislikes d WHERE d."userId" = $1 AND d."postId" = p.id) AS "isDisliked",
    EXISTS (SELECT 1 FROM saves s WHERE s."userId" = $1 AND s."postId" = p.id) AS "isSaved"
  FROM posts p
  JOIN users u ON u.id = p."authorId"
  LEFT JOIN clubs c ON c.id = p."clubId"
  WHERE p.weapon = $2
    AND (p.visibility = 'public' OR p."authorId" = $1
      OR (p.visibility = 'connections' AND EXISTS (SELECT 1 FROM friend_requests fr WHERE fr.status = 'accepted'
        AND ((fr."senderId" = p."authorId" AND fr."receiverId" = $1) OR (fr."senderId" = $1 AND fr."receiverId" = p."authorId"))))
      OR (p.visibility = 'club' AND EXISTS (SELECT 1 FROM club_members cm WHERE cm."clubId" = p."clubId" AND cm."userId" = $1)))
    AND NOT EXISTS (SELECT 1 FROM blocked_users b WHERE b."blockerId" = $1 AND b."blockedId" = p."authorId")
    AND NOT EXISTS (SELECT 1 FROM blocked_users b WHERE b."blockerId" = p."authorId" AND b."blockedId" = $1)
    AND (p."authorId" = $1 OR (
      NOT EXISTS (SELECT 1 FROM muted_users mu WHERE mu."userId" = $1 AND mu."mutedId" = p."authorId")
      AND NOT EXISTS (SELECT 1 FROM muted_words mw WHERE mw."userId" = $1
        AND (mw."expiresAt" IS NULL OR mw."expiresAt" > now()) AND p."searchVector" @@ mw.query)))
    AND NOT EXISTS (SELECT 1 FROM hidden_posts h WHERE h."userId" = $1 AND h."postId" = p.id)`;

const newestFirst = (limit: number) => `ORDER BY p."createdAt" DESC, p.id DESC LIMIT ${Math.trunc(limit)}`;

/** The first page ($1 and $2 only), or one `$3` posts in. */
export const feedPageByOffset = (limit: number, offset = true) =>
  `${SELECT_PAGE} ${newestFirst(limit)}${offset ? ' OFFSET $3' : ''}`;

/** The page after post $3, on the (weapon, createdAt DESC, id DESC) index: as cheap at any depth. */
export const feedPageBefore = (limit: number) => `${SELECT_PAGE}
    AND (p."createdAt", p.id) < ((SELECT c."createdAt" FROM posts c
      WHERE c.id = $3 AND c.weapon = $2
        AND NOT EXISTS (SELECT 1 FROM blocked_users b WHERE b."blockerId" = $1 AND b."blockedId" = c."authorId")
        AND NOT EXISTS (SELECT 1 FROM blocked_users b WHERE b."blockerId" = c."authorId" AND b."blockedId" = $1)),
      $3::uuid)
  ${newestFirst(limit)}`;

export interface FeedRow {
  id: string;
  authorId: string;
  content: string;
  type: 'general' | 'drill' | 'achievement';
  weapon: 'epee' | 'foil' | 'sabre';
  authorRole: string | null;
  mediaUrl: string | null;
  mediaType: 'image' | 'video' | null;
  mediaWidth: number | null;
  mediaHeight: number | null;
  mediaDisplayUrl: string | null;
  mediaDisplayWidth: number | null;
  mediaDisplayHeight: number | null;
  mediaPosterUrl: string | null;
  mediaAlt: string | null;
  visibility: 'public' | 'connections' | 'club';
  editedAt: Date | null;
  drillDetails: Record<string, string> | null;
  achievementDetails: Record<string, string | number> | null;
  likesCount: number;
  dislikesCount: number;
  commentsCount: number;
  sharesCount: number;
  savesCount: number;
  createdAt: Date;
  authorName: string | null;
  authorUsername: string;
  authorAvatar: string | null;
  authorTitle: string | null;
  authorRating: string | null;
  clubId: string | null;
  clubSlug: string | null;
  clubName: string | null;
  isLiked: boolean;
  isDisliked: boolean;
  isSaved: boolean;
}
