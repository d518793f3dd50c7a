import { blockedUserSchema, connectionUserSchema, friendRequestSchema } from '@piste/contracts';
import type { BlockedUser, ConnectionRequest, ConnectionUser, Weapon } from '@piste/contracts';
import * as z from 'zod/mini';
import { api, ApiError } from './client';

const requestListSchema = z.array(friendRequestSchema);
const connectionListSchema = z.array(connectionUserSchema);

/** Replaces a failed call's text with the spec's (section 7) while keeping the status. */
async function withFailureText<T>(call: Promise<T>, text: string): Promise<T> {
  try {
    return await call;
  } catch (error) {
    throw new ApiError(text, error instanceof ApiError ? error.status : 0);
  }
}

/** GET /api/friend-requests/{userId}: incoming pending requests. */
export function fetchIncomingRequests(userId: string): Promise<ConnectionRequest[]> {
  return withFailureText(
    api.get(`/api/friend-requests/${encodeURIComponent(userId)}`, requestListSchema),
    'Failed to fetch friend requests',
  );
}

/** GET /api/sent-friend-requests/{userId}: outgoing pending requests. */
export function fetchSentRequests(userId: string): Promise<ConnectionRequest[]> {
  return withFailureText(
    api.get(`/api/sent-friend-requests/${encodeURIComponent(userId)}`, requestListSchema),
    'Failed to fetch sent requests',
  );
}

/** GET /api/friends: the signed-in user's connections. */
export function fetchConnections(): Promise<ConnectionUser[]> {
  return withFailureText(api.get('/api/friends', connectionListSchema), 'Failed to fetch friends');
}

/** GET /api/search/users?q&weapon (no weapon: every weapon). */
export function searchUsers(query: string, weapon: Weapon | null): Promise<ConnectionUser[]> {
  const params = new URLSearchParams({ q: query });
  if (weapon) params.set('weapon', weapon);
  return withFailureText(
    api.get(`/api/search/users?${params.toString()}`, connectionListSchema),
    'Failed to search users',
  );
}

/** POST /api/friend-requests */
export function sendFriendRequest(senderId: string, receiverId: string): Promise<ConnectionRequest> {
  return api.post('/api/friend-requests', { senderId, receiverId }, friendRequestSchema);
}

/** PUT /api/friend-requests/{id} */
export function respondToFriendRequest(
  requestId: string,
  status: 'accepted' | 'declined',
): Promise<ConnectionRequest> {
  return api.put(`/api/friend-requests/${encodeURIComponent(requestId)}`, { status }, friendRequestSchema);
}

/** DELETE /api/friend-requests/{id}: the sender withdraws a pending request. */
export async function cancelFriendRequest(requestId: string): Promise<void> {
  await api.delete(`/api/friend-requests/${encodeURIComponent(requestId)}`);
}

/** DELETE /api/friends/{userId} */
export async function removeConnection(userId: string): Promise<void> {
  await api.delete(`/api/friends/${encodeURIComponent(userId)}`);
}

/** GET /api/blocked-users */
export function fetchBlockedUsers(): Promise<BlockedUser[]> {
  return api.get('/api/blocked-users', z.array(blockedUserSchema));
}

/** POST /api/block-user */
export function blockUser(blockedId: string): Promise<BlockedUser> {
  return api.post('/api/block-user', { blockedId }, blockedUserSchema);
}

/** POST /api/unblock-user */
export async function unblockUser(blockedId: string): Promise<void> {
  await api.post('/api/unblock-user', { blockedId });
}
