import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Links mailed to users (password reset, email verification and change), kept as token hashes; when an account's
 * email was verified; and the sessions of one user found by index (the Security tab lists them, a password change
 * or reset ends them).
 *
 * Accounts made before email verification existed count as verified from their creation: they were accepted under
 * the rules of the time, and a banner on every existing account at once would ask them all for the same thing.
 */
export class AccountLinks1763800000900 implements MigrationInterface {
  name = 'AccountLinks1763800000900';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE users ADD COLUMN "emailVerifiedAt" timestamptz`);
    await q.query(`UPDATE users SET "emailVerifiedAt" = "createdAt"`);
    await q.query(`
      CREATE TABLE account_links (
        "id" uuid NOT NULL DEFAULT gen_random_uuid() PRIMARY KEY,
        "userId" uuid NOT NULL REFERENCES users ("id") ON DELETE CASCADE,
        "purpose" varchar NOT NULL CHECK ("purpose" IN ('password-reset', 'email-verification', 'email-change')),
        "tokenHash" varchar NOT NULL,
        "email" varchar NOT NULL,
        "expiresAt" timestamptz NOT NULL,
        "usedAt" timestamptz,
        "createdAt" timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT account_links_token_key UNIQUE ("tokenHash")
      )`);
    await q.query(`CREATE INDEX account_links_user_idx ON account_links ("userId", "purpose", "createdAt")`);
    await q.query(`CREATE INDEX sessions_user_idx ON sessions ((("sess" -> 'passport') ->> 'user'))`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX sessions_user_idx`);
    await q.query(`DROP TABLE account_links`);
    await q.query(`ALTER TABLE users DROP COLUMN "emailVerifiedAt"`);
  }
}
