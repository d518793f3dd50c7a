import type { Request } from 'express';

/** How long the second step of a sign-in may wait after the password, and how many wrong codes it takes. */
export const PENDING_SIGN_IN_MS = 5 * 60 * 1000;
export const MAX_WRONG_CODES = 5;

/** A sign-in whose password was right and whose second factor is awaited, kept in the (new) session. */
export interface PendingSignIn {
  userId: string;
  until: number;
  wrongCodes: number;
}

declare module 'express-session' {
  interface SessionData {
    pendingSignIn?: PendingSignIn;
  }
}

/** The sign-in awaiting its second factor in this browser's session, if it has not expired. */
export function pendingSignIn(request: Request, now: number): PendingSignIn | null {
  const pending = request.session?.pendingSignIn;
  if (!pending || pending.until < now) return null;
  return pending;
}
