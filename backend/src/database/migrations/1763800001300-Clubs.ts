import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Clubs (DESIGN.md §4d): a club with a unique slug, where it is and what it fences, open or by-request joining and
 * its member count (kept in the same transaction as the rows it counts); its members with their role, exactly
 * one of them the owner (a partial unique index holds that under any race); and the requests waiting for an
 * admin. The directory searches names accent-blind through a trigram index, as fencer search does.
 */
export class Clubs1763800001300 implements MigrationInterface {
  name = 'Clubs1763800001300';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE clubs (
        "id" uuid NOT NULL DEFAULT gen_random_uuid() PRIMARY KEY,
        "slug" varchar(100) NOT NULL UNIQUE,
        "name" varchar(100) NOT NULL,
        "city" varchar(120) NOT NULL,
        "country" char(2) NOT NULL,
        "weapons" varchar[] NOT NULL DEFAULT '{}',
        "description" text NOT NULL DEFAULT '',
        "joinPolicy" varchar NOT NULL DEFAULT 'open' CHECK ("joinPolicy" IN ('open', 'request')),
        "logo" text,
        "membersCount" int NOT NULL DEFAULT 0 CHECK ("membersCount" >= 0),
        "createdAt" timestamptz NOT NULL DEFAULT now(),
        "updatedAt" timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX clubs_directory_idx ON clubs ("createdAt" DESC, "id" DESC)`);
    await q.query(`CREATE INDEX clubs_country_idx ON clubs ("country", "createdAt" DESC)`);
    await q.query(
      `CREATE INDEX clubs_name_folded_trgm ON clubs USING gin (fold_accents("name") public.gin_trgm_ops)`,
    );
    await q.query(`
      CREATE TABLE club_members (
        "id" uuid NOT NULL DEFAULT gen_random_uuid() PRIMARY KEY,
        "clubId" uuid NOT NULL REFERENCES clubs ("id") ON DELETE CASCADE,
        "userId" uuid NOT NULL REFERENCES users ("id") ON DELETE CASCADE,
        "role" varchar NOT NULL CHECK ("role" IN ('member', 'coach', 'admin', 'owner')),
        "createdAt" timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT club_members_pair_key UNIQUE ("clubId", "userId")
      )`);
    await q.query(
      `CREATE UNIQUE INDEX club_members_one_owner ON club_members ("clubId") WHERE "role" = 'owner'`,
    );
    await q.query(`CREATE INDEX club_members_user_idx ON club_members ("userId", "createdAt")`);
    await q.query(`CREATE INDEX club_members_list_idx ON club_members ("clubId", "createdAt", "id")`);
    await q.query(`
      CREATE TABLE club_requests (
        "id" uuid NOT NULL DEFAULT gen_random_uuid() PRIMARY KEY,
        "clubId" uuid NOT NULL REFERENCES clubs ("id") ON DELETE CASCADE,
        "userId" uuid NOT NULL REFERENCES users ("id") ON DELETE CASCADE,
        "createdAt" timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT club_requests_pair_key UNIQUE ("clubId", "userId")
      )`);
    await q.query(`CREATE INDEX club_requests_user_idx ON club_requests ("userId")`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE IF EXISTS club_requests`);
    await q.query(`DROP TABLE IF EXISTS club_members`);
    await q.query(`DROP TABLE IF EXISTS clubs`);
  }
}
