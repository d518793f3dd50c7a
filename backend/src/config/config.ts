import { z } from 'zod';

const bool = z
  .enum(['true', 'false', '1', '0', ''])
  .optional()
  .transform((v) => v === 'true' || v === '1');

const optionalString = z
  .string()
  .optional()
  .transform((v) => (v && v.trim() ? v.trim() : undefined));

/** Every variable the app reads; `.env.example` documents each one. */
const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  DATABASE_URL: optionalString,
  DATABASE_SCHEMA: z
    .string()
    .regex(/^[a-z_][a-z0-9_]*$/, 'DATABASE_SCHEMA must be a lower-case SQL identifier')
    .default('public'),
  DATA_DIR: z.string().default('.data'),
  REDIS_URL: optionalString,
  REDIS_KEY_PREFIX: z.string().default('piste'),
  SESSION_SECRET: z.string().min(16, 'SESSION_SECRET must be at least 16 characters').optional(),
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
  LOG_LEVEL: z.enum(['error', 'warn', 'log', 'debug', 'verbose']).default('log'),
});

export type AppConfig = {
  env: 'development' | 'production' | 'test';
  host: string;
  port: number;
  databaseUrl: string | undefined;
  databaseSchema: string;
  dataDir: string;
  redisUrl: string | undefined;
  redisKeyPrefix: string;
  sessionSecret: string;
  cookieSecure: boolean;
  trustProxy: boolean;
  admin: { username: string; password: string } | undefined;
  seedDemo: boolean;
  frontendDist: string | undefined;
  uploadUrlTtlSeconds: number;
  logLevel: 'error' | 'warn' | 'log' | 'debug' | 'verbose';
};

export const APP_CONFIG = Symbol('APP_CONFIG');

const DEV_SESSION_SECRET = 'piste-development-session-secret';

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
  if (!!e.ADMIN_USERNAME !== !!e.ADMIN_PASSWORD) {
    throw new Error('Invalid configuration:\n  ADMIN_USERNAME and ADMIN_PASSWORD must be set together');
  }
  return {
    env: e.NODE_ENV,
    host: e.HOST,
    port: e.PORT,
    databaseUrl: e.DATABASE_URL,
    databaseSchema: e.DATABASE_SCHEMA,
    dataDir: e.DATA_DIR,
    redisUrl: e.REDIS_URL,
    redisKeyPrefix: e.REDIS_KEY_PREFIX,
    sessionSecret: e.SESSION_SECRET ?? DEV_SESSION_SECRET,
    cookieSecure: e.COOKIE_SECURE,
    trustProxy: e.TRUST_PROXY,
    admin:
      e.ADMIN_USERNAME && e.ADMIN_PASSWORD
        ? { username: e.ADMIN_USERNAME, password: e.ADMIN_PASSWORD }
        : undefined,
    seedDemo: e.SEED_DEMO,
    frontendDist: e.FRONTEND_DIST,
    uploadUrlTtlSeconds: e.UPLOAD_URL_TTL_SECONDS,
    logLevel: e.LOG_LEVEL,
  };
}
