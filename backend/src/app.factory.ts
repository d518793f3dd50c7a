import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { INestApplication, Logger, LogLevel } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import express, { type NextFunction, type Request, type Response } from 'express';
import helmet from 'helmet';
import passport from 'passport';
import type { AppConfig } from './config/config';
import { AppModule } from './app.module';
import { SessionMiddleware } from './auth/session.middleware';
import { RedisIoAdapter } from './realtime/redis-io.adapter';
import { IoAdapter } from '@nestjs/platform-socket.io';

const LOG_LEVELS: LogLevel[] = ['error', 'warn', 'log', 'debug', 'verbose'];
const JSON_BODY_LIMIT = '200kb';
const API_PREFIXES = ['/api', '/objects', '/socket.io'];

function findFrontendDist(config: AppConfig): string | undefined {
  const candidates = [config.frontendDist, join(__dirname, '../../frontend/dist'), resolve('frontend/dist')];
  return candidates.find((dir): dir is string => !!dir && existsSync(join(dir, 'index.html')));
}

/** Builds the whole app (API, sessions, sockets, static frontend) without listening. */
export async function createApp(config: AppConfig, databaseUrl: string): Promise<INestApplication> {
  const app = await NestFactory.create<NestExpressApplication>(AppModule.forRoot(config, databaseUrl), {
    bodyParser: false,
    abortOnError: false,
    logger: LOG_LEVELS.slice(0, LOG_LEVELS.indexOf(config.logLevel) + 1),
  });
  app.disable('x-powered-by');
  if (config.trustProxy) app.set('trust proxy', 1);
  app.enableShutdownHooks();

  app.use(
    helmet({
      contentSecurityPolicy: {
        directives: {
          defaultSrc: ["'self'"],
          imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
          mediaSrc: ["'self'", 'blob:', 'https:'],
          connectSrc: ["'self'", 'ws:', 'wss:'],
          styleSrc: ["'self'", "'unsafe-inline'"],
          upgradeInsecureRequests: null,
        },
      },
      crossOriginEmbedderPolicy: false,
    }),
  );
  app.use(express.json({ limit: JSON_BODY_LIMIT }));
  app.use(bodyErrors);
  app.use(app.get(SessionMiddleware).handler);
  app.use(passport.initialize());
  app.use(passport.session());

  const dist = findFrontendDist(config);
  if (dist) serveFrontend(app, dist);
  else new Logger('Frontend').log('frontend/dist not found: run `npm run build` to serve the web app');

  if (config.redisUrl) {
    const adapter = new RedisIoAdapter(app, config.redisUrl, config.redisKeyPrefix);
    await adapter.connectToRedis();
    app.useWebSocketAdapter(adapter);
  } else {
    app.useWebSocketAdapter(new IoAdapter(app));
  }
  return app;
}

/** Malformed JSON and oversized bodies get the same `{message}` shape as every other error. */
function bodyErrors(
  err: { type?: string } | undefined,
  _req: Request,
  res: Response,
  next: NextFunction,
): void {
  if (err?.type === 'entity.parse.failed') {
    res.status(400).json({ message: 'Malformed JSON in request body' });
  } else if (err?.type === 'entity.too.large') {
    res.status(413).json({ message: 'Request body is too large' });
  } else {
    next(err);
  }
}

/** Serves the built frontend; any non-API GET that accepts HTML gets index.html (client-side routes). */
function serveFrontend(app: NestExpressApplication, dist: string): void {
  app.use(express.static(dist, { index: false, maxAge: '1h', setHeaders: immutableAssets }));
  const indexHtml = join(dist, 'index.html');
  app.use((req: Request, res: Response, next: NextFunction) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    if (API_PREFIXES.some((p) => req.path === p || req.path.startsWith(`${p}/`))) return next();
    if (!req.accepts('html')) return next();
    res.setHeader('Cache-Control', 'no-cache');
    res.sendFile(indexHtml);
  });
}

function immutableAssets(res: Response, path: string): void {
  if (path.includes('/assets/')) res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
}
