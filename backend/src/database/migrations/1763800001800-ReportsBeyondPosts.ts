import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Reports of comments, direct messages and fencers beside posts (DESIGN.md §4e). The table keeps its spec name,
 * `reported_posts`, though it now holds every kind of report: renaming it would touch every query and the spec's
 * entity for no gain.
 * - `targetType` and `targetId` say what is reported (existing rows are post reports: `targetId` is their post);
 *   `postId` is now set for post reports only. `targetId` is emptied when a reported fencer's account is deleted.
 * - `category` is the reason of a report with a category; the spec's post reports keep a free-text `reason`.
 * - `targetUserId` is the person the report is against whatever its type (a post's or a comment's author, a
 *   message's sender, the reported fencer), so "reports against a user" is one indexed lookup; a ban from a report
 *   bans them. Filled from `postAuthorId` for existing rows, and emptied when their account is deleted.
 * - The snapshot of what was reported: its text in `postContent` (the spec-era column, now for every type; a
 *   fencer's bio), a post's author in `postAuthorId` / `postAuthorName` as before, and what else each type shows
 *   in `targetSnapshot` (a comment's post and author's name, a message's sender's name and time, a fencer's
 *   profile summary). `postDeleted` now says that whatever was reported is gone.
 * - One pending report per reporter and target, as there was one per reporter and post. A comment report's post
 *   is found through its snapshot, so deleting a post resolves the reports of the comments that go with it.
 */
export class ReportsBeyondPosts1763800001800 implements MigrationInterface {
  name = 'ReportsBeyondPosts1763800001800';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE reported_posts
        ADD COLUMN "targetType" varchar NOT NULL DEFAULT 'post'
          CHECK ("targetType" IN ('post', 'comment', 'message', 'user')),
        ADD COLUMN "targetId" uuid,
        ADD COLUMN "category" varchar CHECK ("category" IN
          ('spam', 'harassment', 'hate', 'violence', 'sexual', 'self-harm', 'impersonation', 'other')),
        ADD COLUMN "targetUserId" uuid REFERENCES users ("id") ON DELETE SET NULL,
        ADD COLUMN "targetSnapshot" jsonb NOT NULL DEFAULT '{}',
        ALTER COLUMN "postId" DROP NOT NULL`);
    await q.query(`
      UPDATE reported_posts r SET "targetId" = r."postId",
             "targetUserId" = (SELECT u."id" FROM users u WHERE u."id" = r."postAuthorId")`);
    await q.query(`
      ALTER TABLE reported_posts
        ADD CONSTRAINT reported_posts_post_key CHECK ("targetType" <> 'post' OR "postId" IS NOT NULL)`);
    await q.query(`DROP INDEX reported_posts_pending_key`);
    await q.query(`
      CREATE UNIQUE INDEX reported_posts_pending_key ON reported_posts ("targetType", "targetId", "reporterId")
        WHERE "status" = 'pending'`);
    await q.query(`CREATE INDEX reported_posts_target_user_idx ON reported_posts ("targetUserId")`);
    await q.query(`
      CREATE INDEX reported_posts_comment_post_idx ON reported_posts (("targetSnapshot" ->> 'postId'))
        WHERE "targetType" = 'comment'`);
  }

  async down(q: QueryRunner): Promise<void> {
    // The spec's table holds post reports only.
    await q.query(`DELETE FROM reported_posts WHERE "targetType" <> 'post'`);
    await q.query(`DROP INDEX reported_posts_comment_post_idx`);
    await q.query(`DROP INDEX reported_posts_target_user_idx`);
    await q.query(`DROP INDEX reported_posts_pending_key`);
    await q.query(`
      CREATE UNIQUE INDEX reported_posts_pending_key ON reported_posts ("postId", "reporterId")
        WHERE "status" = 'pending'`);
    await q.query(`
      ALTER TABLE reported_posts
        DROP CONSTRAINT reported_posts_post_key,
        DROP COLUMN "targetType",
        DROP COLUMN "targetId",
        DROP COLUMN "category",
        DROP COLUMN "targetUserId",
        DROP COLUMN "targetSnapshot",
        ALTER COLUMN "postId" SET NOT NULL`);
  }
}
