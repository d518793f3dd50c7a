import { MetricsService } from './metrics/metrics.service';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { INestApplication, Logger } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import express, { type NextFunction, type Request, type RequestHandler, type Response } from 'express';
import helmet from 'helmet';
import passport from 'passport';
import type { AppConfig } from './config/config';
import { AppModule } from './app.module';
import type { DatabaseLocation } from './database/data-source';
import { SessionMiddleware } from './auth/session.middleware';
import { Logger as PinoNestLogger } from 'nestjs-pino';
import { PisteIoAdapter } from './realtime/io.adapter';
import { originCheck } from './common/origins';
import { RedisLink } from './redis/redis-link';
import { expressErrorHandler } from './common/error-reply';
import { httpLogger, rootLogger } from './common/logging';
import { Lifecycle } from './health/lifecycle';
import { compressJson } from './common/compress-json';
import { serveFrontend } from './frontend/frontend-assets';

const JSON_BODY_LIMIT = '200kb';

function findFrontendDist(config: AppConfig): string | undefined {
  const candidates = [config.frontendDist, join(__dirname, '../../frontend/dist'), resolve('frontend/dist')];
  return candidates.find((dir): dir is string => !!dir && existsSync(join(dir, 'index.html')));
}

/** Builds the whole app (API, sessions, sockets, static frontend) without listening. */
export async function createApp(config: AppConfig, database: DatabaseLocation): Promise<INestApplication> {
  const app = await NestFactory.create<NestExpressApplication>(AppModule.forRoot(config, database), {
    bodyParser: false,
    abortOnError: false,
    bufferLogs: true,
  });
  app.useLogger(app.get(PinoNestLogger));
  app.disable('x-powered-by');
  // API replies are never kept (no-store), so hashing each body for an ETag is wasted; assets and objects set
  // their own.
  app.set('etag', false);
  if (config.trustProxy) app.set('trust proxy', 1);
  // Signals are handled by main.ts (graceful shutdown), not by Nest's hooks.

  app.use(app.get(MetricsService).middleware);
  app.use(httpLogger(rootLogger(config)));
  app.use(app.get(Lifecycle).trackRequests);

  app.use(
    helmet({
      contentSecurityPolicy: { directives: contentSecurityPolicy(config) },
      crossOriginEmbedderPolicy: false,
    }),
  );
  // The built frontend is answered from memory before sessions are read: an asset costs no
  // PostgreSQL round trip, and app paths (API, objects, probes, sockets) pass straight through.
  const dist = findFrontendDist(config);
  if (dist) app.use(serveFrontend(dist));
  else new Logger('Frontend').log('frontend/dist not found: run `npm run build` to serve the web app');

  // Replies about the signed-in user must never be kept by a browser or a shared cache.
  app.use('/api', noStore);
  app.use('/api', compressJson());
  app.use(originCheck(config));
  app.use(express.json({ limit: JSON_BODY_LIMIT }));
  // Probes never need a session: they must answer while PostgreSQL (the session store) is away.
  app.use(skipProbes(app.get(SessionMiddleware).handler));
  // passport.session() gives each request logIn, logOut and isAuthenticated itself; passport.initialize() would
  // only add them again, with properties for strategies older than passport 0.5: about a tenth of what sessions
  // cost a request.
  app.use(skipProbes(passport.session() as RequestHandler));
  // Malformed bodies, and sessions that cannot be read while PostgreSQL is away, answer like every other error.
  app.use(expressErrorHandler());

  const redis = app.get(RedisLink);
  await redis.connect();
  app.useWebSocketAdapter(new PisteIoAdapter(app, config, redis));
  return app;
}

/**
 * Scripts, styles, images, media and connections from the app itself only (uploads are served from
 * /objects); sockets and requests may also go to the configured extra origins.
 */
function contentSecurityPolicy(config: AppConfig): Record<string, string[] | null> {
  return {
    defaultSrc: ["'self'"],
    imgSrc: ["'self'", 'data:', 'blob:'],
    mediaSrc: ["'self'", 'blob:'],
    connectSrc: ["'self'", ...config.allowedOrigins],
    styleSrc: ["'self'", "'unsafe-inline'"],
    upgradeInsecureRequests: null,
  };
}

function skipProbes(handler: RequestHandler): RequestHandler {
  return (req, res, next) => (req.path.startsWith('/health/') ? next() : handler(req, res, next));
}

function noStore(_req: Request, res: Response, next: NextFunction): void {
  res.setHeader('Cache-Control', 'no-store');
  next();
}
