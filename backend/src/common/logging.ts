import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { LoggerModule } from 'nestjs-pino';
import pino, { type Logger as Pino } from 'pino';
import type { AppConfig } from '../config/config';

const PINO_LEVELS: Record<AppConfig['logLevel'], pino.Level> = {
  error: 'error',
  warn: 'warn',
  log: 'info',
  debug: 'debug',
  verbose: 'trace',
};

/** Never written to a log: session cookies, credentials. */
const REDACTED = [
  'req.headers.cookie',
  'req.headers.authorization',
  'req.headers["proxy-authorization"]',
  'res.headers["set-cookie"]',
  '*.password',
];

/** A request id a load balancer passed on is kept when it looks like one; otherwise a new uuid. */
const INCOMING_REQUEST_ID = /^[\w.:-]{8,128}$/;

/** Upload URLs carry a capability token: keep it out of the logs. */
function loggableUrl(url: string | undefined): string {
  return (url ?? '').replace(/(\/api\/objects\/upload\/)[^/?]+/, '$1[token]');
}

let root: Pino | undefined;

/** The process's one logger (made on first use): JSON lines, or human-readable with LOG_FORMAT=pretty. */
export function rootLogger(config: Pick<AppConfig, 'logLevel' | 'logFormat'>): Pino {
  root ??= pino({
    level: PINO_LEVELS[config.logLevel],
    redact: { paths: REDACTED, censor: '[redacted]' },
    timestamp: pino.stdTimeFunctions.isoTime,
    ...(config.logFormat === 'pretty'
      ? {
          transport: {
            target: 'pino-pretty',
            options: { singleLine: true, translateTime: 'SYS:HH:MM:ss.l', ignore: 'pid,hostname' },
          },
        }
      : {}),
  });
  return root;
}

type Res = ServerResponse & { locals?: { errorCause?: string } };

function genReqId(req: IncomingMessage, res: ServerResponse): string {
  const incoming = req.headers['x-request-id'];
  const id = typeof incoming === 'string' && INCOMING_REQUEST_ID.test(incoming) ? incoming : randomUUID();
  res.setHeader('X-Request-Id', id);
  return id;
}

function requestLine(req: IncomingMessage, res: Res): string {
  const cause = res.locals?.errorCause;
  return `${req.method} ${loggableUrl(req.url)} ${res.statusCode}${cause ? `: ${cause}` : ''}`;
}

/**
 * Nest's loggers write through the root logger. A request's own lines (its HTTP line, an unexpected error) go through
 * its `req.log`, which carries its id. nestjs-pino would also bind each request's logger to AsyncLocalStorage, so
 * that any Nest logger called during a request wrote its id too; on Node 20 that turns on promise hooks for every
 * promise of the process, about a fifth of a feed request's CPU (bench/README, "Where the CPU goes"), so it is
 * bound for no route.
 */
export function loggingModule(logger: Pino) {
  return LoggerModule.forRoot({ pinoHttp: { logger }, useExisting: true, forRoutes: [] });
}

/** A finished request's level: an unreachable dependency is a warning, a failure an error, the rest info. */
function levelOf(statusCode: number): pino.Level {
  if (statusCode === 503) return 'warn';
  return statusCode >= 500 ? 'error' : 'info';
}

/**
 * The first middleware: gives each request its id (also sent back as `X-Request-Id`) and a logger carrying it,
 * and logs one line when it is done (`GET /api/me 200`, with `req`, `res` and `responseTime`; none for probes).
 * Failed requests are logged without a stack: an unreachable dependency is one warning naming its cause;
 * unexpected errors are logged with their stack by the error filter, once.
 *
 * Written here rather than with pino-http, which builds two child loggers a request (one serializing and
 * redacting the whole request) and both log texts even when the level writes nothing: on the feed that was about
 * a tenth of a request's CPU (bench/README, "Layer by layer").
 */
export function httpLogger(logger: Pino) {
  return (req: IncomingMessage, res: ServerResponse, next: () => void): void => {
    const id = genReqId(req, res);
    req.id = id;
    const log = logger.child({ reqId: id });
    req.log = log;
    if ((req.url ?? '').startsWith('/health/')) return next();
    const startedAt = Date.now();
    let logged = false;
    const done = () => {
      if (logged) return;
      logged = true;
      const level = levelOf(res.statusCode);
      if (!log.isLevelEnabled(level)) return;
      log[level](
        {
          req: { id, method: req.method, url: loggableUrl(req.url), remoteAddress: req.socket.remoteAddress },
          res: { statusCode: res.statusCode },
          responseTime: Date.now() - startedAt,
        },
        requestLine(req, res),
      );
    };
    res.once('finish', done);
    res.once('close', done);
    next();
  };
}
