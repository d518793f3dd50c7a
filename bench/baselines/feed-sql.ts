/**
 * The feed page as one hand-written query: the same rows Piste's feed returns (posts of a weapon, newest first,
 * skipping blocks either way and posts the viewer hid), with each post's author and the viewer's like and
 * dislike flags. Parameters: $1 viewer id, $2 weapon, $3 limit, and $4 offset or the `before` post id.
 */
const SELECT_PAGE = `
  SELECT p.id, p."authorId", p.content, p.type, p.weapon, p."authorRole", p."mediaUrl", p."mediaType",
    p."drillDetails", p."achievementDetails", p."likesCount", p."dislikesCount", p."commentsCount",
    p."sharesCount", p."savesCount", p."createdAt",
    u.name AS "authorName", u.username AS "authorUsername", u.avatar AS "authorAvatar", u.title AS "authorTitle",
    EXISTS (SELECT 1 FROM likes l WHERE l."userId" = $1 AND l."postId" = p.id) AS "isLiked",
    EXISTS (SELECT 1 FROM dislikes d WHERE d."userId" = $1 AND d."postId" = p.id) AS "isDisliked"
  FROM posts p
  JOIN users u ON u.id = p."authorId"
  WHERE p.weapon = $2
    AND NOT EXISTS (SELECT 1 FROM blocked_users b WHERE b."blockerId" = $1 AND b."blockedId" = p."authorId")
    AND NOT EXISTS (SELECT 1 FROM blocked_users b WHERE b."blockerId" = p."authorId" AND b."blockedId" = $1)
    AND NOT EXISTS (SELECT 1 FROM hidden_posts h WHERE h."userId" = $1 AND h."postId" = p.id)`;

const NEWEST_FIRST = `ORDER BY p."createdAt" DESC, p.id DESC LIMIT $3`;

export const FEED_PAGE_BY_OFFSET = `${SELECT_PAGE} ${NEWEST_FIRST} OFFSET $4`;

/** The page after post $4, on the (weapon, createdAt DESC, id DESC) index: as cheap at any depth. */
export const FEED_PAGE_BEFORE = `${SELECT_PAGE}
    AND (p."createdAt", p.id) < ((SELECT c."createdAt" FROM posts c
      WHERE c.id = $4 AND c.weapon = $2
        AND NOT EXISTS (SELECT 1 FROM blocked_users b WHERE b."blockerId" = $1 AND b."blockedId" = c."authorId")
        AND NOT EXISTS (SELECT 1 FROM blocked_users b WHERE b."blockerId" = c."authorId" AND b."blockedId" = $1)),
      $4::uuid)
  ${NEWEST_FIRST}`;

export interface FeedRow {
  id: string;
  authorId: string;
  content: string;
  type: 'general' | 'drill' | 'achievement';
  weapon: 'epee' | 'foil' | 'sabre';
  authorRole: string | null;
  mediaUrl: string | null;
  mediaType: 'image' | 'video' | null;
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
  isLiked: boolean;
  isDisliked: boolean;
}
