import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A fencer's record (DESIGN.md §4d):
 * - ratings per weapon (USA Fencing and British Fencing letters, an FIE rank, or other) and who sees the record
 *   (everyone, connections, or only the fencer; youth fencers start with connections); `ratingLabel` is the
 *   first rating as names carry it in lists, kept only while everyone may see the record, so a list shows it
 *   without reading the ratings or deciding anything per viewer.
 * - bouts, from the logging fencer's side: against a Piste fencer, unconfirmed until that fencer confirms or
 *   disputes it; against a name, recorded as logged. Each fencer's bouts are read newest first through either
 *   side's index.
 */
export class FencerRecord1763800001500 implements MigrationInterface {
  name = 'FencerRecord1763800001500';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE users
        ADD COLUMN "ratings" jsonb NOT NULL DEFAULT '[]',
        ADD COLUMN "ratingLabel" varchar(24),
        ADD COLUMN "recordVisibility" varchar NOT NULL DEFAULT 'everyone'
          CHECK ("recordVisibility" IN ('everyone', 'connections', 'private'))`);
    await q.query(`UPDATE users SET "recordVisibility" = 'connections' WHERE "role" = 'youth'`);
    await q.query(`
      CREATE TABLE bouts (
        "id" uuid NOT NULL DEFAULT gen_random_uuid() PRIMARY KEY,
        "authorId" uuid NOT NULL REFERENCES users ("id") ON DELETE CASCADE,
        "opponentId" uuid REFERENCES users ("id") ON DELETE SET NULL,
        "opponentName" varchar(100),
        "weapon" varchar NOT NULL CHECK ("weapon" IN ('epee', 'foil', 'sabre')),
        "scoreFor" smallint NOT NULL CHECK ("scoreFor" BETWEEN 0 AND 45),
        "scoreAgainst" smallint NOT NULL CHECK ("scoreAgainst" BETWEEN 0 AND 45),
        "won" boolean NOT NULL,
        "kind" varchar NOT NULL CHECK ("kind" IN ('pool', 'de', 'practice')),
        "date" date NOT NULL,
        "eventId" uuid REFERENCES events ("id") ON DELETE SET NULL,
        "notes" text,
        "status" varchar NOT NULL CHECK ("status" IN ('unconfirmed', 'confirmed', 'disputed', 'recorded')),
        "createdAt" timestamptz NOT NULL DEFAULT now(),
        "answeredAt" timestamptz,
        CHECK ("opponentId" IS NULL OR "opponentId" <> "authorId")
      )`);
    await q.query(
      `CREATE INDEX bouts_author_idx ON bouts ("authorId", "date" DESC, "createdAt" DESC, "id" DESC)`,
    );
    await q.query(
      `CREATE INDEX bouts_opponent_idx ON bouts ("opponentId", "date" DESC, "createdAt" DESC, "id" DESC)
        WHERE "opponentId" IS NOT NULL`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE IF EXISTS bouts`);
    await q.query(
      `ALTER TABLE users DROP COLUMN "ratings", DROP COLUMN "ratingLabel", DROP COLUMN "recordVisibility"`,
    );
  }
}
