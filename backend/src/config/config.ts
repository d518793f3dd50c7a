import { z } from 'zod';
import { rateLimitsVariable, type RateLimits } from './rate-limits';

const bool = z
  .enum(['true', 'false', '1', '0', ''])
  .optional()
  .transform((v) => v === 'true' || v === '1');

const optionalString = z
  .string()
  .optional()
  .transform((v) => (v && v.trim() ? v.trim() : undefined));

const milliseconds = (fallback: number) => z.coerce.number().int().min(0).max(600_000).default(fallback);

/** An optional URL with one of these schemes. The value is never echoed: it may hold a password. */
const optionalUrl = (schemes: string[]) =>
  optionalString.superRefine((v, ctx) => {
    if (v === undefined) return;
    const protocol = URL.canParse(v) ? new URL(v).protocol.slice(0, -1) : undefined;
    if (!protocol || !schemes.includes(protocol)) {
      const starts = schemes.map((scheme) => `${scheme}://`).join(' or ');
      ctx.addIssue({ code: 'custom', message: `must be a URL starting with ${starts}` });
    }
  });

/** A VAPID key as web-push takes it: URL-safe base64 without padding, of `bytes` bytes. Never echoed. */
const vapidKey = (bytes: number, what: string) =>
  optionalString.superRefine((v, ctx) => {
    if (v === undefined) return;
    if (!/^[A-Za-z0-9_-]+$/.test(v) || Buffer.from(v, 'base64url').length !== bytes) {
      ctx.addIssue({ code: 'custom', message: `must be ${what} in URL-safe base64 (${bytes} bytes)` });
    }
  });

/** What push services accept as a VAPID subject: a mailto: address or an https: URL. */
function isVapidSubject(subject: string): boolean {
  return URL.canParse(subject) && ['mailto:', 'https:'].includes(new URL(subject).protocol);
}

/** Every variable the app reads; `.env.example` documents each one. */
export const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  /** Prometheus metrics on a port of their own (off when unset), never on the public one. */
  METRICS_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  METRICS_HOST: z.string().optional(),
  DATABASE_URL: optionalString,
  DATABASE_SCHEMA: z
    .string()
    .regex(/^[a-z_][a-z0-9_]*$/, 'DATABASE_SCHEMA must be a lower-case SQL identifier')
    .default('public'),
  /** Connections each replica keeps to PostgreSQL at most. */
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(500).default(10),
  /** Statements prepared once per connection; `false` behind a pooler that cannot keep them (PgBouncer < 1.21). */
  DATABASE_PREPARED_STATEMENTS: z
    .enum(['true', 'false', '1', '0'])
    .default('true')
    .transform((v) => v === 'true' || v === '1'),
  DATA_DIR: z.string().default('.data'),
  REDIS_URL: optionalString,
  REDIS_KEY_PREFIX: z.string().default('piste'),
  REDIS_ADAPTER: z.enum(['sharded', 'classic']).default('sharded'),
  SESSION_SECRET: z.string().min(16, 'SESSION_SECRET must be at least 16 characters').optional(),
  SESSION_TTL_SECONDS: z.coerce
    .number()
    .int()
    .min(1)
    .default(30 * 24 * 60 * 60),
  ALLOWED_ORIGINS: z
    .string()
    .optional()
    .transform((v, ctx) => {
      const origins = (v ?? '')
        .split(',')
        .map((o) => o.trim())
        .filter(Boolean);
      for (const origin of origins) {
        if (!/^https?:\/\/[^/\s]+$/.test(origin)) {
          ctx.addIssue({
            code: 'custom',
            message: `ALLOWED_ORIGINS: '${origin}' is not an origin like https://example.org`,
          });
        }
      }
      return origins;
    }),
  COOKIE_SECURE: bool,
  TRUST_PROXY: bool,
  ADMIN_USERNAME: optionalString,
  ADMIN_PASSWORD: optionalString,
  SEED_DEMO: z
    .enum(['true', 'false', '1', '0'])
    .default('true')
    .transform((v) => v === 'true' || v === '1'),
  FRONTEND_DIST: optionalString,
  UPLOAD_URL_TTL_SECONDS: z.coerce.number().int().min(10).default(900),
  RATE_LIMITS: rateLimitsVariable,
  LOG_LEVEL: z.enum(['error', 'warn', 'log', 'debug', 'verbose']).default('log'),
  LOG_FORMAT: z.enum(['json', 'pretty']).default('json'),
  SHUTDOWN_DRAIN_MS: z.coerce.number().int().min(0).max(600_000).optional(),
  SHUTDOWN_GRACE_MS: milliseconds(10_000),
  POST_COUNTS_INTERVAL_MS: milliseconds(1_000),
  POST_COUNTS_BATCH_MS: milliseconds(200),
  S3_BUCKET: optionalString,
  S3_ENDPOINT: optionalString,
  S3_REGION: z.string().default('us-east-1'),
  S3_ACCESS_KEY_ID: optionalString,
  S3_SECRET_ACCESS_KEY: optionalString,
  S3_FORCE_PATH_STYLE: bool,
  PUBLIC_URL: optionalUrl(['http', 'https']),
  SMTP_URL: optionalUrl(['smtp', 'smtps']),
  MAIL_FROM: z.string().trim().min(1).default('Piste <no-reply@localhost>'),
  JOBS_WORKER: z
    .enum(['true', 'false', '1', '0'])
    .default('true')
    .transform((v) => v === 'true' || v === '1'),
  VAPID_PUBLIC_KEY: vapidKey(65, 'an uncompressed P-256 public key'),
  VAPID_PRIVATE_KEY: vapidKey(32, 'a P-256 private key'),
  VAPID_SUBJECT: optionalString.superRefine((v, ctx) => {
    if (v !== undefined && !isVapidSubject(v)) {
      ctx.addIssue({ code: 'custom', message: 'must be a mailto: address or an https: URL' });
    }
  }),
  PUSH_ALLOW_PRIVATE_ENDPOINTS: bool,
  PUSH_EXTRA_CA_FILE: optionalString,
});

