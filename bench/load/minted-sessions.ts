import { createHmac, randomBytes } from 'node:crypto';
import { username } from '../dataset';
import { withClient } from '../database';
import { BENCH_SESSION_SECRET } from '../piste';
import type { SignIns } from '../sessions';

export interface MintedSession {
  /** The seeded user's number (`fencer00042` is 42). */
  user: number;
  userId: string;
  /** `piste.sid=…`, ready for a Cookie header. */
  cookie: string;
}

/** The session cookie's value as express-session signs it: `s:` + id + `.` + HMAC-SHA256 (base64, unpadded). */
function signedCookie(sid: string): string {
  const mac = createHmac('sha256', BENCH_SESSION_SECRET).update(sid).digest('base64').replace(/=+$/, '');
  return `piste.sid=${encodeURIComponent(`s:${sid}.${mac}`)}`;
}

/**
 * Signed-in sessions for many users at once, written straight into the `sessions` table: one real sign-in
 * (`POST /api/login`) gives the row's shape, and every other session is that row with its own id and user.
 * Thousands of sign-ins through the API would cost an argon2 verification each, minutes of the server's CPU
 * before any measurement.
 */
export async function mintSessions(
  databaseUrl: string,
  serverUrl: string,
  signIns: SignIns,
  users: number[],
): Promise<MintedSession[]> {
  const template = await signIns.as(serverUrl, users[0]);
  return withClient(databaseUrl, async (db) => {
    const sid = decodeURIComponent(template.cookie.slice('piste.sid='.length)).slice(2).split('.')[0];
    const { rows: templates } = await db.query<{ sess: Record<string, unknown>; expire: Date }>(
      `SELECT sess, expire FROM sessions WHERE sid = $1`,
      [sid],
    );
    if (!templates[0]) throw new Error('the sign-in left no session row to copy');
    const { rows: ids } = await db.query<{ username: string; id: string }>(
      `SELECT username, id FROM users WHERE username = ANY($1)`,
      [[...new Set(users)].map(username)],
    );
    const idOf = new Map(ids.map((row) => [row.username, row.id]));
    const sessions = users.map((user) => {
      const userId = idOf.get(username(user));
      if (!userId) throw new Error(`no seeded user ${username(user)}`);
      return { user, userId, sid: randomBytes(24).toString('base64url') };
    });
    const { sess, expire } = templates[0];
    for (let start = 0; start < sessions.length; start += 5000) {
      const chunk = sessions.slice(start, start + 5000);
      await db.query(
        `INSERT INTO sessions (sid, sess, expire)
         SELECT s.sid, jsonb_set($3::jsonb, '{passport,user}', to_jsonb(s."userId"))::json, $4
         FROM unnest($1::text[], $2::text[]) AS s(sid, "userId")`,
        [chunk.map((s) => s.sid), chunk.map((s) => s.userId), JSON.stringify(sess), expire],
      );
    }
    return sessions.map(({ user, userId, sid: id }) => ({ user, userId, cookie: signedCookie(id) }));
  });
}
