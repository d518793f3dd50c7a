import { z } from 'zod';

/**
 * The abuse limits (SECURITY.md, "Abuse limits", explains each one and why a person never meets it).
 * `RATE_LIMITS` overrides any of them: `name=points/window[/block]`, comma-separated, durations in seconds or
 * with a unit (`30s`, `10m`, `1h`, `1d`), e.g. `RATE_LIMITS=register=50/1h,messages=240/5m`.
 */
export const RATE_LIMIT_NAMES = [
  'login-pair',
  'login-ip',
  'login-ip-day',
  'login-username',
  'register',
  'posts',
  'posts-burst',
  'comments',
  'comments-burst',
  'edits',
  'clubs',
  'events',
  'attendance',
  'bouts',
  'two-factor',
  'login-2fa',
  'passkeys',
  'login-passkey',
  'messages',
  'messages-burst',
  'reports',
  'friend-requests',
  'upload-tickets',
  'password-forgot',
  'account-links',
  'password-change',
  'verify-email-resend',
  'settings',
  'push-subscriptions',
  'socket-typing',
  'socket-feed',
  'socket-posts',
] as const;
export type RateLimitName = (typeof RATE_LIMIT_NAMES)[number];

export interface RateLimitRule {
  /** How many attempts a key may make within the window. */
  points: number;
  windowSeconds: number;
  /** Once over, how long the key is refused; 0 = until its window ends. */
  blockSeconds: number;
}
export type RateLimits = Record<RateLimitName, RateLimitRule>;

const MINUTE = 60;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const rule = (points: number, windowSeconds: number, blockSeconds = 0): RateLimitRule => ({
  points,
  windowSeconds,
  blockSeconds,
});

export const DEFAULT_RATE_LIMITS: RateLimits = {
  // Wrong passwords for one username from one address; a successful sign-in clears them.
  'login-pair': rule(10, DAY, 15 * MINUTE),
  // Wrong passwords from one address, whatever the username.
  'login-ip': rule(25, HOUR),
  'login-ip-day': rule(100, DAY),
  // Wrong passwords for one username from addresses it has never signed in from.
  'login-username': rule(50, HOUR),
  register: rule(20, HOUR),
  posts: rule(30, 10 * MINUTE),
  // Beside a limit over minutes, one over seconds: a script meets it within a second, a person never. Roomy
  // enough for a burst no person makes (a page and more of posts, a chat's worth of messages), tight for a script.
  'posts-burst': rule(20, MINUTE),
  comments: rule(60, 10 * MINUTE),
  /** Edits of posts and comments: fixing typos is quick work, flooding watchers with updates is not. */
  edits: rule(60, 10 * MINUTE),
  /** Clubs made and joined by one user: a person joins a few clubs in a lifetime. */
  clubs: rule(30, HOUR),
  /** Events announced by one user: a club's season fits many times over. */
  events: rule(30, HOUR),
  /** Going / interested answers by one user: tapping back and forth, not a script telling connections. */
  attendance: rule(120, HOUR),
  /** Bouts logged by one user: a long competition day is a few dozen. */
  bouts: rule(100, HOUR),
  /** Setting up or changing a second factor: a few tries, not a guess at every code. */
  'two-factor': rule(20, 15 * MINUTE),
  /** Second-step sign-in attempts on one account, whatever the session: a person types a code or two. */
  'login-2fa': rule(10, 15 * MINUTE),
  /** Adding, naming or removing passkeys by one user: a person has a few devices. */
  passkeys: rule(30, 15 * MINUTE),
  /** Passkey sign-ins (options and answers) from one address: a household's morning, not a replay loop. */
  'login-passkey': rule(60, 15 * MINUTE),
  'comments-burst': rule(20, 30),
  messages: rule(120, 5 * MINUTE),
  'messages-burst': rule(30, 10),
  reports: rule(50, HOUR),
  'friend-requests': rule(50, HOUR),
  'upload-tickets': rule(100, HOUR),
  // Reset links asked for from one address (each account is also mailed at most three an hour).
  'password-forgot': rule(10, HOUR),
  // Links from mails followed from one address (a token has 256 random bits: this only stops a flood).
  'account-links': rule(30, HOUR),
  // Password and email changes by one user: each checks the current password, so this caps guesses at it.
  'password-change': rule(10, HOUR),
  'verify-email-resend': rule(5, HOUR),
  // Settings that change only what the user sees (their language): a person tries a few, not hundreds.
  settings: rule(60, HOUR),
  // A browser registers its subscription when the app starts and when it changes: a few a day per device.
  'push-subscriptions': rule(100, HOUR),
  'socket-typing': rule(30, 10),
  'socket-feed': rule(30, 10),
  // Posts coming on screen or leaving it: one per page loaded, live post or feed switch, ten after reconnecting.
  'socket-posts': rule(60, 10),
};

const UNIT_SECONDS: Record<string, number> = { '': 1, s: 1, m: MINUTE, h: HOUR, d: DAY };
const DURATION = /^(\d+)([smhd]?)$/;
/** Longer windows are refused: no limit needs them, and the in-memory store times keys with timers. */
const MAX_SECONDS = 7 * DAY;
const seconds = (text: string): number | undefined => {
  const match = DURATION.exec(text.trim());
  const value = match ? Number(match[1]) * UNIT_SECONDS[match[2]] : undefined;
  return value !== undefined && value <= MAX_SECONDS ? value : undefined;
};

/** Parses `RATE_LIMITS` over the defaults; every bad entry becomes one issue naming it. */
export const rateLimitsVariable = z
  .string()
  .optional()
  .transform((value, ctx): RateLimits => {
    const limits: RateLimits = { ...DEFAULT_RATE_LIMITS };
    const entries = (value ?? '').split(',').map((entry) => entry.trim());
    for (const entry of entries.filter(Boolean)) {
      const [name = '', spec = ''] = entry.split('=', 2).map((part) => part.trim());
      const [pointsText = '', windowText = '', blockText = '0', ...rest] = spec.split('/');
      const points = /^\d+$/.test(pointsText.trim()) ? Number(pointsText) : 0;
      const windowSeconds = seconds(windowText);
      const blockSeconds = seconds(blockText);
      if (!isRateLimitName(name)) {
        ctx.addIssue({
          code: 'custom',
          message: `unknown limit '${name}' (known: ${RATE_LIMIT_NAMES.join(', ')})`,
        });
      } else if (points < 1 || !windowSeconds || blockSeconds === undefined || rest.length > 0) {
        ctx.addIssue({
          code: 'custom',
          message: `'${entry}' must be name=points/window[/block] (at most 7d), e.g. posts=30/10m`,
        });
      } else {
        limits[name] = { points, windowSeconds, blockSeconds };
      }
    }
    return limits;
  });

function isRateLimitName(name: string): name is RateLimitName {
  return (RATE_LIMIT_NAMES as readonly string[]).includes(name);
}

/**
 * The largest message a socket may send; a larger one closes its connection. Fixed rather than configurable:
 * what clients emit (`feed:watch`, `typing`, at most 50 post ids in `posts:watch`) stays within it by contract.
 */
export const SOCKET_MESSAGE_MAX_BYTES = 4 * 1024;
