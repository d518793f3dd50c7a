import type { EntityManager } from 'typeorm';
import { hashtagsOf, type Weapon } from '@piste/contracts';

/** Most tags kept of one post. */
const TAGS_MAX = 30;

/**
 * A post's hashtags as the tag pages and trending read them (§4c): folded like search, with the post's weapon and
 * time, replaced whole when the post is edited.
 */
export async function storeHashtags(
  manager: EntityManager,
  post: { id: string; content: string; weapon: Weapon; createdAt: Date },
  replacing: boolean,
): Promise<void> {
  if (replacing) await manager.query(`DELETE FROM post_tags WHERE "postId" = $1`, [post.id]);
  const tags = hashtagsOf(post.content).slice(0, TAGS_MAX);
  if (tags.length === 0) return;
  await manager.query(
    `INSERT INTO post_tags ("postId", "tag", "weapon", "createdAt")
     SELECT $1, tag, $3, $4 FROM unnest($2::text[]) AS tag ON CONFLICT DO NOTHING`,
    [post.id, tags, post.weapon, post.createdAt],
  );
}
