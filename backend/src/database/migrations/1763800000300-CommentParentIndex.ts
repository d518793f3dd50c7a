import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Replies are found by their parent: deleting a post cascades to its comments, and each deleted comment cascades
 * to its replies through "parentId", which without an index is a scan of the whole comments table per comment.
 * (The other foreign keys a post deletion cascades through — likes, dislikes, saves, hidden_posts,
 * comments."postId", comment_likes."commentId" — are indexed since the initial schema.)
 */
export class CommentParentIndex1763800000300 implements MigrationInterface {
  name = 'CommentParentIndex1763800000300';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE INDEX IF NOT EXISTS comments_parent_idx ON comments ("parentId")`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX IF EXISTS comments_parent_idx`);
  }
}
