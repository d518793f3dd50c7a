import { parse } from 'cookie';
import { signedCookie } from 'cookie-parser';
import { SESSION_COOKIE } from '../auth/session.middleware';

/**
 * The session id in a handshake's Cookie header, read as express-session reads it: the first session cookie,
 * URI-decoded, signed with the session secret (`s:` + id + HMAC). Null when it is missing, unsigned or forged.
 */
export function signedSessionId(cookieHeader: string | undefined, secret: string): string | null {
  const value = parse(cookieHeader ?? '')[SESSION_COOKIE];
  if (!value?.startsWith('s:')) return null;
  return signedCookie(value, secret) || null;
}
