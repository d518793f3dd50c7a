import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A muted word's place in its list: a list is replaced in one transaction, and the clock alone cannot order its
 * rows where it does not move between two inserts (the embedded database's clock often does not).
 */
export class MutedWordsOrder1763800002300 implements MigrationInterface {
  name = 'MutedWordsOrder1763800002300';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE muted_words ADD COLUMN "position" smallint NOT NULL DEFAULT 0`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE muted_words DROP COLUMN "position"`);
  }
}
