import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Club posts and events (DESIGN.md §4d):
 * - a post may belong to a club (`clubId`), and be for the club's members only (`visibility` 'club'); a club's
 *   page lists its posts newest first on their own index. A deleted club leaves its posts to their authors: a
 *   club-only post whose club is gone is seen by its author alone.
 * - events (competitions, trainings, camps, socials) with their place, dates and timezone, optionally by a club,
 *   and the going / interested counts kept in the same transaction as the attendance rows they count.
 * - a personal calendar feed's token, stored hashed (the link is shown once, and revoked by replacing it).
 */
export class ClubPostsAndEvents1763800001400 implements MigrationInterface {
  name = 'ClubPostsAndEvents1763800001400';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE posts ADD COLUMN "clubId" uuid REFERENCES clubs ("id") ON DELETE SET NULL`);
    await q.query(`ALTER TABLE posts DROP CONSTRAINT IF EXISTS "posts_visibility_check"`);
    await q.query(
      `ALTER TABLE posts ADD CONSTRAINT "posts_visibility_check"
         CHECK ("visibility" IN ('public', 'connections', 'club'))`,
    );
    await q.query(
      `CREATE INDEX posts_club_idx ON posts ("clubId", "createdAt" DESC, "id" DESC) WHERE "clubId" IS NOT NULL`,
    );
    // A club's logo is uploaded like an avatar, for its own purpose.
    await q.query(`ALTER TABLE upload_tickets DROP CONSTRAINT IF EXISTS "upload_tickets_purpose_check"`);
    await q.query(
      `ALTER TABLE upload_tickets ADD CONSTRAINT "upload_tickets_purpose_check"
         CHECK ("purpose" IN ('post', 'avatar', 'club'))`,
    );
    await q.query(`
      CREATE TABLE events (
        "id" uuid NOT NULL DEFAULT gen_random_uuid() PRIMARY KEY,
        "creatorId" uuid REFERENCES users ("id") ON DELETE SET NULL,
        "clubId" uuid REFERENCES clubs ("id") ON DELETE SET NULL,
        "title" varchar(150) NOT NULL,
        "kind" varchar NOT NULL CHECK ("kind" IN ('competition', 'training', 'camp', 'social')),
        "startsAt" timestamptz NOT NULL,
        "endsAt" timestamptz NOT NULL,
        "timezone" varchar(64) NOT NULL,
        "venue" varchar(200) NOT NULL DEFAULT '',
        "city" varchar(120) NOT NULL,
        "country" char(2) NOT NULL,
        "weapons" varchar[] NOT NULL DEFAULT '{}',
        "categories" varchar[] NOT NULL DEFAULT '{}',
        "url" text,
        "description" text NOT NULL DEFAULT '',
        "goingCount" int NOT NULL DEFAULT 0 CHECK ("goingCount" >= 0),
        "interestedCount" int NOT NULL DEFAULT 0 CHECK ("interestedCount" >= 0),
        "sequence" int NOT NULL DEFAULT 0,
        "createdAt" timestamptz NOT NULL DEFAULT now(),
        "updatedAt" timestamptz NOT NULL DEFAULT now(),
        CHECK ("endsAt" >= "startsAt")
      )`);
    // The list reads events by start; an event lasts at most 31 days, so "not over by T" is a start range too.
    await q.query(`CREATE INDEX events_start_idx ON events ("startsAt", "id")`);
    await q.query(`CREATE INDEX events_club_idx ON events ("clubId", "startsAt") WHERE "clubId" IS NOT NULL`);
    await q.query(`
      CREATE TABLE event_attendance (
        "eventId" uuid NOT NULL REFERENCES events ("id") ON DELETE CASCADE,
        "userId" uuid NOT NULL REFERENCES users ("id") ON DELETE CASCADE,
        "status" varchar NOT NULL CHECK ("status" IN ('going', 'interested')),
        "createdAt" timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY ("eventId", "userId")
      )`);
    await q.query(`CREATE INDEX event_attendance_user_idx ON event_attendance ("userId", "status")`);
    await q.query(`
      CREATE TABLE calendar_tokens (
        "userId" uuid NOT NULL PRIMARY KEY REFERENCES users ("id") ON DELETE CASCADE,
        "tokenHash" char(64) NOT NULL UNIQUE,
        "createdAt" timestamptz NOT NULL DEFAULT now()
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE IF EXISTS calendar_tokens`);
    await q.query(`DROP TABLE IF EXISTS event_attendance`);
    await q.query(`DROP TABLE IF EXISTS events`);
    await q.query(`DELETE FROM upload_tickets WHERE "purpose" = 'club'`);
    await q.query(`ALTER TABLE upload_tickets DROP CONSTRAINT IF EXISTS "upload_tickets_purpose_check"`);
    await q.query(
      `ALTER TABLE upload_tickets ADD CONSTRAINT "upload_tickets_purpose_check" CHECK ("purpose" IN ('post', 'avatar'))`,
    );
    await q.query(`DELETE FROM posts WHERE "visibility" = 'club'`);
    await q.query(`ALTER TABLE posts DROP CONSTRAINT IF EXISTS "posts_visibility_check"`);
    await q.query(
      `ALTER TABLE posts ADD CONSTRAINT "posts_visibility_check" CHECK ("visibility" IN ('public', 'connections'))`,
    );
    await q.query(`DROP INDEX IF EXISTS posts_club_idx`);
    await q.query(`ALTER TABLE posts DROP COLUMN "clubId"`);
  }
}
