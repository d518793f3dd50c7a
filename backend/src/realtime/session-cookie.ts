import { signedCookie } from 'cookie-parser';
import { SESSION_COOKIE } from '../auth/session.middleware';

/**
 * The session id in a handshake's Cookie header, read as express-session reads it: the first session cookie,
 * URI-decoded, signed with the session secret (`s:` + id + HMAC). Null when it is missing, unsigned or forged.
 */
export function signedSessionId(cookieHeader: string | undefined, secret: string): string | null {
  const value = cookieValue(cookieHeader ?? '', SESSION_COOKIE);
  if (!value?.startsWith('s:')) return null;
  return signedCookie(value, secret) || null;
}

/** One cookie's value, parsed as the `cookie` package (express-session's parser) parses a header. */
function cookieValue(header: string, name: string): string | undefined {
  for (const pair of header.split(';')) {
    const equals = pair.indexOf('=');
    if (equals < 0 || pair.slice(0, equals).trim() !== name) continue;
    const value = pair.slice(equals + 1).trim();
    return decode(
      value.length > 1 && value.startsWith('"') && value.endsWith('"') ? value.slice(1, -1) : value,
    );
  }
  return undefined;
}

function decode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}
