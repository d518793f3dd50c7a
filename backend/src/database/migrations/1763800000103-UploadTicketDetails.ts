import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Upload tickets remember what was stored (the real content type and size, and when), and are found by
 * their public object path when a post or profile refers to an upload.
 */
export class UploadTicketDetails1763800000103 implements MigrationInterface {
  name = 'UploadTicketDetails1763800000103';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE upload_tickets ADD COLUMN "contentType" varchar(100)`);
    await q.query(`ALTER TABLE upload_tickets ADD COLUMN "size" bigint CHECK ("size" >= 0)`);
    await q.query(`ALTER TABLE upload_tickets ADD COLUMN "storedAt" timestamptz`);
    await q.query(`CREATE UNIQUE INDEX upload_tickets_object_path_key ON upload_tickets ("objectPath")`);
    await q.query(`CREATE INDEX upload_tickets_user_idx ON upload_tickets ("userId", "expiresAt")`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX IF EXISTS upload_tickets_user_idx`);
    await q.query(`DROP INDEX IF EXISTS upload_tickets_object_path_key`);
    await q.query(`ALTER TABLE upload_tickets DROP COLUMN "storedAt"`);
    await q.query(`ALTER TABLE upload_tickets DROP COLUMN "size"`);
    await q.query(`ALTER TABLE upload_tickets DROP COLUMN "contentType"`);
  }
}
