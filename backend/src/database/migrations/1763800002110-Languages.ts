import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The language each account speaks (DESIGN.md §8): the one chosen in settings (null: follow the browser), and
 * the best match of the browser's `Accept-Language` last seen at sign-up, sign-in or session load, which mails
 * and push use while no language is chosen.
 */
export class Languages1763800002110 implements MigrationInterface {
  name = 'Languages1763800002110';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `ALTER TABLE users ADD COLUMN "language" varchar(8), ADD COLUMN "browserLanguage" varchar(8)`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(
      `ALTER TABLE users DROP COLUMN IF EXISTS "language", DROP COLUMN IF EXISTS "browserLanguage"`,
    );
  }
}
