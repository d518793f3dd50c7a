import type { BlockedUser, ConnectionRequest, ConnectionUser, Weapon } from '@piste/contracts';
import type { UserEntity } from '../users/user.entity';
import { toUserSummary } from '../users/users.mapper';
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

/** A user row as the raw list queries select it. */
export interface ConnectionUserRow {
  id: string;
  username: string;
  name: string | null;
  avatar: string | null;
  title: string | null;
  weaponSpecialty: Weapon | null;
  role: string;
  isBlocked?: boolean | null;
  requestStatus?: 'sent' | 'received' | null;
  requestId?: string | null;
}

export function toConnectionUser(row: ConnectionUserRow): ConnectionUser {
  const view: ConnectionUser = {
    id: row.id,
    username: row.username,
    name: row.name,
    avatar: row.avatar,
    title: row.title,
    weaponSpecialty: row.weaponSpecialty,
    role: row.role,
  };
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
