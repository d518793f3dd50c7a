import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A second factor (DESIGN.md §4e): the TOTP secret in force (and one being set up, until its first code proves
 * the app holds it), the last time step a code was accepted in (so a code works once), and ten single-use
 * recovery codes, stored as SHA-256 hashes (they are random and long: no password hash is needed).
 */
export class TwoFactor1763800001600 implements MigrationInterface {
  name = 'TwoFactor1763800001600';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE users
        ADD COLUMN "totpSecret" varchar(64),
        ADD COLUMN "totpPendingSecret" varchar(64),
        ADD COLUMN "totpEnabledAt" timestamptz,
        ADD COLUMN "totpLastStep" bigint`);
    await q.query(`
      CREATE TABLE recovery_codes (
        "id" uuid NOT NULL DEFAULT gen_random_uuid() PRIMARY KEY,
        "userId" uuid NOT NULL REFERENCES users ("id") ON DELETE CASCADE,
        "codeHash" char(64) NOT NULL,
        "usedAt" timestamptz,
        "createdAt" timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT recovery_codes_pair_key UNIQUE ("userId", "codeHash")
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE IF EXISTS recovery_codes`);
    await q.query(
      `ALTER TABLE users DROP COLUMN "totpSecret", DROP COLUMN "totpPendingSecret", DROP COLUMN "totpEnabledAt",
         DROP COLUMN "totpLastStep"`,
    );
  }
}
