import type { EntityManager } from 'typeorm';
import type { ClubRole } from '@piste/contracts';
import { CLUB_COLUMNS, runsClub, type ClubRow } from './club-rows';
import { clubError, ClubErrorCode } from './clubs.errors';

/**
 * Reading a club and where someone stands in it, inside the caller's transaction. `lock` takes the club's row for
 * update: every change to a club's members does, so changes to one club happen one at a time.
 */

/** The club with this slug (any case), locked when asked; 404 when there is none. */
export async function findClub(manager: EntityManager, slug: string, lock = false): Promise<ClubRow> {
  const [club] = await manager.query<ClubRow[]>(
    `SELECT ${CLUB_COLUMNS} FROM clubs c WHERE c."slug" = $1${lock ? ' FOR UPDATE' : ''}`,
    [slug.toLowerCase()],
  );
  if (!club) throw clubError(ClubErrorCode.NotFound);
  return club;
}

export async function roleIn(
  manager: EntityManager,
  clubId: string,
  userId: string,
): Promise<ClubRole | null> {
  const [row] = await manager.query<Array<{ role: ClubRole }>>(
    `SELECT "role" FROM club_members WHERE "clubId" = $1 AND "userId" = $2`,
    [clubId, userId],
  );
  return row?.role ?? null;
}

export async function assertRuns(manager: EntityManager, clubId: string, userId: string): Promise<void> {
  if (!runsClub(await roleIn(manager, clubId, userId))) {
    throw clubError(ClubErrorCode.NotAdminToAnswer);
  }
}

export async function adminsOf(manager: EntityManager, clubId: string): Promise<string[]> {
  const rows = await manager.query<Array<{ userId: string }>>(
    `SELECT "userId" FROM club_members WHERE "clubId" = $1 AND "role" IN ('owner', 'admin')`,
    [clubId],
  );
  return rows.map((row) => row.userId);
}
