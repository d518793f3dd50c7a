import { RATE_LIMIT_NAMES } from '../backend/src/config/rate-limits';

export const SCENARIOS = ['feed', 'deep', 'dm', 'fanout', 'heap', 'firstload', 'coldstart'] as const;
export type ScenarioName = (typeof SCENARIOS)[number];

/** The database the bench seeds and runs Piste on; never the one DATABASE_URL names. */
export const BENCH_DATABASE = 'piste_bench';

export interface BenchSettings {
  /** DATABASE_URL as given: the server where `piste_bench` lives. */
  serverUrl: string;
  /** The same server, database `piste_bench`. */
  databaseUrl: string;
  redisUrl: string | undefined;
  /** Seconds per autocannon run. */
  seconds: number;
  /** Rounds per scenario: each round runs Piste and its baseline, alternating which goes first. */
  rounds: number;
  scenarios: ScenarioName[];
  reseed: boolean;
}

export const USAGE =
  'The bench needs PostgreSQL: set DATABASE_URL to a server it may create the `piste_bench` database on, e.g.\n' +
  '  DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npm run bench\n' +
  'Optional: REDIS_URL, BENCH_SECONDS (default 10), BENCH_SCENARIOS (comma list of ' +
  `${SCENARIOS.join(', ')}), BENCH_RESEED=1.`;

/** The bench's knobs from the environment; a string is the reason it cannot run. */
export function readSettings(env: NodeJS.ProcessEnv): BenchSettings | string {
  const serverUrl = env.DATABASE_URL?.trim();
  if (!serverUrl) return USAGE;
  const url = new URL(serverUrl);
  url.pathname = `/${BENCH_DATABASE}`;
  const seconds = Number(env.BENCH_SECONDS ?? 10);
  if (!Number.isFinite(seconds) || seconds < 1) return 'BENCH_SECONDS must be a number of seconds ≥ 1';
  const wanted = (env.BENCH_SCENARIOS ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const unknown = wanted.filter((s) => !(SCENARIOS as readonly string[]).includes(s));
  if (unknown.length)
    return `Unknown BENCH_SCENARIOS: ${unknown.join(', ')} (known: ${SCENARIOS.join(', ')})`;
  return {
    serverUrl,
    databaseUrl: url.toString(),
    redisUrl: env.REDIS_URL?.trim() || undefined,
    seconds,
    rounds: 3,
    scenarios: wanted.length ? SCENARIOS.filter((s) => wanted.includes(s)) : [...SCENARIOS],
    reseed: env.BENCH_RESEED === '1' || env.BENCH_RESEED === 'true',
  };
}

/** Every abuse limit raised far beyond what the bench does: it signs in, posts and watches at machine speed. */
export function benchRateLimits(): string {
  return RATE_LIMIT_NAMES.map((name) => `${name}=1000000/1s`).join(',');
}
