import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { PostgresDriver } from 'typeorm/driver/postgres/PostgresDriver';
import session from 'express-session';
import connectPgSimple from 'connect-pg-simple';
import type { RequestHandler } from 'express';
import type { Pool } from 'pg';
import { APP_CONFIG, type AppConfig } from '../config/config';

export const SESSION_COOKIE = 'piste.sid';
const THIRTY_DAYS_MS = 30 * 24 * 60 * 60 * 1000;

/** One express-session middleware, stored in the `sessions` table; shared by HTTP and the socket gateway. */
@Injectable()
export class SessionMiddleware {
  readonly handler: RequestHandler;

  constructor(dataSource: DataSource, @Inject(APP_CONFIG) config: AppConfig) {
    const PgStore = connectPgSimple(session);
    const pool = (dataSource.driver as PostgresDriver).master as Pool;
    this.handler = session({
      name: SESSION_COOKIE,
      secret: config.sessionSecret,
      resave: false,
      saveUninitialized: false,
      rolling: true,
      proxy: config.trustProxy,
      store: new PgStore({
        pool,
        tableName: 'sessions',
        createTableIfMissing: false,
        pruneSessionInterval: 15 * 60,
      }),
      cookie: { httpOnly: true, sameSite: 'lax', secure: config.cookieSecure, maxAge: THIRTY_DAYS_MS },
    });
  }
}
