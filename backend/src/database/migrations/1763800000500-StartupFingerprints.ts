import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * What a start-up task last applied, as a fingerprint, so a restart with the same configuration can tell that
 * the task has nothing to do without redoing its expensive part (see StartupTasks).
 */
export class StartupFingerprints1763800000500 implements MigrationInterface {
  name = 'StartupFingerprints1763800000500';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE startup_fingerprints (
        "task" varchar(50) PRIMARY KEY,
        "fingerprint" varchar(128) NOT NULL,
        "updatedAt" timestamptz NOT NULL DEFAULT now()
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE startup_fingerprints`);
  }
}
