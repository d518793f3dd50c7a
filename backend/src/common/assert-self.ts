import type { SessionUser } from '@piste/contracts';
import { requestError, RequestErrorCode } from './request.errors';

/**
 * The one place that compares a client-supplied user id with the session user.
 * Absent ids are fine (the session decides); a different id is a 403.
 */
export function assertSelf(user: SessionUser, claimedUserId: string | undefined | null): void {
  if (claimedUserId !== undefined && claimedUserId !== null && claimedUserId !== user.id) {
    throw requestError(RequestErrorCode.NotYourself);
  }
}
