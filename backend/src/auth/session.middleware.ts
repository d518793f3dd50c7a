import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { PostgresDriver } from 'typeorm/driver/postgres/PostgresDriver';
import session from 'express-session';
import connectPgSimple from 'connect-pg-simple';
import type { RequestHandler } from 'express';
import type { Pool } from 'pg';
import { APP_CONFIG, type AppConfig } from '../config/config';

export const SESSION_COOKIE = 'piste.sid';

/** One express-session middleware, stored in the `sessions` table; shared by HTTP and the socket gateway. */
@Injectable()
export class SessionMiddleware {
  readonly handler: RequestHandler;
  /** Where sessions live; the socket gateway asks it whether a socket's session still holds. */
  readonly store: session.Store;

  constructor(dataSource: DataSource, @Inject(APP_CONFIG) config: AppConfig) {
    const PgStore = connectPgSimple(session);
    const pool = (dataSource.driver as PostgresDriver).master as Pool;
    this.store = new PgStore({
      pool,
      tableName: 'sessions',
      createTableIfMissing: false,
      pruneSessionInterval: 15 * 60,
    });
    this.handler = session({
      name: SESSION_COOKIE,
      secret: config.sessionSecret,
      resave: false,
      saveUninitialized: false,
      rolling: true,
      proxy: config.trustProxy,
      store: this.store,
      cookie: {
        httpOnly: true,
        sameSite: 'lax',
        // Behind a TLS-terminating proxy (TRUST_PROXY), Secure follows X-Forwarded-Proto.
        secure: config.cookieSecure ? true : config.trustProxy ? 'auto' : false,
        maxAge: config.sessionTtlSeconds * 1000,
      },
    });
  }
}
