/**
 * The bench's data set and the users each scenario acts as. Users are numbered 1…USERS; `fencer00042` is user 42,
 * and every id is derived from its number (see `benchId`), so the seed needs no lookups and scenarios know ids.
 */
export const USERS = 10_000;
export const POSTS = 200_000;
export const LIKES = 1_040_000;
export const DISLIKES = 200_000;
export const COMMENTS = 100_000;
/** Each user is connected to the users this many places further on (wrapping around): 30,000 connections. */
export const CONNECTION_STEPS = [1, 7, 31];
export const CONNECTIONS = USERS * CONNECTION_STEPS.length;

/** Seeded likes, dislikes and comments come from users 1…REACTING_USERS only; the rest act in scenarios. */
export const REACTING_USERS = 9_990;

export const BENCH_PASSWORD = 'bench-password';

export function username(n: number): string {
  return `fencer${String(n).padStart(5, '0')}`;
}

/** The feed reader of the HTTP scenarios. */
export const FEED_VIEWER = 1;
/** Direct messages: sender 2000+2k writes to 2001+2k, connected to it (step 1); senders never receive. */
export const DM_PAIRS = Array.from({ length: 50 }, (_, k) => ({
  sender: 2000 + 2 * k,
  receiver: 2001 + 2 * k,
}));
/** Sessions the fan-out watchers share. */
export const FANOUT_WATCHERS = Array.from({ length: 20 }, (_, k) => 3001 + k);
/** Likes and unlikes the watched post; has no seeded reactions. */
export const FANOUT_LIKER = USERS;
/** Sessions the idle sockets of the heap scenario share. */
export const HEAP_USERS = Array.from({ length: 30 }, (_, k) => 4001 + k);
