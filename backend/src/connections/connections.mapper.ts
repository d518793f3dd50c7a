import type { BlockedUser, ConnectionRequest, ConnectionUser } from '@piste/contracts';
import type { UserEntity } from '../users/user.entity';
import { toFencer, toUserSummary, type FencerRow } from '../users/users.mapper';
import type { FriendRequestEntity } from './connection.entities';

/** A request with its sender and receiver loaded (the spec's view adds both). */
export type LoadedFriendRequest = FriendRequestEntity & { sender: UserEntity; receiver: UserEntity };

export function toConnectionRequest(request: LoadedFriendRequest): ConnectionRequest {
  return {
    id: request.id,
    senderId: request.senderId,
    receiverId: request.receiverId,
    status: request.status,
    createdAt: request.createdAt.toISOString(),
    sender: { ...toUserSummary(request.sender), weaponSpecialty: request.sender.weaponSpecialty },
    receiver: { ...toUserSummary(request.receiver), weaponSpecialty: request.receiver.weaponSpecialty },
  };
}

/** A fencer row as the connection list queries select it, with what the list adds. */
export interface ConnectionUserRow extends FencerRow {
  isBlocked?: boolean | null;
  requestStatus?: 'sent' | 'received' | null;
  requestId?: string | null;
}

export function toConnectionUser(row: ConnectionUserRow): ConnectionUser {
  const view: ConnectionUser = toFencer(row);
  if (row.isBlocked !== undefined) view.isBlocked = !!row.isBlocked;
  if (row.requestStatus !== undefined) {
    view.requestStatus = row.requestStatus ?? null;
    view.requestId = row.requestId ?? null;
  }
  return view;
}

export interface BlockedUserRow {
  id: string;
  username: string;
  name: string | null;
  avatar: string | null;
  blockedAt: Date | string;
}

export function toBlockedUser(row: BlockedUserRow): BlockedUser {
  return {
    id: row.id,
    username: row.username,
    name: row.name,
    avatar: row.avatar,
    blockedAt: new Date(row.blockedAt).toISOString(),
  };
}
