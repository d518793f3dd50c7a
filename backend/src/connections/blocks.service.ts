import { Injectable } from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import { DataSource, Repository } from 'typeorm';
import type { BlockedUser } from '@piste/contracts';
import { blockedEitherWay } from '../blocks/block-visibility';
import { lockUserPair } from '../users/user-locks';
import { BlockedUserEntity } from './connection.entities';
import { toBlockedUser, type BlockedUserRow } from './connections.mapper';
import { normaliseReturning, PAIR, RequestEvents, type RemovedRequest, type Returning } from './request-rows';
import { connectionError, ConnectionErrorCode } from './connections.errors';
import { userError, UserErrorCode } from '../users/users.errors';

/**
 * Blocking: either side of a block sees nothing of the other (the conditions other modules compose are in
 * block-visibility.ts). A block withdraws pending requests between the two in its own transaction.
 */
@Injectable()
export class BlocksService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @InjectRepository(BlockedUserEntity) private readonly blocks: Repository<BlockedUserEntity>,
    private readonly requestEvents: RequestEvents,
  ) {}

  /** True when either user has blocked the other. */
  async isBlockedEitherWay(a: string, b: string): Promise<boolean> {
    const [row] = await this.dataSource.query<{ blocked: boolean }[]>(
      `SELECT ${blockedEitherWay('$1', '$2')} AS blocked`,
      [a, b],
    );
    return row.blocked;
  }

  /** The users the viewer blocked, most recent first. */
  async blockedUsers(viewerId: string): Promise<BlockedUser[]> {
    const rows = await this.dataSource.query<BlockedUserRow[]>(
      `SELECT u."id", u."username", u."name", u."avatar", b."createdAt" AS "blockedAt"
         FROM blocked_users b JOIN users u ON u."id" = b."blockedId"
        WHERE b."blockerId" = $1
        ORDER BY b."createdAt" DESC, u."id"`,
      [viewerId],
    );
    return rows.map(toBlockedUser);
  }

  /**
   * Blocks a user (idempotent). In the same transaction, pending requests between the two are
   * withdrawn; an accepted connection is kept but stays inert while the block lasts.
   */
  async block(blockerId: string, blockedId: string): Promise<BlockedUser> {
    if (blockerId === blockedId) throw connectionError(ConnectionErrorCode.BlockSelf);
    const { entry, withdrawn } = await this.dataSource.transaction(async (m) => {
      await lockUserPair(m, blockerId, blockedId);
      await m.query(
        `INSERT INTO blocked_users ("blockerId", "blockedId") VALUES ($1, $2)
         ON CONFLICT ("blockerId", "blockedId") DO NOTHING`,
        [blockerId, blockedId],
      );
      const withdrawn = normaliseReturning(
        await m.query<Returning<RemovedRequest>>(
          `DELETE FROM friend_requests r WHERE r."status" = 'pending' AND ${PAIR('r', '$1', '$2')}
           RETURNING r."id", r."senderId", r."receiverId", r."status"`,
          [blockerId, blockedId],
        ),
      );
      const [entry] = await m.query<BlockedUserRow[]>(
        `SELECT u."id", u."username", u."name", u."avatar", b."createdAt" AS "blockedAt"
           FROM blocked_users b JOIN users u ON u."id" = b."blockedId"
          WHERE b."blockerId" = $1 AND b."blockedId" = $2`,
        [blockerId, blockedId],
      );
      return { entry, withdrawn };
    });
    this.requestEvents.removed(withdrawn);
    return toBlockedUser(entry);
  }

  /** Lifts the viewer's block (idempotent); a kept connection works again. */
  async unblock(blockerId: string, blockedId: string): Promise<{ blockedId: string; isBlocked: false }> {
    const [user] = await this.dataSource.query<{ id: string }[]>(`SELECT "id" FROM users WHERE "id" = $1`, [
      blockedId,
    ]);
    if (!user) throw userError(UserErrorCode.NotFound);
    await this.blocks.delete({ blockerId, blockedId });
    return { blockedId, isBlocked: false };
  }
}
