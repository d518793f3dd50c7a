import { Injectable } from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import { DataSource, Repository } from 'typeorm';
import {
  userRoom,
  type ConnectionRequest,
  type FriendRequestStatus,
  type ServerNotification,
  type SessionUser,
} from '@piste/contracts';
import { nameOf } from '../notification-texts/notification-texts';
import { NotificationsService } from '../notifications/notifications.service';
import { RealtimePublisher } from '../publisher/realtime.publisher';
import { lockUserPair } from '../users/user-locks';
import { blockedEitherWay } from '../blocks/block-visibility';
import { FriendRequestEntity } from './connection.entities';
import { toConnectionRequest, type LoadedFriendRequest } from './connections.mapper';
import { isUniqueViolation, PAIR, RequestEvents, type RemovedRequest } from './request-rows';
import { connectionError, ConnectionErrorCode } from './connections.errors';

/**
 * Connection requests: sent, answered, withdrawn, listed. A request and a block between the same two users
 * serialise on both users' rows, so a request cannot slip in while a block is being stored. Events go out only
 * after the commit.
 */
@Injectable()
export class RequestsService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @InjectRepository(FriendRequestEntity) private readonly requests: Repository<FriendRequestEntity>,
    private readonly publisher: RealtimePublisher,
    private readonly notifications: NotificationsService,
    private readonly requestEvents: RequestEvents,
  ) {}

  async send(sender: SessionUser, receiverId: string): Promise<ConnectionRequest> {
    const senderId = sender.id;
    if (senderId === receiverId) throw connectionError(ConnectionErrorCode.RequestSelf);
    let stored: { requestId: string; notification: ServerNotification | null };
    try {
      stored = await this.dataSource.transaction(async (m) => {
        await lockUserPair(m, senderId, receiverId);
        const [state] = await m.query<{ blocked: boolean; liveStatus: FriendRequestStatus | null }[]>(
          `SELECT ${blockedEitherWay('$1', '$2')} AS "blocked",
                  (SELECT r."status" FROM friend_requests r
                    WHERE r."status" IN ('pending', 'accepted') AND ${PAIR('r', '$1', '$2')} LIMIT 1) AS "liveStatus"`,
          [senderId, receiverId],
        );
        if (state?.blocked) throw connectionError(ConnectionErrorCode.CannotRequest);
        if (state?.liveStatus === 'accepted') throw connectionError(ConnectionErrorCode.AlreadyConnected);
        if (state?.liveStatus === 'pending') throw connectionError(ConnectionErrorCode.AlreadyPending);
        const [row] = await m.query<{ id: string }[]>(
          `INSERT INTO friend_requests ("senderId", "receiverId") VALUES ($1, $2) RETURNING "id"`,
          [senderId, receiverId],
        );
        const notification = await this.notifications.record(m, {
          recipientId: receiverId,
          type: 'follow',
          actor: sender,
          text: { kind: 'connection_requested', actor: nameOf(sender) },
          requestId: row.id,
        });
        return { requestId: row.id, notification };
      });
    } catch (error) {
      // The partial unique index on the unordered pair catches a concurrent request.
      if (isUniqueViolation(error)) throw connectionError(ConnectionErrorCode.AlreadyPending);
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
      if (!row) throw connectionError(ConnectionErrorCode.RequestNotFound);
      if (row.receiverId !== userId) throw connectionError(ConnectionErrorCode.NotReceiver);
      if (row.status !== 'pending') throw connectionError(ConnectionErrorCode.AlreadyAnswered);
      await m.query(`UPDATE friend_requests SET "status" = $2 WHERE "id" = $1`, [requestId, status]);
      if (status !== 'accepted') return null;
      return this.notifications.record(m, {
        recipientId: row.senderId,
        type: 'follow',
        actor: receiver,
        text: { kind: 'connection_accepted', actor: nameOf(receiver) },
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
  async cancel(userId: string, requestId: string): Promise<void> {
    const removed = await this.dataSource.transaction(async (m) => {
      const [row] = await m.query<RemovedRequest[]>(
        `SELECT "id", "senderId", "receiverId", "status" FROM friend_requests WHERE "id" = $1 FOR UPDATE`,
        [requestId],
      );
      if (!row) throw connectionError(ConnectionErrorCode.RequestNotFound);
      if (row.senderId !== userId) throw connectionError(ConnectionErrorCode.NotSender);
      if (row.status !== 'pending') throw connectionError(ConnectionErrorCode.AlreadyAnswered);
      await m.query(`DELETE FROM friend_requests WHERE "id" = $1`, [requestId]);
      return row;
    });
    this.requestEvents.removed([removed]);
  }

  /** Pending requests the user received, newest first. */
  async incoming(userId: string): Promise<ConnectionRequest[]> {
    return this.listRequests({ receiverId: userId, status: 'pending' });
  }

  /** Pending requests the user sent, newest first. */
  async sent(userId: string): Promise<ConnectionRequest[]> {
    return this.listRequests({ senderId: userId, status: 'pending' });
  }

  // ----------------------------------------------------------------- helpers

  private async loadRequest(id: string): Promise<LoadedFriendRequest> {
    const request = await this.requests.findOne({
      where: { id },
      relations: { sender: true, receiver: true },
    });
    if (!request) throw connectionError(ConnectionErrorCode.RequestNotFound);
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
}
