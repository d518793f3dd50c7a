import {
  BadRequestException,
  ConflictException,
  ForbiddenException,
  Injectable,
  NotFoundException,
} from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import { DataSource, EntityManager, QueryFailedError, Repository } from 'typeorm';
import {
  userRoom,
  type BlockedUser,
  type ConnectionRequest,
  type ConnectionState,
  type ConnectionUser,
  type FriendRequestStatus,
  type ServerNotification,
  type SessionUser,
  type Weapon,
} from '@piste/contracts';
import { NotificationsService } from '../notifications/notifications.service';
import { RealtimePublisher } from '../realtime/realtime.publisher';
import { BlockedUserEntity, FriendRequestEntity } from './connection.entities';
import {
  toBlockedUser,
  toConnectionRequest,
  toConnectionUser,
  type BlockedUserRow,
  type ConnectionUserRow,
  type LoadedFriendRequest,
} from './connections.mapper';

export const SEARCH_LIMIT = 20;
/** How many matches the ranking considers (besides an exact username). */
const SEARCH_CANDIDATES = 200;

const USER_NOT_FOUND = 'User not found';
const REQUEST_NOT_FOUND = 'Connection request not found';
const ALREADY_PENDING = 'A connection request is already pending';
const ALREADY_CONNECTED = 'You are already connected';
const CANNOT_REQUEST = 'You cannot send a request to this user';

/** The columns of a user that a connection list shows. */
const USER_COLUMNS = `u."id", u."username", u."name", u."avatar", u."title", u."weaponSpecialty", u."role"`;

/** `a` and `b` are the two ends of row `r` (in either direction). */
const PAIR = (r: string, a: string, b: string) =>
  `((${r}."senderId" = ${a} AND ${r}."receiverId" = ${b}) OR (${r}."senderId" = ${b} AND ${r}."receiverId" = ${a}))`;
/** Either of `a` and `b` blocked the other. */
const BLOCKED_EITHER_WAY = (a: string, b: string) =>
  `EXISTS (SELECT 1 FROM blocked_users b WHERE (b."blockerId" = ${a} AND b."blockedId" = ${b}) OR (b."blockerId" = ${b} AND b."blockedId" = ${a}))`;

/** Makes user input literal inside a LIKE pattern: `\`, `%` and `_` lose their wildcard meaning. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

function isUniqueViolation(error: unknown): boolean {
  return (
    error instanceof QueryFailedError &&
    (error.driverError as { code?: string } | undefined)?.code === '23505'
  );
}

interface RemovedRequest {
  id: string;
  senderId: string;
  receiverId: string;
  status: FriendRequestStatus;
}

/**
 * Connection requests, connections, discover search and blocking.
 * Requests and blocks between the same two users are serialised by locking both users' rows, so a
 * request cannot slip in while a block is being stored. Events go out only after the commit.
 */
