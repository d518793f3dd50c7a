import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * What people expect of a social network (DESIGN.md §4c):
 * - who sees a post (`visibility`), an image's description (`mediaAlt`), and the time of the last edit of a post
 *   or a comment (`editedAt`), with the versions an edit replaced in post_versions and comment_versions;
 * - the fencers a post or comment has notified of a mention (`mentions`: one row per item and fencer, kept when an
 *   edit drops the name, so adding it back never notifies twice);
 * - a post's hashtags (`post_tags`, folded like search; weapon and time copied from the post, so a tag page pages
 *   on one index and trending counts the last 7 days without touching posts);
 * - muted fencers and muted words. A muted word keeps its tsquery, made with the search's own folding, so
 *   `posts."searchVector" @@ query` finds the posts it hides: the same words, case and accents as search.
 * - an index for a fencer's saved posts in the order they were saved, and one for the drill library.
 */
export class SocialFeatures1763800001200 implements MigrationInterface {
  name = 'SocialFeatures1763800001200';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE posts
        ADD COLUMN "visibility" varchar NOT NULL DEFAULT 'public' CHECK ("visibility" IN ('public', 'connections')),
        ADD COLUMN "mediaAlt" text,
        ADD COLUMN "editedAt" timestamptz`);
    await q.query(`ALTER TABLE comments ADD COLUMN "editedAt" timestamptz`);
    await q.query(`
      CREATE TABLE post_versions (
        "id" uuid NOT NULL DEFAULT gen_random_uuid() PRIMARY KEY,
        "postId" uuid NOT NULL REFERENCES posts ("id") ON DELETE CASCADE,
        "content" text NOT NULL,
        "drillDetails" jsonb,
        "achievementDetails" jsonb,
        "mediaAlt" text,
        "writtenAt" timestamptz NOT NULL,
        "createdAt" timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX post_versions_post_idx ON post_versions ("postId", "createdAt" DESC)`);
    await q.query(`
      CREATE TABLE comment_versions (
        "id" uuid NOT NULL DEFAULT gen_random_uuid() PRIMARY KEY,
        "commentId" uuid NOT NULL REFERENCES comments ("id") ON DELETE CASCADE,
        "content" text NOT NULL,
        "writtenAt" timestamptz NOT NULL,
        "createdAt" timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(
      `CREATE INDEX comment_versions_comment_idx ON comment_versions ("commentId", "createdAt" DESC)`,
    );
    await q.query(`
      CREATE TABLE mentions (
        "id" uuid NOT NULL DEFAULT gen_random_uuid() PRIMARY KEY,
        "postId" uuid NOT NULL REFERENCES posts ("id") ON DELETE CASCADE,
        "commentId" uuid REFERENCES comments ("id") ON DELETE CASCADE,
        "userId" uuid NOT NULL REFERENCES users ("id") ON DELETE CASCADE,
        "createdAt" timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(
      `CREATE UNIQUE INDEX mentions_post_key ON mentions ("postId", "userId") WHERE "commentId" IS NULL`,
    );
    await q.query(
      `CREATE UNIQUE INDEX mentions_comment_key ON mentions ("commentId", "userId") WHERE "commentId" IS NOT NULL`,
    );
    await q.query(`CREATE INDEX mentions_user_idx ON mentions ("userId")`);
    await q.query(`
      CREATE TABLE post_tags (
        "postId" uuid NOT NULL REFERENCES posts ("id") ON DELETE CASCADE,
        "tag" varchar(50) NOT NULL,
        "weapon" varchar NOT NULL,
        "createdAt" timestamptz NOT NULL,
        PRIMARY KEY ("postId", "tag")
      )`);
    await q.query(`CREATE INDEX post_tags_tag_idx ON post_tags ("tag", "createdAt" DESC, "postId" DESC)`);
    await q.query(`CREATE INDEX post_tags_recent_idx ON post_tags ("createdAt", "weapon")`);
    await q.query(`
      CREATE TABLE muted_users (
        "id" uuid NOT NULL DEFAULT gen_random_uuid() PRIMARY KEY,
        "userId" uuid NOT NULL REFERENCES users ("id") ON DELETE CASCADE,
        "mutedId" uuid NOT NULL REFERENCES users ("id") ON DELETE CASCADE,
        "createdAt" timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT muted_users_pair_key UNIQUE ("userId", "mutedId")
      )`);
    await q.query(`CREATE INDEX muted_users_muted_idx ON muted_users ("mutedId")`);
    await q.query(`
      CREATE TABLE muted_words (
        "id" uuid NOT NULL DEFAULT gen_random_uuid() PRIMARY KEY,
        "userId" uuid NOT NULL REFERENCES users ("id") ON DELETE CASCADE,
        "word" varchar(100) NOT NULL,
        "query" tsquery NOT NULL,
        "expiresAt" timestamptz,
        "createdAt" timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX muted_words_user_idx ON muted_words ("userId")`);
    await q.query(`CREATE INDEX saves_user_idx ON saves ("userId", "createdAt" DESC, "id" DESC)`);
    await q.query(
      `CREATE INDEX posts_drills_idx ON posts ("createdAt" DESC, "id" DESC) WHERE "type" = 'drill'`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX IF EXISTS posts_drills_idx`);
    await q.query(`DROP INDEX IF EXISTS saves_user_idx`);
    for (const table of [
      'muted_words',
      'muted_users',
      'post_tags',
      'mentions',
      'comment_versions',
      'post_versions',
    ]) {
      await q.query(`DROP TABLE IF EXISTS ${table}`);
    }
    await q.query(`ALTER TABLE comments DROP COLUMN "editedAt"`);
    await q.query(
      `ALTER TABLE posts DROP COLUMN "editedAt", DROP COLUMN "mediaAlt", DROP COLUMN "visibility"`,
    );
  }
}
