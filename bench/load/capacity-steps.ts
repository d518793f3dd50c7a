import { setTimeout as sleep } from 'node:timers/promises';
import { WEAPONS, type Weapon } from '@piste/contracts';
import { loadAverage, percentile } from '../stats';
import {
  DELIVERY_KINDS,
  REQUEST_KINDS,
  REQUESTS_PER_FENCER_SECOND,
  type DeliveryKind,
  type FencerSpec,
  type RequestKind,
  type WorkerSample,
} from './fencers';
import type { FencerFleet } from './fleet';
import { cpuSeconds, cpuSecondsOfPostgres, CpuMeter, machineBusySeconds, rssBytes } from './process-stats';
import { countsOf, putBackPosts, truthOf } from './watched-posts';

/** A step fails when any request's p99 passes this. */
export const P99_LIMIT_MS = 250;
/** How often a step's figures are collected (and a failing step stopped early). */
const SAMPLE_EVERY_MS = 5_000;
/** A pause between connecting a step's new fencers and letting them act. */
export const SETTLE_AFTER_CONNECT_MS = 3_000;

export interface StepResult {
  fencers: number;
  held: boolean;
  /** Why the step failed; empty when it held. */
  reasons: string[];
  /** Seconds the step ran (shorter than the hold when it failed early). */
  seconds: number;
  p99: Record<RequestKind, number>;
  requests: number;
  failures: Record<string, number>;
  disconnects: number;
  /** Event frames received per second, in all and by event. */
  eventsPerSecond: number;
  eventsByName: Record<string, number>;
  deliveries: Record<DeliveryKind, { checked: number; p99: number; late: number; lost: number }>;
  counts: { checked: number; stale: number; missing: number };
  /** Percent of one core, by process group. */
  cpu: Record<string, number>;
  /** Resident memory of each replica at the end of the step, MiB. */
  rssMiB: number[];
  load: number;
}

/** What the steps run against: the replicas' processes, and who else shares the machine's CPU. */
export interface StepTarget {
  replicaPids: number[];
  redisPid?: number;
  fleet: FencerFleet;
  databaseUrl: string;
  /** The bench database, whose PostgreSQL backends count as the bench's. */
  databaseName: string;
  watched: Record<Weapon, string[]>;
}

function merged(samples: WorkerSample[]): WorkerSample {
  const total = samples[0];
  for (const s of samples.slice(1)) {
    for (const kind of REQUEST_KINDS) total.latencies[kind].push(...s.latencies[kind]);
    for (const kind of DELIVERY_KINDS) {
      total.deliveries[kind].push(...s.deliveries[kind]);
      total.late[kind] += s.late[kind];
      total.lost[kind] += s.lost[kind];
    }
    for (const [key, n] of Object.entries(s.failures)) total.failures[key] = (total.failures[key] ?? 0) + n;
    for (const [key, n] of Object.entries(s.events)) total.events[key] = (total.events[key] ?? 0) + n;
    total.disconnects += s.disconnects;
    total.skipped += s.skipped;
    total.cpuMicros += s.cpuMicros;
  }
  return total;
}

/** What a step has broken so far: errors, lost or late events, too many slow requests for its p99 to hold. */
function brokenSoFar(step: WorkerSample, expectedRequests: number): string[] {
  const reasons: string[] = [];
  const failures = Object.values(step.failures).reduce((s, n) => s + n, 0);
  if (failures) reasons.push(`${failures} failed requests (${JSON.stringify(step.failures)})`);
  if (step.disconnects) reasons.push(`${step.disconnects} sockets lost`);
  for (const kind of DELIVERY_KINDS) {
    if (step.lost[kind]) reasons.push(`${step.lost[kind]} ${kind} events lost`);
    if (step.late[kind]) reasons.push(`${step.late[kind]} ${kind} events late`);
  }
  const slow = REQUEST_KINDS.reduce(
    (s, kind) => s + step.latencies[kind].filter((ms) => ms > P99_LIMIT_MS).length,
    0,
  );
  // More than 1 % of the step's requests over the limit: some kind's p99 cannot hold any more.
  if (slow > expectedRequests * 0.01) reasons.push(`${slow} requests over ${P99_LIMIT_MS} ms`);
  return reasons;
}

/**
 * Runs one step: `fencers` act for `holdSeconds` (stopped early once it cannot hold, unless `stopEarly` is
 * false: a measurement of rates rather than of holding), then everything due is
 * awaited, every socket's last counts are checked against the database, and the posts are put back as seeded.
 */
