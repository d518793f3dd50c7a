import { username } from '../dataset';
import { withClient } from '../database';
import { BENCH_SESSION_SECRET } from '../piste';
import type { SignIns } from '../sessions';
import {
  copySessions,
  sessionTemplate,
  signedSessionCookie,
  type RunQuery,
} from '../../backend/test/minted-sessions';

export interface MintedSession {
  /** The seeded user's number (`fencer00042` is 42). */
  user: number;
  userId: string;
  /** `piste.sid=…`, ready for a Cookie header. */
  cookie: string;
}

/**
 * Signed-in sessions for many users at once, written straight into the `sessions` table (see
 * backend/test/minted-sessions.ts): thousands of sign-ins through the API would cost minutes of the server's CPU
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
    const query: RunQuery = async (sql, params) => (await db.query(sql, params)).rows;
    const { rows: ids } = await db.query<{ username: string; id: string }>(
      `SELECT username, id FROM users WHERE username = ANY($1)`,
      [[...new Set(users)].map(username)],
    );
    const idOf = new Map(ids.map((row) => [row.username, row.id]));
    const userIds = users.map((user) => {
      const userId = idOf.get(username(user));
      if (!userId) throw new Error(`no seeded user ${username(user)}`);
      return userId;
    });
    const sids = await copySessions(query, await sessionTemplate(query, template.cookie), userIds);
    return users.map((user, i) => ({
      user,
      userId: userIds[i],
      cookie: signedSessionCookie(BENCH_SESSION_SECRET, sids[i]),
    }));
  });
}
