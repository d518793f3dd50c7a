import type { EntityManager } from 'typeorm';
import { userError, UserErrorCode } from './users.errors';

/**
 * Locks two users' rows (in id order, so two transactions never deadlock) for the rest of the transaction:
 * changes between a pair (a request, a block) serialise on them. 404 when `other` does not exist.
 */
export async function lockUserPair(m: EntityManager, self: string, other: string): Promise<void> {
  const rows = await m.query<{ id: string }[]>(
    `SELECT "id" FROM users WHERE "id" IN ($1, $2) ORDER BY "id" FOR NO KEY UPDATE`,
    [self, other],
  );
  if (!rows.some((r) => r.id === other)) throw userError(UserErrorCode.NotFound);
}

/**
 * Takes the one lock every change of admin rights holds (a grant, a revocation, an admin deleting their account)
 * and counts the admins other than `userId` who can act (not being deleted, not suspended). Under the lock, two
 * changes cannot each see the other's admin and both leave nobody.
 */
export async function otherActiveAdmins(m: EntityManager, userId: string): Promise<number> {
  await m.query(`SELECT pg_advisory_xact_lock(hashtext('piste:admin-rights:' || current_schema()))`);
  const [others] = await m.query<{ count: number }[]>(
    `SELECT count(*)::int AS "count" FROM users
      WHERE "isAdmin" AND "id" <> $1 AND "deletionRequestedAt" IS NULL AND "suspendedAt" IS NULL`,
    [userId],
  );
  return others.count;
}
