import { Inject, Injectable, Logger, type OnApplicationShutdown } from '@nestjs/common';
import { DataSource } from 'typeorm';
import session from 'express-session';
import connectPgSimple from 'connect-pg-simple';
import type { Request, RequestHandler } from 'express';
import { poolOf } from '../database/pool-rows';
import { APP_CONFIG, type AppConfig } from '../config/config';
import { RealtimePublisher, sessionKey } from '../publisher/realtime.publisher';
import { RedisLink } from '../redis/redis-link';
import { CachedSessionStore } from './cached-session-store';

export const SESSION_COOKIE = 'piste.sid';

/** A session's expiry slides forward at most this often, so reads never write. */
const REFRESH_EVERY_MS = 5 * 60 * 1000;

/** When the session was last written; changing it is what makes express-session save the row again. */
declare module 'express-session' {
  interface SessionData {
    refreshedAt?: number;
  }
}

/**
 * One express-session middleware, stored in the `sessions` table; the socket gateway reads the same store.
 * A request reads its session (a signed-in one from a short-lived cache every replica invalidates, see
 * CachedSessionStore) and writes nothing, unless the session was last written more than a few
 * minutes ago (or a tenth of its lifetime, for short ones): then its expiry slides forward, cookie included.
 */
@Injectable()
export class SessionMiddleware implements OnApplicationShutdown {
  private readonly logger = new Logger(SessionMiddleware.name);
  readonly handler: RequestHandler;
  /** Where sessions are read and written; the socket gateway asks it whether a socket's session still holds. */
  readonly store: session.Store;
  /** The `sessions` table. */
  private readonly rows: session.Store;

  constructor(
    dataSource: DataSource,
    @Inject(APP_CONFIG) config: AppConfig,
    publisher: RealtimePublisher,
    redis: RedisLink,
  ) {
    const PgStore = connectPgSimple(session);
    this.rows = new PgStore({
      pool: poolOf(dataSource),
      tableName: 'sessions',
      createTableIfMissing: false,
      pruneSessionInterval: 15 * 60,
      // express-session would otherwise touch (UPDATE) the row after every request.
      disableTouch: true,
      errorLog: (...args: unknown[]) => this.logger.warn(args.map(String).join(' ')),
    });
    const cached = new CachedSessionStore(this.rows, publisher, sessionKey, () => redis.deliverySure());
    redis.onRecovered(() => cached.forgetAll());
    this.store = cached;
    const ttlMs = config.sessionTtlSeconds * 1000;
    const sessions = session({
      name: SESSION_COOKIE,
      secret: config.sessionSecret,
      resave: false,
      saveUninitialized: false,
      rolling: false,
      proxy: config.trustProxy,
      store: this.store,
      cookie: {
        httpOnly: true,
        sameSite: 'lax',
        // Behind a TLS-terminating proxy (TRUST_PROXY), Secure follows X-Forwarded-Proto.
        secure: config.cookieSecure ? true : config.trustProxy ? 'auto' : false,
        maxAge: ttlMs,
      },
    });
    const refreshEveryMs = Math.min(REFRESH_EVERY_MS, ttlMs / 10);
    this.handler = (req, res, next) =>
      sessions(req, res, (err?: unknown) => {
        const slid = err ? null : slideExpiry(req, ttlMs, refreshEveryMs);
        // The session row is written now anyway: the account's last activity goes with it, as seldom.
        if (slid) void noteActive(dataSource, slid, this.logger);
        next(err);
      });
  }

  /** Stops the store's pruning of expired sessions: the pool it uses closes with the app. */
  async onApplicationShutdown(): Promise<void> {
    await (this.rows as session.Store & { close?: () => Promise<void> }).close?.();
  }
}

/**
 * Marks a signed-in session for saving once it was last written `refreshEveryMs` ago or more; returns its user
 * then, else null.
 */
function slideExpiry(req: Request, ttlMs: number, refreshEveryMs: number): string | null {
  const current = req.session as (typeof req.session & { passport?: { user?: string } }) | undefined;
  const userId = current?.passport?.user;
  if (!current || !userId) return null;
  const remainingMs = current.cookie.maxAge ?? ttlMs;
  if (ttlMs - remainingMs < refreshEveryMs) return null;
  current.refreshedAt = Date.now();
  return userId;
}

/**
 * Notes that the account was active now (`users.lastActiveAt`, shown to admins). Best effort: a failure is
 * logged and changes nothing else.
 */
export async function noteActive(dataSource: DataSource, userId: string, logger?: Logger): Promise<void> {
  try {
    await dataSource.query(`UPDATE users SET "lastActiveAt" = now() WHERE "id" = $1`, [userId]);
  } catch (err) {
    logger?.warn(
      `Could not note the activity of ${userId}: ${err instanceof Error ? err.message : String(err)}`,
    );
  }
}
