import { z } from 'zod';
import { MAX_PAGE_LIMIT, WEAPONS } from './constants';

/**
 * In a browser the schemas run without compiled fast paths: zod would otherwise probe for eval() as object schemas
 * are made, which Piste's CSP forbids and the browser reports as a policy violation. Every schema module imports
 * this one, so it runs before any of them; servers keep the fast paths.
 */
if (typeof document !== 'undefined') z.config({ jitless: true });

export const uuidSchema = z.uuid({ message: 'Invalid id' });

const LIMIT_MESSAGE = `Limit must be a whole number from 1 to ${MAX_PAGE_LIMIT}`;

/** A paged list's `?limit=`: a whole number from 1 to MAX_PAGE_LIMIT, `pageSize` when absent. */
export function pageLimitSchema(pageSize: number) {
  return z.coerce
    .number({ message: LIMIT_MESSAGE })
    .int({ message: LIMIT_MESSAGE })
    .min(1, { message: LIMIT_MESSAGE })
    .max(MAX_PAGE_LIMIT, { message: LIMIT_MESSAGE })
    .default(pageSize);
}
export const isoDateSchema = z.string();

/** `{ message }` is the body of every error reply. */
export const errorReplySchema = z.object({ message: z.string() });
export type ErrorReply = z.infer<typeof errorReplySchema>;

export const NUL_MESSAGE = 'Text must not contain NUL characters';

/**
 * The one rule every string a client sends starts from: a string without NUL characters (PostgreSQL text
 * cannot hold one). Each field then adds its trimming and its maximum length.
 */
export function clientString(message?: string) {
  return z
    .string(message ? { message } : undefined)
    .refine((value) => !value.includes('\u0000'), { message: NUL_MESSAGE, abort: true });
}

/** Trimmed text that must not be empty once trimmed. */
export function requiredText(message: string, max: number) {
  return clientString(message)
    .trim()
    .min(1, { message })
    .max(max, { message: `Must be at most ${max} characters` });
}

/** Optional text: trimmed; empty becomes null. */
export function optionalText(max: number) {
  return clientString()
    .trim()
    .max(max, { message: `Must be at most ${max} characters` })
    .nullish()
    .transform((v) => (v ? v : null));
}

export const paginationQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(50).default(10),
  offset: z.coerce.number().int().min(0).default(0),
});
export type PaginationQuery = z.infer<typeof paginationQuerySchema>;

/** A small public view of a user, embedded in posts, comments, requests and messages. */
export const userSummarySchema = z.object({
  id: z.string(),
  name: z.string().nullable(),
  username: z.string().optional(),
  avatar: z.string().nullable(),
  title: z.string().nullable().optional(),
  /** Where a view shows the '{weapon} fencer' fallback (connection requests). */
  weaponSpecialty: z.enum(WEAPONS).nullable().optional(),
  /** The rating beside the name (B24, #12), when the fencer shows their record to everyone. */
  rating: z.string().optional(),
});
export type UserSummary = z.infer<typeof userSummarySchema>;

/** Who a user is, as every fuller view of them starts: the session user, a blocked user, a fencer. */
export const fencerIdentitySchema = z.object({
  id: z.string(),
  username: z.string(),
  name: z.string().nullable(),
  avatar: z.string().nullable(),
});

/**
 * A fencer as a list row shows them (connections, Discover, search hits), and the start of their public profile:
 * never an email.
 */
export const fencerSchema = fencerIdentitySchema.extend({
  title: z.string().nullable(),
  weaponSpecialty: z.enum(WEAPONS).nullable(),
  role: z.string(),
  /** The rating beside the name (B24, #12), when the fencer shows their record to everyone. */
  rating: z.string().optional(),
});
export type Fencer = z.infer<typeof fencerSchema>;

/**
 * `GET /health/ready` (and `/api/health`): 200 when every configured dependency answers, 503 otherwise. `jobs`
 * counts the background jobs waiting to run and those kept as failed (absent while they cannot be counted); a
 * failed job never makes a replica unready.
 */
export const readinessReplySchema = z.object({
  /** `degraded`: serving (200) without Redis, so live events do not cross replicas until it is back. */
  status: z.enum(['ok', 'degraded', 'unavailable', 'shutting-down']),
  postgres: z.enum(['up', 'down']),
  redis: z.enum(['up', 'down', 'off']),
  storage: z.enum(['up', 'down']),
  jobs: z.object({ queued: z.number().int().min(0), failed: z.number().int().min(0) }).optional(),
});
export type ReadinessReply = z.infer<typeof readinessReplySchema>;
