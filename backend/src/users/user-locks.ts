import { NotFoundException } from '@nestjs/common';
import type { EntityManager } from 'typeorm';

/**
 * Locks two users' rows (in id order, so two transactions never deadlock) for the rest of the transaction:
 * changes between a pair (a request, a block) serialise on them. 404 when `other` does not exist.
 */
export async function lockUserPair(m: EntityManager, self: string, other: string): Promise<void> {
  const rows = await m.query<{ id: string }[]>(
    `SELECT "id" FROM users WHERE "id" IN ($1, $2) ORDER BY "id" FOR NO KEY UPDATE`,
    [self, other],
  );
  if (!rows.some((r) => r.id === other)) throw new NotFoundException('User not found');
}
