import { Injectable } from '@nestjs/common';
import { QueryFailedError } from 'typeorm';
import { userRoom, type FriendRequestStatus } from '@piste/contracts';
import { RealtimePublisher } from '../publisher/realtime.publisher';

/** What the request and connection queries share: the pair condition, removed rows and their event. */

/** `a` and `b` are the two ends of request row `r` (in either direction). */
export const PAIR = (r: string, a: string, b: string) =>
  `((${r}."senderId" = ${a} AND ${r}."receiverId" = ${b}) OR (${r}."senderId" = ${b} AND ${r}."receiverId" = ${a}))`;

/** True when `a` and `b` (SQL expressions) are connected: an accepted request either way. */
export const connectedSql = (a: string, b: string) =>
  `EXISTS (SELECT 1 FROM friend_requests r WHERE r."status" = 'accepted' AND ${PAIR('r', a, b)})`;

/** A request or connection row that went away. */
export interface RemovedRequest {
  id: string;
  senderId: string;
  receiverId: string;
  status: FriendRequestStatus;
}

export function isUniqueViolation(error: unknown): boolean {
  return (
    error instanceof QueryFailedError &&
    (error.driverError as { code?: string } | undefined)?.code === '23505'
  );
}

/** TypeORM's postgres driver answers DELETE … RETURNING with `[rows, affected]`. */
export type Returning<T> = [T[], number] | T[];

export function normaliseReturning<T>(result: Returning<T>): T[] {
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

/** Tells both ends that a request or connection went away (withdrawn, removed, or cleared by a block). */
@Injectable()
export class RequestEvents {
  constructor(private readonly publisher: RealtimePublisher) {}

  removed(rows: RemovedRequest[]): void {
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
