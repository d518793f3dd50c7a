import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { SessionUser } from '@piste/contracts';
import { Clock } from '../common/clock';
import { RealtimePublisher } from '../publisher/realtime.publisher';
import { RedisLink } from '../redis/redis-link';
import { toSessionUser, type SessionUserFields } from '../users/users.mapper';
import { ShortLivedCache } from './short-lived-cache';

interface SessionUserRow extends SessionUserFields {
  bannedUntil: Date | null;
}

/**
 * What the guards need about the signed-in user (who they are, admin rights, the end of a ban), read with one
 * query and kept for a short while (45–60 s), so a request costs no reload. Every change to those fields goes
 * through `RealtimePublisher.refreshUser`, which drops the entry on every replica at once (through the Redis adapter).
 * While that word could be lost (Redis away, or a publish that failed) the cache is bypassed, and it is emptied
 * when Redis is back.
 */
@Injectable()
export class SessionUsers {
  private readonly entries = new ShortLivedCache<SessionUser>();

  constructor(
    private readonly dataSource: DataSource,
    private readonly clock: Clock,
    private readonly redis: RedisLink,
    publisher: RealtimePublisher,
  ) {
    publisher.onUserChanged((userId) => this.entries.forget(userId));
    redis.onRecovered(() => this.entries.forgetAll());
  }

  async get(id: string): Promise<SessionUser | null> {
    const now = Date.now();
    const trusted = this.trusted();
    const cached = trusted ? this.entries.get(id, now) : undefined;
    if (cached) return this.withActiveBan(cached);
    const readStarted = this.entries.readStarting();
    const user = await this.load(id);
    if (user && trusted) this.entries.remember(id, user, readStarted, now);
    else this.entries.drop(id);
    return user;
  }

  /** Alone (no Redis) a replica hears of every change itself; with Redis, only while nothing sent was lost. */
  private trusted(): boolean {
    return this.redis.deliverySure();
  }

  /** A ban that ended while the user was cached no longer shows. */
  private withActiveBan(user: SessionUser): SessionUser {
    if (!user.bannedUntil || new Date(user.bannedUntil) > this.clock.now()) return user;
    return { ...user, bannedUntil: null };
  }

  /** Nobody (null) for an account being deleted or suspended: a session left over from before is no one's. */
  private async load(id: string): Promise<SessionUser | null> {
    const [row] = await this.dataSource.query<SessionUserRow[]>(
      `SELECT u."id", u."username", u."name", u."avatar", u."isAdmin", u."language", u."role", u."emailVerifiedAt",
              (SELECT max(b."bannedUntil") FROM bans b
                WHERE b."userId" = u."id" AND b."bannedUntil" > $2 AND b."liftedAt" IS NULL) AS "bannedUntil"
         FROM users u WHERE u."id" = $1 AND u."deletionRequestedAt" IS NULL AND u."suspendedAt" IS NULL`,
      [id, this.clock.now()],
    );
    return row ? toSessionUser(row, row.bannedUntil && new Date(row.bannedUntil)) : null;
  }
}
