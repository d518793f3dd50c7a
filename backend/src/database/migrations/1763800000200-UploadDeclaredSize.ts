import { MigrationInterface, QueryRunner } from 'typeorm';

/** Upload tickets remember the size the upload request declared: a larger file is refused. */
export class UploadDeclaredSize1763800000200 implements MigrationInterface {
  name = 'UploadDeclaredSize1763800000200';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE upload_tickets ADD COLUMN "declaredSize" bigint CHECK ("declaredSize" >= 0)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE upload_tickets DROP COLUMN "declaredSize"`);
  }
}