@Injectable()
export class ConnectionsService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @InjectRepository(FriendRequestEntity) private readonly requests: Repository<FriendRequestEntity>,
    @InjectRepository(BlockedUserEntity) private readonly blocks: Repository<BlockedUserEntity>,
    private readonly publisher: RealtimePublisher,
    private readonly notifications: NotificationsService,
  ) {}

  /** True when the two users have an accepted connection (in either direction). */
  async areConnected(a: string, b: string): Promise<boolean> {
    const count = await this.requests
      .createQueryBuilder('r')
      .where('r.status = :status', { status: 'accepted' })
      .andWhere('((r.senderId = :a AND r.receiverId = :b) OR (r.senderId = :b AND r.receiverId = :a))', {
        a,
        b,
      })
      .getCount();
    return count > 0;
  }

  /** True when either user has blocked the other. */
  async isBlockedEitherWay(a: string, b: string): Promise<boolean> {
    const count = await this.blocks
      .createQueryBuilder('x')
      .where('(x.blockerId = :a AND x.blockedId = :b) OR (x.blockerId = :b AND x.blockedId = :a)', { a, b })
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

  // ---------------------------------------------------------------- requests

  async sendRequest(sender: SessionUser, receiverId: string): Promise<ConnectionRequest> {
    const senderId = sender.id;
    if (senderId === receiverId)
      throw new BadRequestException('You cannot send a connection request to yourself');
    let stored: { requestId: string; notification: ServerNotification | null };
    try {
      stored = await this.dataSource.transaction(async (m) => {
        await this.lockPair(m, senderId, receiverId);
        const [state] = await m.query<{ blocked: boolean; liveStatus: FriendRequestStatus | null }[]>(
          `SELECT ${BLOCKED_EITHER_WAY('$1', '$2')} AS "blocked",
                  (SELECT r."status" FROM friend_requests r
                    WHERE r."status" IN ('pending', 'accepted') AND ${PAIR('r', '$1', '$2')} LIMIT 1) AS "liveStatus"`,
          [senderId, receiverId],
        );
        if (state?.blocked) throw new ForbiddenException(CANNOT_REQUEST);
        if (state?.liveStatus === 'accepted') throw new ConflictException(ALREADY_CONNECTED);
        if (state?.liveStatus === 'pending') throw new ConflictException(ALREADY_PENDING);
        const [row] = await m.query<{ id: string }[]>(
          `INSERT INTO friend_requests ("senderId", "receiverId") VALUES ($1, $2) RETURNING "id"`,
          [senderId, receiverId],
        );
        const notification = await this.notifications.record(m, {
          recipientId: receiverId,
          type: 'follow',
          actor: sender,
          message: `${sender.name || sender.username} sent you a connection request`,
          requestId: row.id,
        });
        return { requestId: row.id, notification };
      });
    } catch (error) {
      // The partial unique index on the unordered pair catches a concurrent request.
      if (isUniqueViolation(error)) throw new ConflictException(ALREADY_PENDING);
      throw error;
    }

    const request = toConnectionRequest(await this.loadRequest(stored.requestId));
    this.publisher.publish([userRoom(receiverId), userRoom(senderId)], 'friend-request:new', { request });
    this.notifications.deliver(receiverId, stored.notification);
    return request;
  }

  /** The receiver accepts or declines a pending request. */
  async respond(
    receiver: SessionUser,
    requestId: string,
    status: Extract<FriendRequestStatus, 'accepted' | 'declined'>,
  ): Promise<ConnectionRequest> {
    const userId = receiver.id;
    const notification = await this.dataSource.transaction(async (m) => {
      const [row] = await m.query<RemovedRequest[]>(
        `SELECT "id", "senderId", "receiverId", "status" FROM friend_requests WHERE "id" = $1 FOR UPDATE`,
        [requestId],
      );
      if (!row) throw new NotFoundException(REQUEST_NOT_FOUND);
      if (row.receiverId !== userId)
        throw new ForbiddenException('Only the receiver can respond to this request');
      if (row.status !== 'pending') throw new ConflictException('This request has already been answered');
      await m.query(`UPDATE friend_requests SET "status" = $2 WHERE "id" = $1`, [requestId, status]);
      if (status !== 'accepted') return null;
      return this.notifications.record(m, {
        recipientId: row.senderId,
        type: 'follow',
        actor: receiver,
        message: `${receiver.name || receiver.username} accepted your connection request`,
      });
    });

    const request = toConnectionRequest(await this.loadRequest(requestId));
    this.publisher.publish(
      [userRoom(request.senderId), userRoom(request.receiverId)],
      'friend-request:updated',
      {
        request,
      },
    );
    this.notifications.deliver(request.senderId, notification);
    return request;
  }

  /** The sender withdraws a pending request. */
  async cancelRequest(userId: string, requestId: string): Promise<void> {
    const removed = await this.dataSource.transaction(async (m) => {
      const [row] = await m.query<RemovedRequest[]>(
        `SELECT "id", "senderId", "receiverId", "status" FROM friend_requests WHERE "id" = $1 FOR UPDATE`,
        [requestId],
      );
      if (!row) throw new NotFoundException(REQUEST_NOT_FOUND);
      if (row.senderId !== userId) throw new ForbiddenException('Only the sender can withdraw this request');
      if (row.status !== 'pending') throw new ConflictException('This request has already been answered');
      await m.query(`DELETE FROM friend_requests WHERE "id" = $1`, [requestId]);
      return row;
    });
    this.publishRemoved([removed]);
  }

  /** Pending requests the user received, newest first. */
  async incoming(userId: string): Promise<ConnectionRequest[]> {
    return this.listRequests({ receiverId: userId, status: 'pending' });
  }

  /** Pending requests the user sent, newest first. */
  async sent(userId: string): Promise<ConnectionRequest[]> {
    return this.listRequests({ senderId: userId, status: 'pending' });
  }

  // ------------------------------------------------------------- connections

  /**
   * The viewer's own connections. A connection the viewer blocked stays listed with `isBlocked` (so it
   * can be unblocked); one that blocked the viewer is left out, so a block is never revealed.
   */
  async connectionsOf(viewerId: string): Promise<ConnectionUser[]> {
    const rows = await this.dataSource.query<ConnectionUserRow[]>(
      `SELECT ${USER_COLUMNS},
              EXISTS (SELECT 1 FROM blocked_users b WHERE b."blockerId" = $1 AND b."blockedId" = u."id") AS "isBlocked"
         FROM friend_requests r
         JOIN users u ON u."id" = CASE WHEN r."senderId" = $1 THEN r."receiverId" ELSE r."senderId" END
        WHERE r."status" = 'accepted' AND (r."senderId" = $1 OR r."receiverId" = $1)
          AND NOT EXISTS (SELECT 1 FROM blocked_users b WHERE b."blockerId" = u."id" AND b."blockedId" = $1)
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
      `SELECT ${BLOCKED_EITHER_WAY('$1', 'u."id"')} AS "blocked" FROM users u WHERE u."id" = $2`,
      [viewerId, ownerId],
    );
    if (!owner || owner.blocked) throw new NotFoundException(USER_NOT_FOUND);
    const rows = await this.dataSource.query<ConnectionUserRow[]>(
      `SELECT ${USER_COLUMNS}
         FROM friend_requests r
         JOIN users u ON u."id" = CASE WHEN r."senderId" = $1 THEN r."receiverId" ELSE r."senderId" END
        WHERE r."status" = 'accepted' AND (r."senderId" = $1 OR r."receiverId" = $1)
          AND NOT ${BLOCKED_EITHER_WAY('$1', 'u."id"')}
          AND NOT ${BLOCKED_EITHER_WAY('$2', 'u."id"')}
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
    if (rows.length === 0) throw new NotFoundException('You are not connected to this user');
    this.publishRemoved(rows);
  }

  // ------------------------------------------------------------------ search

  /**
   * Discover: users whose name or username contains `q` (case-insensitive, wildcards taken literally),
   * optionally of one weapon; never the searcher, existing connections or users blocked either way.
   * `lower(col) LIKE` uses the trigram GIN indexes on lower(name) and lower(username). Ranking (exact
   * username, then prefix, then name) looks at a bounded set of candidates plus the exact username
   * (unique index), so a query that matches most users stays as cheap as a rare one.
   */
  async search(viewerId: string, q: string, weapon?: Weapon): Promise<ConnectionUser[]> {
    const text = q.trim();
    if (!text) return [];
    const escaped = escapeLike(text);
    const eligible = `u."id" <> $1
          AND ($3::varchar IS NULL OR u."weaponSpecialty" = $3::varchar)
          AND NOT EXISTS (SELECT 1 FROM friend_requests c
                           WHERE c."status" = 'accepted' AND ${PAIR('c', '$1', 'u."id"')})
          AND NOT ${BLOCKED_EITHER_WAY('$1', 'u."id"')}`;
    const rows = await this.dataSource.query<ConnectionUserRow[]>(
      `WITH candidates AS (
         (SELECT u."id" FROM users u WHERE lower(u."username") = lower($4) AND ${eligible})
         UNION
         (SELECT u."id" FROM users u
           WHERE (lower(u."name") LIKE lower($2) ESCAPE '\\' OR lower(u."username") LIKE lower($2) ESCAPE '\\')
             AND ${eligible}
           LIMIT ${SEARCH_CANDIDATES})
       )
       SELECT ${USER_COLUMNS},
              pr."id" AS "requestId",
              CASE WHEN pr."id" IS NULL THEN NULL WHEN pr."senderId" = $1 THEN 'sent' ELSE 'received' END
                AS "requestStatus"
         FROM candidates
         JOIN users u ON u."id" = candidates."id"
         LEFT JOIN friend_requests pr ON pr."status" = 'pending' AND ${PAIR('pr', '$1', 'u."id"')}
        ORDER BY (lower(u."username") = lower($4)) DESC,
                 (lower(u."username") LIKE lower($5) ESCAPE '\\' OR lower(u."name") LIKE lower($5) ESCAPE '\\') DESC,
                 lower(coalesce(u."name", u."username")), u."id"
        LIMIT ${SEARCH_LIMIT}`,
      [viewerId, `%${escaped}%`, weapon ?? null, text, `${escaped}%`],
    );
    return rows.map(toConnectionUser);
  }

  // ---------------------------------------------------------------- blocking

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
    if (blockerId === blockedId) throw new BadRequestException('You cannot block yourself');
    const { entry, withdrawn } = await this.dataSource.transaction(async (m) => {
      await this.lockPair(m, blockerId, blockedId);
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
    this.publishRemoved(withdrawn);
    return toBlockedUser(entry);
  }

  /** Lifts the viewer's block (idempotent); a kept connection works again. */
  async unblock(blockerId: string, blockedId: string): Promise<{ blockedId: string; isBlocked: false }> {
    const [user] = await this.dataSource.query<{ id: string }[]>(`SELECT "id" FROM users WHERE "id" = $1`, [
      blockedId,
    ]);
    if (!user) throw new NotFoundException(USER_NOT_FOUND);
    await this.blocks.delete({ blockerId, blockedId });
    return { blockedId, isBlocked: false };
  }

  // ----------------------------------------------------------------- helpers

  /**
   * Locks both users' rows (in id order, so two transactions never deadlock) for the rest of the
   * transaction; 404 when the other user does not exist.
   */
  private async lockPair(m: EntityManager, a: string, b: string): Promise<void> {
    const rows = await m.query<{ id: string }[]>(
      `SELECT "id" FROM users WHERE "id" IN ($1, $2) ORDER BY "id" FOR NO KEY UPDATE`,
      [a, b],
    );
    if (!rows.some((r) => r.id === b)) throw new NotFoundException(USER_NOT_FOUND);
  }

  private async loadRequest(id: string): Promise<LoadedFriendRequest> {
    const request = await this.requests.findOne({
      where: { id },
      relations: { sender: true, receiver: true },
    });
    if (!request) throw new NotFoundException(REQUEST_NOT_FOUND);
    return request as LoadedFriendRequest;
  }

  private async listRequests(
    where: Partial<Pick<FriendRequestEntity, 'senderId' | 'receiverId' | 'status'>>,
  ) {
    const requests = await this.requests.find({
      where,
      relations: { sender: true, receiver: true },
      order: { createdAt: 'DESC', id: 'ASC' },
    });
    return (requests as LoadedFriendRequest[]).map(toConnectionRequest);
  }

  private publishRemoved(rows: RemovedRequest[]): void {
    for (const row of rows) {
      this.publisher.publish([userRoom(row.senderId), userRoom(row.receiverId)], 'friend-request:removed', {
        requestId: row.id,
        senderId: row.senderId,
        receiverId: row.receiverId,
        status: row.status,
      });
    }
  }
}

/** TypeORM's postgres driver answers DELETE … RETURNING with `[rows, affected]`. */
type Returning<T> = [T[], number] | T[];

function normaliseReturning<T>(result: Returning<T>): T[] {
  if (
    Array.isArray(result) &&
    result.length === 2 &&
    Array.isArray(result[0]) &&
    typeof result[1] === 'number'
  ) {
    return result[0];
  }
  return result as T[];
}
