import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A video post may carry a poster frame: an image the browser captured from the video and uploaded with it, shown
 * before the video plays. Older videos have none and show their first frame instead.
 */
export class VideoPosters1763800000800 implements MigrationInterface {
  name = 'VideoPosters1763800000800';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE posts ADD COLUMN "mediaPosterUrl" text`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE posts DROP COLUMN "mediaPosterUrl"`);
  }
}
