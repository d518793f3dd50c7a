import { createHmac, randomBytes } from 'node:crypto';
import { SESSION_COOKIE } from '../src/auth/session.middleware';

/**
 * Signed-in sessions written straight into the `sessions` table, for the bench's thousands of fencers and the
 * tests' fixtures alike: one real sign-in gives the row's shape (what express-session, passport and the sign-in
 * put in it), and every other session is that row with its own id and user. A sign-in through the API costs an
 * argon2 verification each.
 */

/** A session row as the app stored it. */
export interface SessionTemplate {
  sess: Record<string, unknown>;
  expire: Date;
}

/** Runs one statement and resolves with its rows (a pg client's `query(...).rows`, a DataSource's `query`). */
export type RunQuery = <T>(sql: string, params: unknown[]) => Promise<T[]>;

/** The session cookie's value as express-session signs it: `s:` + id + `.` + HMAC-SHA256 (base64, unpadded). */
export function signedSessionCookie(secret: string, sid: string): string {
  const mac = createHmac('sha256', secret).update(sid).digest('base64').replace(/=+$/, '');
  return `${SESSION_COOKIE}=${encodeURIComponent(`s:${sid}.${mac}`)}`;
}

/** The session id inside a `piste.sid=…` cookie. */
export function sessionIdOf(cookie: string): string {
  return decodeURIComponent(cookie.slice(SESSION_COOKIE.length + 1))
    .slice(2)
    .split('.')[0];
}

/** The stored row of the session behind `cookie` (one that just signed in). */
export async function sessionTemplate(query: RunQuery, cookie: string): Promise<SessionTemplate> {
  const [row] = await query<SessionTemplate>(`SELECT sess, expire FROM sessions WHERE sid = $1`, [
    sessionIdOf(cookie),
  ]);
  if (!row) throw new Error('the sign-in left no session row to copy');
  return row;
}

/** Stores a copy of `template` for each user (ids may repeat), in chunks; resolves with the new session ids. */
export async function copySessions(
  query: RunQuery,
  template: SessionTemplate,
  userIds: string[],
): Promise<string[]> {
  const sids = userIds.map(() => randomBytes(24).toString('base64url'));
  for (let start = 0; start < sids.length; start += 5000) {
    await query(
      `INSERT INTO sessions (sid, sess, expire)
       SELECT s.sid, jsonb_set($3::jsonb, '{passport,user}', to_jsonb(s."userId"))::json, $4
       FROM unnest($1::text[], $2::text[]) AS s(sid, "userId")`,
      [
        sids.slice(start, start + 5000),
        userIds.slice(start, start + 5000),
        JSON.stringify(template.sess),
        template.expire,
      ],
    );
  }
  return sids;
}