/** Names of every variable the app reads (the deploy files are checked against these). */
export const ENV_VARIABLES = Object.keys(envSchema.shape) as (keyof typeof envSchema.shape)[];

/** S3-compatible object storage; unset means local disk under DATA_DIR. */
export interface S3Config {
  bucket: string;
  endpoint: string | undefined;
  region: string;
  /** Both or neither; neither means the SDK's default credential chain (instance roles …). */
  credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
  forcePathStyle: boolean;
}

export type AppConfig = {
  env: 'development' | 'production' | 'test';
  host: string;
  port: number;
  /** Where `GET /metrics` answers; undefined when metrics are off. */
  metrics: { host: string; port: number } | undefined;
  databaseUrl: string | undefined;
  databaseSchema: string;
  /** Connections this replica keeps to the database at most, and whether they prepare their statements. */
  databasePool: { size: number; preparedStatements: boolean };
  dataDir: string;
  redisUrl: string | undefined;
  redisKeyPrefix: string;
  /**
   * How live events cross replicas: `sharded` (Redis 7 sharded pub/sub, a channel per room, so a replica hears only
   * about rooms it has sockets in) or `classic` (one pattern subscription: every replica hears every event).
   */
  redisAdapter: 'sharded' | 'classic';
  sessionSecret: string;
  /** A session ends this long after its last use; its sockets end with it. */
  sessionTtlSeconds: number;
  /** Origins besides the app's own that may send state-changing requests and open sockets. */
  allowedOrigins: string[];
  cookieSecure: boolean;
  trustProxy: boolean;
  admin: { username: string; password: string } | undefined;
  seedDemo: boolean;
  frontendDist: string | undefined;
  uploadUrlTtlSeconds: number;
  /** The abuse limits: DEFAULT_RATE_LIMITS with RATE_LIMITS's overrides (SECURITY.md, "Abuse limits"). */
  rateLimits: RateLimits;
  logLevel: 'error' | 'warn' | 'log' | 'debug' | 'verbose';
  logFormat: 'json' | 'pretty';
  shutdown: {
    /** How long readiness reports 503 while the server still answers, so load balancers stop routing here. */
    drainMs: number;
    /** How long in-flight requests may take to finish once the server stops accepting. */
    graceMs: number;
  };
  s3: S3Config | undefined;
  /** A post's live counts go out at most once per this interval (0: every change at once). */
  postCountsIntervalMs: number;
  /** How long a replica gathers counts for the sockets that take them in batches (0: at the next turn). */
  postCountsBatchMs: number;
  /** Where people reach the app, without a trailing slash; links in mails start with it. */
  publicUrl: string;
  mail: {
    /** The SMTP server mails go through; undefined writes each one to DATA_DIR/outbox instead. */
    smtpUrl: string | undefined;
    from: string;
  };
  jobs: {
    /** Whether this replica runs background jobs; every replica may enqueue them. */
    worker: boolean;
  };
  push: {
    /** The VAPID key pair; undefined: one generated once and kept in the database, shared by every replica. */
    vapidKeys: { publicKey: string; privateKey: string } | undefined;
    /** Who push services may contact about this server: a mailto: address or an https: URL. */
    subject: string;
    /** Tests only: endpoints on loopback and private addresses are accepted and delivered to. */
    allowPrivateEndpoints: boolean;
    /** Tests only: a PEM file of certificates trusted beside the system's, for a test push service. */
    extraCaFile: string | undefined;
  };
};

export const APP_CONFIG = Symbol('APP_CONFIG');

const DEV_SESSION_SECRET = 'piste-development-session-secret';

/** Variables that only work as a pair: both set, or neither. */
const SET_TOGETHER = [
  ['ADMIN_USERNAME', 'ADMIN_PASSWORD'],
  ['S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'],
  ['VAPID_PUBLIC_KEY', 'VAPID_PRIVATE_KEY'],
] as const;