export async function runStep(
  target: StepTarget,
  fencers: number,
  holdSeconds: number,
  { stopEarly = true } = {},
): Promise<StepResult> {
  const postIds = WEAPONS.flatMap((w) => target.watched[w]);
  await target.fleet.reset();
  const before = await countsOf(target.databaseUrl, postIds);
  const groups: Record<string, () => number> = {
    replicas: () => target.replicaPids.reduce((s, pid) => s + cpuSeconds(pid), 0),
    postgres: () => cpuSecondsOfPostgres(target.databaseName),
    // The worker processes, and this one (which only samples them).
    generator: () => target.fleet.pids.reduce((s, pid) => s + cpuSeconds(pid), 0) + cpuSeconds(process.pid),
    redis: () => (target.redisPid ? cpuSeconds(target.redisPid) : 0),
    machine: machineBusySeconds,
  };
  target.replicaPids.forEach((pid, i) => (groups[`replica ${i + 1}`] = () => cpuSeconds(pid)));
  const meter = new CpuMeter(groups);

  meter.start();
  const startedAt = performance.now();
  await target.fleet.act();
  const expectedRequests = fencers * REQUESTS_PER_FENCER_SECOND * holdSeconds;
  let step: WorkerSample | undefined;
  let reasons: string[] = [];
  while (performance.now() - startedAt < holdSeconds * 1000) {
    await sleep(Math.min(SAMPLE_EVERY_MS, holdSeconds * 1000 - (performance.now() - startedAt)));
    step = merged([...(step ? [step] : []), ...(await target.fleet.sample())]);
    reasons = brokenSoFar(step, expectedRequests);
    if (reasons.length && stopEarly) break;
  }
  const cpu = meter.read();
  // What the rest of the machine did meanwhile (on a shared machine: other people's work).
  cpu.others = cpu.machine - cpu.replicas - cpu.postgres - cpu.generator - cpu.redis;
  if (!target.redisPid) delete cpu.redis;
  const seconds = (performance.now() - startedAt) / 1000;
  const load = loadAverage();
  const rssMiB = target.replicaPids.map((pid) => Math.round(rssBytes(pid) / 2 ** 20));
  step = merged([...(step ? [step] : []), ...(await target.fleet.quiet())]);

  const truth = truthOf(before, await countsOf(target.databaseUrl, postIds));
  const counts = await target.fleet.check(truth);
  await putBackPosts(target.databaseUrl, postIds);

  reasons = brokenSoFar(step, expectedRequests);
  const p99 = Object.fromEntries(
    REQUEST_KINDS.map((kind) => [kind, percentile(step.latencies[kind], 99)]),
  ) as Record<RequestKind, number>;
  for (const kind of REQUEST_KINDS) {
    if (p99[kind] > P99_LIMIT_MS && !reasons.some((r) => r.includes('requests over')))
      reasons.push(`${kind} p99 ${p99[kind].toFixed(0)} ms`);
  }
  if (counts.stale) reasons.push(`${counts.stale} screens left with stale counts`);
  if (counts.missing) reasons.push(`${counts.missing} screens got no counts of a post that changed`);
  if (seconds < holdSeconds - 1 && !reasons.length) reasons.push('stopped early');
  const frames = Object.values(step.events).reduce((s, n) => s + n, 0);
  return {
    fencers,
    held: reasons.length === 0,
    reasons,
    seconds,
    p99,
    requests: REQUEST_KINDS.reduce((s, kind) => s + step.latencies[kind].length, 0),
    failures: step.failures,
    disconnects: step.disconnects,
    eventsPerSecond: frames / seconds,
    eventsByName: Object.fromEntries(Object.entries(step.events).map(([name, n]) => [name, n / seconds])),
    deliveries: Object.fromEntries(
      DELIVERY_KINDS.map((kind) => [
        kind,
        {
          checked: step.deliveries[kind].length,
          p99: percentile(step.deliveries[kind], 99),
          late: step.late[kind],
          lost: step.lost[kind],
        },
      ]),
    ) as StepResult['deliveries'],
    counts,
    cpu,
    rssMiB,
    load,
  };
}

/**
 * Raises the fencers step by step (keeping those already connected) until a step fails; returns every step run.
 * With `stopEarly` false each step runs its whole hold, held or not (a measurement of rates).
 * `specs` holds every fencer the largest step needs.
 */
export async function runSteps(
  target: StepTarget,
  specs: FencerSpec[],
  steps: number[],
  holdSeconds: number,
  log: (line: string) => void,
  { stopEarly = true } = {},
): Promise<StepResult[]> {
  const results: StepResult[] = [];
  let connected = 0;
  for (const fencers of steps) {
    const joining = specs.slice(connected, fencers);
    const started = performance.now();
    const failed = await target.fleet.connect(joining);
    connected = fencers;
    // The handshakes' own work must not count against the step.
    await sleep(SETTLE_AFTER_CONNECT_MS);
    log(
      `      ${fencers} fencers: ${joining.length} more connected in ${((performance.now() - started) / 1000).toFixed(1)} s` +
        (failed.length ? `, ${failed.length} refused (${failed[0]})` : ''),
    );
    const result = await runStep(target, fencers, holdSeconds, { stopEarly });
    if (failed.length) {
      result.held = false;
      result.reasons.unshift(`${failed.length} sockets could not connect`);
    }
    results.push(result);
    log(`      ${describeStep(result)}`);
    if (!result.held) break;
  }
  return results;
}

const round = (n: number) => (Number.isFinite(n) ? Math.round(n) : '—');

/** One line about a step, for the log and the notes. */
export function describeStep(step: StepResult): string {
  const p99 = REQUEST_KINDS.map((kind) => `${kind} ${round(step.p99[kind])}`).join(', ');
  const cpu = Object.entries(step.cpu)
    .map(([name, pct]) => `${name} ${round(pct)} %`)
    .join(', ');
  const deliveries = DELIVERY_KINDS.map(
    (kind) => `${kind} p99 ${round(step.deliveries[kind].p99)} ms of ${step.deliveries[kind].checked}`,
  ).join(', ');
  return (
    `${step.fencers} fencers, ${step.seconds.toFixed(0)} s: ${step.held ? 'held' : `failed (${step.reasons.join('; ')})`}; ` +
    `${step.requests} requests, p99 ms ${p99}; ${round(step.eventsPerSecond)} events/s ` +
    `(${Object.entries(step.eventsByName)
      .map(([name, n]) => `${name} ${round(n)}`)
      .join(', ')}); delivery ${deliveries}; counts checked on ${step.counts.checked} screens; ` +
    `CPU (of one core) ${cpu}; RSS ${step.rssMiB.join(' + ')} MiB; load ${step.load}`
  );
}
