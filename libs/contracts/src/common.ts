import { WEAPONS } from './constants';
import { z } from './zod';
import { said } from './validation-texts';

export const isoDateSchema = z.string();

/**
 * `{ message, code }` is the body of every error reply: the text in the request's language, and a stable code
 * (`<domain>.<snake_case>`, e.g. `clubs.not_a_member`) that a client can translate and tests can assert on.
 */
export const errorReplySchema = z.object({ message: z.string(), code: z.string() });
export type ErrorReply = z.infer<typeof errorReplySchema>;

export const NUL_MESSAGE = said('text.nul', 'Text must not contain NUL characters');

/** A small public view of a user, embedded in posts, comments, requests and messages. */
export const userSummarySchema = z.object({
  id: z.string(),
  name: z.nullable(z.string()),
  username: z.optional(z.string()),
  avatar: z.nullable(z.string()),
  title: z.optional(z.nullable(z.string())),
  /** Where a view shows the '{weapon} fencer' fallback (connection requests). */
  weaponSpecialty: z.optional(z.nullable(z.enum(WEAPONS))),
  /** The rating beside the name (B24, #12), when the fencer shows their record to everyone. */
  rating: z.optional(z.string()),
});
export type UserSummary = z.infer<typeof userSummarySchema>;

/** Who a user is, as every fuller view of them starts: the session user, a blocked user, a fencer. */
export const fencerIdentitySchema = z.object({
  id: z.string(),
  username: z.string(),
  name: z.nullable(z.string()),
  avatar: z.nullable(z.string()),
});

/**
 * A fencer as a list row shows them (connections, Discover, search hits), and the start of their public profile:
 * never an email.
 */
export const fencerSchema = z.extend(fencerIdentitySchema, {
  title: z.nullable(z.string()),
  weaponSpecialty: z.nullable(z.enum(WEAPONS)),
  role: z.string(),
  /** The rating beside the name (B24, #12), when the fencer shows their record to everyone. */
  rating: z.optional(z.string()),
});
export type Fencer = z.infer<typeof fencerSchema>;

const count = z.int().check(z.minimum(0));

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
  jobs: z.optional(z.object({ queued: count, failed: count })),
});
export type ReadinessReply = z.infer<typeof readinessReplySchema>;
