import { RATE_LIMIT_NAMES } from '../backend/src/config/rate-limits';

export const SCENARIOS = [
  'feed',
  'layers',
  'deep',
  'dm',
  'fanout',
  'heap',
  'firstload',
  'coldstart',
  'capacity',
  'idle',
  'redis',
] as const;
export type ScenarioName = (typeof SCENARIOS)[number];

/** The database the bench seeds and runs Piste on by default; never the one DATABASE_URL names. */
export const BENCH_DATABASE = 'piste_bench';

/** The capacity scenario's steps of simulated fencers, unless BENCH_CAPACITY_STEPS says otherwise. */
export const CAPACITY_STEPS = [1000, 2000, 3000, 4000, 5000, 5500, 6000];

export interface BenchSettings {
  /** DATABASE_URL as given: the server where the bench database lives. */
  serverUrl: string;
  /** The bench database's name: BENCH_DATABASE, `piste_bench` by default. */
  benchDatabase: string;
  /** The same server, the bench database. */
  databaseUrl: string;
  redisUrl: string | undefined;
  /** Seconds per autocannon run. */
  seconds: number;
  /** Rounds per scenario: each round runs Piste and its baseline, alternating which goes first. */
  rounds: number;
  scenarios: ScenarioName[];
  reseed: boolean;
  capacity: {
    /** Fencers of each step, rising; the scenario stops at the first step that fails. */
    steps: number[];
    /** How long each step must hold, in seconds. */
    holdSeconds: number;
    /**
     * One replica's steps alone (no comparison of coalescing, no two replicas), each run for its whole hold: a
     * quicker measurement of rates at a given number of fencers.
     */
    oneReplicaOnly: boolean;
    /** The sockets of the steps take counts in batches, as the web client's do (BENCH_CAPACITY_BATCHED=0: not). */
    batchedCounts: boolean;
    /** Posts of the first page a fencer's screen shows (a phone: 3 of the 10). */
    screenPosts: number;
  };
  /** Idle signed-in sockets of the `idle` scenario. */
  idleSockets: number;
}

export const USAGE =
  'The bench needs PostgreSQL: set DATABASE_URL to a server it may create the `piste_bench` database on, e.g.\n' +
  '  DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npm run bench\n' +
  'Optional: REDIS_URL, BENCH_DATABASE (default piste_bench), BENCH_SECONDS (default 10), BENCH_SCENARIOS ' +
  `(comma list of ${SCENARIOS.join(', ')}), BENCH_RESEED=1, BENCH_CAPACITY_STEPS (default ` +
  `${CAPACITY_STEPS.join(',')}), BENCH_CAPACITY_HOLD_S (default 120), BENCH_CAPACITY_ONE_REPLICA=1, BENCH_CAPACITY_BATCHED=0, BENCH_COUNTS_BATCH_MS (default 200), BENCH_SCREEN_POSTS (default 3), BENCH_IDLE_SOCKETS (default 20000).`;

/** A comma list of whole numbers ≥ 1, rising; null when it is not one. */
function risingNumbers(value: string): number[] | null {
  const numbers = value.split(',').map((s) => Number(s.trim()));
  const valid = numbers.every((n, i) => Number.isInteger(n) && n >= 1 && (i === 0 || n > numbers[i - 1]));
  return numbers.length && valid ? numbers : null;
}

/** The bench's knobs from the environment; a string is the reason it cannot run. */
export function readSettings(env: NodeJS.ProcessEnv): BenchSettings | string {
  const serverUrl = env.DATABASE_URL?.trim();
  if (!serverUrl) return USAGE;
  const benchDatabase = env.BENCH_DATABASE?.trim() || BENCH_DATABASE;
  // It is written into SQL (CREATE DATABASE …): a plain lower-case identifier only.
  if (!/^[a-z_][a-z0-9_]{0,62}$/.test(benchDatabase))
    return 'BENCH_DATABASE must be a lower-case SQL identifier (letters, digits, _)';
  const url = new URL(serverUrl);
  url.pathname = `/${benchDatabase}`;
  const seconds = Number(env.BENCH_SECONDS ?? 10);
  if (!Number.isFinite(seconds) || seconds < 1) return 'BENCH_SECONDS must be a number of seconds ≥ 1';
  const steps = env.BENCH_CAPACITY_STEPS?.trim() ? risingNumbers(env.BENCH_CAPACITY_STEPS) : CAPACITY_STEPS;
  if (!steps)
    return 'BENCH_CAPACITY_STEPS must be a comma list of rising numbers of fencers, e.g. 500,1000,2000';
  const holdSeconds = Number(env.BENCH_CAPACITY_HOLD_S ?? 120);
  if (!Number.isFinite(holdSeconds) || holdSeconds < 5) return 'BENCH_CAPACITY_HOLD_S must be ≥ 5 seconds';
  const screenPosts = Number(env.BENCH_SCREEN_POSTS ?? 3);
  if (!Number.isInteger(screenPosts) || screenPosts < 1 || screenPosts > 10)
    return 'BENCH_SCREEN_POSTS must be a whole number of posts from 1 to 10';
  const idleSockets = Number(env.BENCH_IDLE_SOCKETS ?? 20_000);
  if (!Number.isInteger(idleSockets) || idleSockets < 100)
    return 'BENCH_IDLE_SOCKETS must be a whole number ≥ 100';
  const wanted = (env.BENCH_SCENARIOS ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const unknown = wanted.filter((s) => !(SCENARIOS as readonly string[]).includes(s));
  if (unknown.length)
    return `Unknown BENCH_SCENARIOS: ${unknown.join(', ')} (known: ${SCENARIOS.join(', ')})`;
  return {
    serverUrl,
    benchDatabase,
    databaseUrl: url.toString(),
    redisUrl: env.REDIS_URL?.trim() || undefined,
    seconds,
    rounds: 3,
    scenarios: wanted.length ? SCENARIOS.filter((s) => wanted.includes(s)) : [...SCENARIOS],
    reseed: env.BENCH_RESEED === '1' || env.BENCH_RESEED === 'true',
    capacity: {
      steps,
      holdSeconds,
      oneReplicaOnly: env.BENCH_CAPACITY_ONE_REPLICA === '1' || env.BENCH_CAPACITY_ONE_REPLICA === 'true',
      batchedCounts: env.BENCH_CAPACITY_BATCHED !== '0' && env.BENCH_CAPACITY_BATCHED !== 'false',
      screenPosts,
    },
    idleSockets,
  };
}

/** Every abuse limit raised far beyond what the bench does: it signs in, posts and watches at machine speed. */
export function benchRateLimits(): string {
  return RATE_LIMIT_NAMES.map((name) => `${name}=1000000/1s`).join(',');
}
