import { Injectable } from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import { DataSource, Repository } from 'typeorm';
import type { ConnectionState, ConnectionUser, FriendRequestStatus } from '@piste/contracts';
import { blockedEitherWay, hasBlocked } from '../blocks/block-visibility';
import { FENCER_COLUMNS } from '../users/users.mapper';
import { FriendRequestEntity } from './connection.entities';
import { toConnectionUser, type ConnectionUserRow } from './connections.mapper';
import { normaliseReturning, PAIR, RequestEvents, type RemovedRequest, type Returning } from './request-rows';
import { connectionError, ConnectionErrorCode } from './connections.errors';
import { userError, UserErrorCode } from '../users/users.errors';

/** Connections: accepted requests, as lists, as a state between two users, and removed. */
@Injectable()
export class ConnectionsService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @InjectRepository(FriendRequestEntity) private readonly requests: Repository<FriendRequestEntity>,
    private readonly requestEvents: RequestEvents,
  ) {}

  /** True when the two users have an accepted connection (in either direction). */
  async areConnected(a: string, b: string): Promise<boolean> {
    const count = await this.requests
      .createQueryBuilder('r')
      .where('r.status = :status', { status: 'accepted' })
      .andWhere(PAIR('r', ':a', ':b'), { a, b })
      .getCount();
    return count > 0;
  }

  /**
   * Where the viewer stands with another user: connected, a pending request either way (with its id, to
   * withdraw or answer it), or nothing yet. A pair has at most one live request (a unique index), so one
   * row at most. Blocks are the caller's to check.
   */
  async connectionState(
    viewerId: string,
    otherId: string,
  ): Promise<{ connection: Exclude<ConnectionState, 'self'>; requestId?: string }> {
    const [live] = await this.dataSource.query<
      { id: string; senderId: string; status: FriendRequestStatus }[]
    >(
      `SELECT r."id", r."senderId", r."status" FROM friend_requests r
        WHERE r."status" IN ('pending', 'accepted') AND ${PAIR('r', '$1', '$2')}`,
      [viewerId, otherId],
    );
    if (!live) return { connection: 'none' };
    if (live.status === 'accepted') return { connection: 'connected' };
    return {
      connection: live.senderId === viewerId ? 'pending-sent' : 'pending-received',
      requestId: live.id,
    };
  }

  /**
   * The viewer's own connections. A connection the viewer blocked stays listed with `isBlocked` (so it
   * can be unblocked); one that blocked the viewer is left out, so a block is never revealed.
   */
  async connectionsOf(viewerId: string): Promise<ConnectionUser[]> {
    const rows = await this.dataSource.query<ConnectionUserRow[]>(
      `SELECT ${FENCER_COLUMNS}, ${hasBlocked('$1', 'u."id"')} AS "isBlocked"
         FROM friend_requests r
         JOIN users u ON u."id" = CASE WHEN r."senderId" = $1 THEN r."receiverId" ELSE r."senderId" END
        WHERE r."status" = 'accepted' AND (r."senderId" = $1 OR r."receiverId" = $1)
          AND NOT ${hasBlocked('u."id"', '$1')}
        ORDER BY lower(coalesce(u."name", u."username")), u."id"`,
      [viewerId],
    );
    return rows.map(toConnectionUser);
  }

  /**
   * Another user's connections, as a signed-in viewer sees them: 404 when the user is unknown or either
   * of the two blocked the other; connections that are blocked (either way) with the owner or with the
   * viewer are left out.
   */
  async connectionsOfUser(viewerId: string, ownerId: string): Promise<ConnectionUser[]> {
    if (viewerId === ownerId) return this.connectionsOf(viewerId);
    const [owner] = await this.dataSource.query<{ blocked: boolean }[]>(
      `SELECT ${blockedEitherWay('$1', 'u."id"')} AS "blocked" FROM users u WHERE u."id" = $2`,
      [viewerId, ownerId],
    );
    if (!owner || owner.blocked) throw userError(UserErrorCode.NotFound);
    const rows = await this.dataSource.query<ConnectionUserRow[]>(
      `SELECT ${FENCER_COLUMNS}
         FROM friend_requests r
         JOIN users u ON u."id" = CASE WHEN r."senderId" = $1 THEN r."receiverId" ELSE r."senderId" END
        WHERE r."status" = 'accepted' AND (r."senderId" = $1 OR r."receiverId" = $1)
          AND NOT ${blockedEitherWay('$1', 'u."id"')}
          AND NOT ${blockedEitherWay('$2', 'u."id"')}
        ORDER BY lower(coalesce(u."name", u."username")), u."id"`,
      [ownerId, viewerId],
    );
    return rows.map(toConnectionUser);
  }

  /** Removes the accepted connection between the two users (404 when there is none). */
  async removeConnection(userId: string, otherId: string): Promise<void> {
    const removed = await this.dataSource.query<Returning<RemovedRequest>>(
      `DELETE FROM friend_requests r WHERE r."status" = 'accepted' AND ${PAIR('r', '$1', '$2')}
       RETURNING r."id", r."senderId", r."receiverId", r."status"`,
      [userId, otherId],
    );
    const rows = normaliseReturning(removed);
    if (rows.length === 0) throw connectionError(ConnectionErrorCode.NotConnected);
    this.requestEvents.removed(rows);
  }
}
