import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Post images get a display version at upload (WebP, at most 1080 px wide). The upload records it with the
 * image's size, and a post copies both, so the feed reads them from the post row.
 */
export class ImageDisplayVersions1763800000400 implements MigrationInterface {
  name = 'ImageDisplayVersions1763800000400';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE upload_tickets
        ADD COLUMN "width" integer CHECK ("width" > 0),
        ADD COLUMN "height" integer CHECK ("height" > 0),
        ADD COLUMN "displayPath" text,
        ADD COLUMN "displayWidth" integer CHECK ("displayWidth" > 0),
        ADD COLUMN "displayHeight" integer CHECK ("displayHeight" > 0)
    `);
    await q.query(`
      ALTER TABLE posts
        ADD COLUMN "mediaWidth" integer CHECK ("mediaWidth" > 0),
        ADD COLUMN "mediaHeight" integer CHECK ("mediaHeight" > 0),
        ADD COLUMN "mediaDisplayUrl" text,
        ADD COLUMN "mediaDisplayWidth" integer CHECK ("mediaDisplayWidth" > 0),
        ADD COLUMN "mediaDisplayHeight" integer CHECK ("mediaDisplayHeight" > 0)
    `);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE posts
        DROP COLUMN "mediaDisplayHeight",
        DROP COLUMN "mediaDisplayWidth",
        DROP COLUMN "mediaDisplayUrl",
        DROP COLUMN "mediaHeight",
        DROP COLUMN "mediaWidth"
    `);
    await q.query(`
      ALTER TABLE upload_tickets
        DROP COLUMN "displayHeight",
        DROP COLUMN "displayWidth",
        DROP COLUMN "displayPath",
        DROP COLUMN "height",
        DROP COLUMN "width"
    `);
  }
}