/** What a SET_TOGETHER pair configures; undefined when neither is set. */
function both<T>(first: string | undefined, second: string | undefined, make: (a: string, b: string) => T) {
  return first && second ? make(first, second) : undefined;
}

/** Parses the environment once; lists every bad variable and throws. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n');
    throw new Error(`Invalid configuration:\n${problems}`);
  }
  const e = parsed.data;
  if (e.NODE_ENV === 'production' && !e.SESSION_SECRET) {
    throw new Error('Invalid configuration:\n  SESSION_SECRET: required in production');
  }
  for (const [first, second] of SET_TOGETHER) {
    if (!!e[first] !== !!e[second]) {
      throw new Error(`Invalid configuration:\n  ${first} and ${second} must be set together`);
    }
  }
  if (!e.S3_BUCKET && (e.S3_ENDPOINT || e.S3_ACCESS_KEY_ID)) {
    throw new Error('Invalid configuration:\n  S3_BUCKET: required when other S3_* variables are set');
  }
  if (e.NODE_ENV === 'production' && e.PUSH_ALLOW_PRIVATE_ENDPOINTS) {
    throw new Error(
      'Invalid configuration:\n  PUSH_ALLOW_PRIVATE_ENDPOINTS: for tests only, never in production',
    );
  }
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, '');
  return {
    env: e.NODE_ENV,
    host: e.HOST,
    port: e.PORT,
    metrics:
      e.METRICS_PORT === undefined ? undefined : { host: e.METRICS_HOST ?? e.HOST, port: e.METRICS_PORT },
    databaseUrl: e.DATABASE_URL,
    databaseSchema: e.DATABASE_SCHEMA,
    databasePool: { size: e.DATABASE_POOL_SIZE, preparedStatements: e.DATABASE_PREPARED_STATEMENTS },
    dataDir: e.DATA_DIR,
    redisUrl: e.REDIS_URL,
    redisKeyPrefix: e.REDIS_KEY_PREFIX,
    redisAdapter: e.REDIS_ADAPTER,
    sessionSecret: e.SESSION_SECRET ?? DEV_SESSION_SECRET,
    sessionTtlSeconds: e.SESSION_TTL_SECONDS,
    allowedOrigins: e.ALLOWED_ORIGINS,
    cookieSecure: e.COOKIE_SECURE,
    trustProxy: e.TRUST_PROXY,
    admin: both(e.ADMIN_USERNAME, e.ADMIN_PASSWORD, (username, password) => ({ username, password })),
    seedDemo: e.SEED_DEMO,
    frontendDist: e.FRONTEND_DIST,
    uploadUrlTtlSeconds: e.UPLOAD_URL_TTL_SECONDS,
    rateLimits: e.RATE_LIMITS,
    logLevel: e.LOG_LEVEL,
    logFormat: e.LOG_FORMAT,
    shutdown: {
      // In production a load balancer needs a moment to see readiness fail; locally, stop at once.
      drainMs: e.SHUTDOWN_DRAIN_MS ?? (e.NODE_ENV === 'production' ? 5_000 : 0),
      graceMs: e.SHUTDOWN_GRACE_MS,
    },
    s3: e.S3_BUCKET
      ? {
          bucket: e.S3_BUCKET,
          endpoint: e.S3_ENDPOINT,
          region: e.S3_REGION,
          credentials: both(e.S3_ACCESS_KEY_ID, e.S3_SECRET_ACCESS_KEY, (accessKeyId, secretAccessKey) => ({
            accessKeyId,
            secretAccessKey,
          })),
          forcePathStyle: e.S3_FORCE_PATH_STYLE,
        }
      : undefined,
    postCountsIntervalMs: e.POST_COUNTS_INTERVAL_MS,
    postCountsBatchMs: e.POST_COUNTS_BATCH_MS,
    publicUrl,
    mail: { smtpUrl: e.SMTP_URL, from: e.MAIL_FROM },
    jobs: { worker: e.JOBS_WORKER },
    push: {
      vapidKeys: both(e.VAPID_PUBLIC_KEY, e.VAPID_PRIVATE_KEY, (publicKey, privateKey) => ({
        publicKey,
        privateKey,
      })),
      subject: e.VAPID_SUBJECT ?? defaultVapidSubject(publicUrl, e.MAIL_FROM),
      allowPrivateEndpoints: e.PUSH_ALLOW_PRIVATE_ENDPOINTS,
      extraCaFile: e.PUSH_EXTRA_CA_FILE,
    },
  };
}

/**
 * The site's address when people reach it over https on a real host name (push services refuse localhost), else
 * the address mails come from.
 */
function defaultVapidSubject(publicUrl: string, mailFrom: string): string {
  const site = new URL(publicUrl);
  if (site.protocol === 'https:' && site.hostname !== 'localhost') return site.origin;
  const address = /<([^<>\s]+)>/.exec(mailFrom)?.[1] ?? mailFrom.trim();
  return `mailto:${address}`;
}
