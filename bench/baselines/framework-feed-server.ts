/**
 * The bare feed's work (`bare-feed.ts`: the same session row, the same query, the same JSON) served through the
 * frameworks Piste is made of, one rung at a time, so each layer's cost shows against `node:http` alone:
 *
 * - `FRAMEWORK=express`: an Express 5 app with one route, as Piste configures Express (no ETag, no
 *   `X-Powered-By`);
 * - `FRAMEWORK=nest-express`: a Nest controller on Express, with a global guard reading the route's metadata as
 *   Piste's guards do;
 * - `FRAMEWORK=nest-fastify`: the same Nest module on `@nestjs/platform-fastify`;
 * - `LAYERS` (Express-based rungs only), a comma list of Piste's own middleware in Piste's order: `logs`
 *   (Piste's pino-http, writing nothing below `error` as under the bench), `helmet` (security headers), `sessions` (express-session on connect-pg-simple and passport, the user from a cache, in
 *   place of the bare cookie parsing).
 */
import 'reflect-metadata';
import type { IncomingHttpHeaders } from 'node:http';
import {
  Controller,
  Get,
  Inject,
  Injectable,
  Module,
  NotFoundException,
  Param,
  Query,
  Req,
  UnauthorizedException,
  type CanActivate,
  type ExecutionContext,
} from '@nestjs/common';
import { APP_GUARD, NestFactory, Reflector } from '@nestjs/core';
import { ExpressAdapter } from '@nestjs/platform-express';
import { FastifyAdapter } from '@nestjs/platform-fastify';
import connectPgSimple from 'connect-pg-simple';
import express, { type RequestHandler } from 'express';
import session from 'express-session';
import helmet from 'helmet';
import passport from 'passport';
import { httpLogger, rootLogger } from '../../backend/src/common/logging';
import { feed, pool, viewerOf, WEAPONS, type PageQuery } from './bare-feed';

const FRAMEWORKS = ['express', 'nest-express', 'nest-fastify'] as const;
type Framework = (typeof FRAMEWORKS)[number];
const LAYERS = ['logs', 'helmet', 'sessions'] as const;
type Layer = (typeof LAYERS)[number];

const framework = process.env.FRAMEWORK as Framework;
if (!FRAMEWORKS.includes(framework)) throw new Error(`FRAMEWORK must be one of ${FRAMEWORKS.join(', ')}`);
const layers = (process.env.LAYERS ?? '').split(',').filter(Boolean) as Layer[];
for (const layer of layers) {
  if (!LAYERS.includes(layer)) throw new Error(`LAYERS may hold ${LAYERS.join(', ')}, not ${layer}`);
}
if (layers.length && framework === 'nest-fastify') throw new Error('LAYERS are Express middleware');

interface FeedRequest {
  headers: IncomingHttpHeaders;
  user?: { id: string };
}

/** The page, or the error Piste answers; the viewer from passport's user, else from the cookie. */
async function page(request: FeedRequest, weapon: string, query: PageQuery): Promise<unknown> {
  if (!WEAPONS.has(weapon)) throw new NotFoundException();
  const viewerId = layers.includes('sessions') ? request.user?.id : await viewerOf(request.headers.cookie);
  if (!viewerId) throw new UnauthorizedException();
  return feed(viewerId, weapon, query);
}

/** Piste's own middleware for the rungs that ask for it, in Piste's order (`backend/src/app.factory.ts`). */
function middleware(): RequestHandler[] {
  const handlers: RequestHandler[] = [];
  if (layers.includes('logs')) {
    handlers.push(httpLogger(rootLogger({ logLevel: 'error', logFormat: 'json' })) as RequestHandler);
  }
  if (layers.includes('helmet')) handlers.push(helmet({ crossOriginEmbedderPolicy: false }));
  if (layers.includes('sessions')) {
    const PgStore = connectPgSimple(session);
    const store = new PgStore({
      pool,
      tableName: 'sessions',
      pruneSessionInterval: false,
      disableTouch: true,
    });
    const users = new Map<string, { id: string }>();
    passport.deserializeUser((id: string, done) => {
      let user = users.get(id);
      if (!user) users.set(id, (user = { id }));
      done(null, user);
    });
    handlers.push(
      session({
        name: 'piste.sid',
        secret: process.env.SESSION_SECRET ?? '',
        resave: false,
        saveUninitialized: false,
        store,
        cookie: { httpOnly: true, sameSite: 'lax', maxAge: 30 * 24 * 3600 * 1000 },
      }),
      passport.initialize() as RequestHandler,
      passport.session() as RequestHandler,
    );
  }
  return handlers;
}

function expressApp(): express.Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('etag', false);
  return app;
}

async function listenExpress(): Promise<void> {
  const app = expressApp();
  for (const handler of middleware()) app.use(handler);
  app.get('/health/ready', (_req, res) => void res.json({ status: 'ok' }));
  app.get('/api/posts/:weapon', (req, res, next) => {
    page(req as FeedRequest, req.params.weapon, req.query as PageQuery).then(
      (body) => res.json(body),
      (err: unknown) => (err instanceof NotFoundException ? res.status(404).end() : next(err)),
    );
  });
  await new Promise<void>((resolve) =>
    app.listen(Number(process.env.PORT), process.env.HOST ?? '127.0.0.1', () => resolve()),
  );
}

const IS_PUBLIC = 'isPublic';

/** Reads the route's metadata as Piste's global guards do, and lets every request through. */
@Injectable()
class MetadataGuard implements CanActivate {
  constructor(@Inject(Reflector) private readonly reflector: Reflector) {}

  canActivate(context: ExecutionContext): boolean {
    this.reflector.getAllAndOverride<boolean>(IS_PUBLIC, [context.getHandler(), context.getClass()]);
    return true;
  }
}

@Controller()
class FeedController {
  @Get('health/ready')
  ready(): { status: string } {
    return { status: 'ok' };
  }

  @Get('api/posts/:weapon')
  feed(
    @Req() request: FeedRequest,
    @Param('weapon') weapon: string,
    @Query() query: PageQuery,
  ): Promise<unknown> {
    return page(request, weapon, query);
  }
}

@Module({ controllers: [FeedController], providers: [{ provide: APP_GUARD, useClass: MetadataGuard }] })
class FeedModule {}

async function listenNest(): Promise<void> {
  const adapter = framework === 'nest-fastify' ? new FastifyAdapter() : new ExpressAdapter(expressApp());
  const app = await NestFactory.create(FeedModule, adapter, { bodyParser: false, logger: ['error'] });
  for (const handler of middleware()) app.use(handler);
  await app.listen(Number(process.env.PORT), process.env.HOST ?? '127.0.0.1');
}

void (framework === 'express' ? listenExpress() : listenNest());

// Exiting normally on SIGTERM lets `--cpu-prof` (BENCH_CPU_PROFILE) write the profile.
process.on('SIGTERM', () => process.exit(0));
