import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A user's data leaving with them or going for good: the archives of their data (one row per export, the ZIP in
 * the object store), the moment an account asked to be deleted (it can no longer sign in while its deletion
 * runs), and a path a notification opens when it is about no post, conversation or request (an export is ready).
 */
export class AccountData1763800001000 implements MigrationInterface {
  name = 'AccountData1763800001000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE users ADD COLUMN "deletionRequestedAt" timestamptz`);
    await q.query(`ALTER TABLE notifications ADD COLUMN "path" text`);
    await q.query(`
      CREATE TABLE account_exports (
        "id" uuid NOT NULL DEFAULT gen_random_uuid() PRIMARY KEY,
        "userId" uuid NOT NULL REFERENCES users ("id") ON DELETE CASCADE,
        "status" varchar NOT NULL DEFAULT 'pending' CHECK ("status" IN ('pending', 'ready', 'failed', 'expired')),
        "objectKey" varchar,
        "size" bigint,
        "readyAt" timestamptz,
        "expiresAt" timestamptz,
        "createdAt" timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX account_exports_user_idx ON account_exports ("userId", "createdAt" DESC)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE account_exports`);
    await q.query(`ALTER TABLE notifications DROP COLUMN "path"`);
    await q.query(`ALTER TABLE users DROP COLUMN "deletionRequestedAt"`);
  }
}
