import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The browsers and networks each account signed in from lately (DESIGN.md §4e, new sign-in notice): a browser by a
 * hash of its long-lived device cookie and by what it calls itself, a network by its masked address.
 */
export class SignInNotices1763800002000 implements MigrationInterface {
  name = 'SignInNotices1763800002000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE known_sign_ins (
        "userId" uuid NOT NULL REFERENCES users ("id") ON DELETE CASCADE,
        "deviceHash" char(64) NOT NULL,
        "network" varchar(64) NOT NULL,
        "browser" varchar(128) NOT NULL,
        "lastSeenAt" timestamptz NOT NULL,
        PRIMARY KEY ("userId", "deviceHash", "network")
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE IF EXISTS known_sign_ins`);
  }
}
