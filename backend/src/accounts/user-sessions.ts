import { Inject, Injectable } from '@nestjs/common';
import { createHmac } from 'node:crypto';
import { DataSource, type EntityManager } from 'typeorm';
import type { AccountSession } from '@piste/contracts';
import { APP_CONFIG, type AppConfig } from '../config/config';
import { RealtimePublisher } from '../publisher/realtime.publisher';
import { describeUserAgent, maskAddress, type SignedInDevice } from '../auth/devices';
import { accountError, AccountErrorCode } from './accounts.errors';

interface SessionRow {
  sid: string;
  sess: { device?: SignedInDevice; refreshedAt?: number };
}

/** The rows of one user's live sessions; `sessions_user_idx` finds them. */
const OF_USER = `("sess" -> 'passport') ->> 'user' = $1`;

/**
 * A user's signed-in browsers: the `sessions` rows whose passport user is theirs. The list names each by a handle,
 * an HMAC of its session id under the session secret: stable, and of no use to sign in with. Ending a session
 * deletes its row and ends its sockets on every replica.
 */
@Injectable()
export class UserSessions {
  constructor(
    private readonly dataSource: DataSource,
    private readonly publisher: RealtimePublisher,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  handleOf(sessionId: string): string {
    return createHmac('sha256', this.config.sessionSecret)
      .update(`session:${sessionId}`)
      .digest()
      .subarray(0, 16)
      .toString('base64url');
  }

  /** The user's live sessions, the current one first, then the most recently active. */
  async list(userId: string, currentSessionId: string): Promise<AccountSession[]> {
    const rows: SessionRow[] = await this.dataSource.query(
      `SELECT "sid", "sess" FROM sessions WHERE ${OF_USER} AND "expire" > now()`,
      [userId],
    );
    return rows
      .map(({ sid, sess }) => {
        const device = sess.device;
        const lastActive = sess.refreshedAt ?? device?.signedInAt;
        return {
          id: this.handleOf(sid),
          current: sid === currentSessionId,
          createdAt: device ? new Date(device.signedInAt).toISOString() : null,
          lastActiveAt: lastActive ? new Date(lastActive).toISOString() : null,
          ...describeUserAgent(device?.userAgent ?? ''),
          ip: maskAddress(device?.ip ?? ''),
        };
      })
      .sort(
        (a, b) =>
          Number(b.current) - Number(a.current) || (b.lastActiveAt ?? '').localeCompare(a.lastActiveAt ?? ''),
      );
  }

  /**
   * Ends one of the user's other sessions by its handle; another user's handle, or an unknown one, is a 404. The
   * current one is ended by signing out.
   */
  async end(userId: string, handle: string, currentSessionId: string): Promise<void> {
    const rows: { sid: string }[] = await this.dataSource.query(
      `SELECT "sid" FROM sessions WHERE ${OF_USER}`,
      [userId],
    );
    const target = rows.find(({ sid }) => this.handleOf(sid) === handle);
    if (!target) throw accountError(AccountErrorCode.SessionNotFound);
    if (target.sid === currentSessionId) {
      throw accountError(AccountErrorCode.CurrentSession);
    }
    await this.dataSource.query(`DELETE FROM sessions WHERE "sid" = $1`, [target.sid]);
    this.publisher.endSession(target.sid);
  }

  /** Ends every session of the user but the current one; returns how to end their sockets. */
  endOthers(userId: string, currentSessionId: string): Promise<() => void> {
    return this.endAllBut(this.dataSource.manager, userId, currentSessionId);
  }

  /**
   * Deletes every session of the user but `exceptSessionId` through `manager` (the caller's transaction) and
   * returns how to end their sockets, to call once it has committed.
   */
  async endAllBut(
    manager: EntityManager,
    userId: string,
    exceptSessionId: string | null,
  ): Promise<() => void> {
    const [rows]: [{ sid: string }[], number] = await manager.query(
      `DELETE FROM sessions WHERE ${OF_USER} AND "sid" IS DISTINCT FROM $2 RETURNING "sid"`,
      [userId, exceptSessionId],
    );
    return () => rows.forEach(({ sid }) => this.publisher.endSession(sid));
  }
}
