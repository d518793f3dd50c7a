import { setTimeout as sleep } from 'node:timers/promises';
import { WEAPONS } from '@piste/contracts';
import { startPiste } from '../piste';
import { figure, NONE, ratio, type Row } from '../report';
import type { ServerProcess } from '../server-process';
import type { BenchSettings } from '../settings';
import type { SignIns } from '../sessions';
import {
  describeStep,
  runStep,
  runSteps,
  SETTLE_AFTER_CONNECT_MS,
  type StepResult,
  type StepTarget,
} from '../load/capacity-steps';
import { MIX, type DeliveryRules, type FencerSpec } from '../load/fencers';
import { FencerFleet } from '../load/fleet';
import { mintSessions, type MintedSession } from '../load/minted-sessions';
import { startPrivateRedis } from '../load/private-redis';
import { firstPages, putBackPosts, reactions } from '../load/watched-posts';
import { withServers, type Scenario } from './scenario';

/** The target: fencers one replica holds on a two-core machine. */
const TARGET_FENCERS = 5000;
/** Processes the generator's fencers are spread over. */
const WORKERS = 4;
/** Fencers per weapon of whom one has the comments of the first post on their screen open from the start. */
const THREAD_OPEN_EVERY = 3;
/** Probe sockets per weapon and worker: they decode post events and time each like and comment of their worker. */
const PROBES_PER_WEAPON = 2;
/** The coalescing interval the product ships with (POST_COUNTS_INTERVAL_MS's default). */
const COUNTS_INTERVAL_MS = 1000;
/**
 * How long a replica gathers counts for a socket that takes batches: POST_COUNTS_BATCH_MS's default, unless
 * BENCH_COUNTS_BATCH_MS sets the replicas' (and what the probes allow for it).
 */
const COUNTS_BATCH_MS = Number(process.env.BENCH_COUNTS_BATCH_MS?.trim() || 200);
/** How long the run without coalescing lasts, at most. */
const COMPARE_SECONDS = 20;
const LATE_MS = 1000;
const LOST_MS = 5000;
/** Descriptors a replica needs beside its sockets. */
const SPARE_DESCRIPTORS = 2000;

interface Phase {
  label: string;
  replicas: number;
  intervalMs: number;
  steps: StepResult[];
}

interface Plan {
  sessions: MintedSession[];
  specs: (urls: string[]) => FencerSpec[];
  watched: StepTarget['watched'];
}

/**
 * Fencers 1…max: weapons in turn, pairs (2k, 2k+1) of connected users (the data set connects n and n+1) who
 * message each other, each showing `screenPosts` consecutive posts of their first page (a different window each),
 * one in THREAD_OPEN_EVERY of them with the first one's comments open, each liking the posts of their screen they
 * have not reacted to; the first of each weapon in every worker a probe, which shows the whole page and every
 * thread of it.
 */
async function plan(
  settings: BenchSettings,
  signIns: SignIns,
  piste: ServerProcess,
  max: number,
): Promise<Plan> {
  const sessions = await mintSessions(
    settings.databaseUrl,
    piste.url,
    signIns,
    Array.from({ length: max }, (_, i) => i + 1),
  );
  const watched = await firstPages(piste.url, sessions[0].cookie);
  const postIds = WEAPONS.flatMap((w) => watched[w]);
  await putBackPosts(settings.databaseUrl, postIds);
  const reacted = await reactions(
    settings.databaseUrl,
    postIds,
    sessions.map((s) => s.userId),
  );
  const probes = probeFlags(sessions.length);
  return {
    sessions,
    watched,
    specs: (urls) =>
      sessions.map((session, index) => {
        const weapon = WEAPONS[index % WEAPONS.length];
        const page = watched[weapon];
        const rotated = [...page.slice(index % page.length), ...page.slice(0, index % page.length)];
        const screen = probes[index] ? page : rotated.slice(0, settings.capacity.screenPosts);
        const opensThread = Math.floor(index / WEAPONS.length) % THREAD_OPEN_EVERY === 0;
        return {
          index,
          userId: session.userId,
          cookie: session.cookie,
          weapon,
          url: urls[index % urls.length],
          screen,
          threads: probes[index] ? page : opensThread ? [screen[0]] : [],
          likable: (probes[index] ? rotated : screen).filter(
            (postId) => !reacted.has(`${session.userId} ${postId}`),
          ),
          partner: index % 2 === 0 ? index + 1 : index - 1,
          probe: probes[index],
        };
      }),
  };
}

/** Which fencers are probes: the first PROBES_PER_WEAPON of each weapon in each worker (see FencerFleet). */
function probeFlags(fencers: number): boolean[] {
  const seen = new Map<string, number>();
  return Array.from({ length: fencers }, (_, index) => {
    const key = `${FencerFleet.workerOf(index, WORKERS)} ${WEAPONS[index % WEAPONS.length]}`;
    const count = seen.get(key) ?? 0;
    seen.set(key, count + 1);
    return count < PROBES_PER_WEAPON;
  });
}

/** Counts may wait for the coalescing interval, and for their batch when the sockets take batches. */
const rules = (intervalMs: number, batchedCounts: boolean): DeliveryRules => ({
  lateMs: LATE_MS,
  countsIntervalMs: intervalMs + (batchedCounts ? COUNTS_BATCH_MS : 0),
  lostMs: LOST_MS,
});

/** Starts `replicas` Pistes (with Redis when more than one), a fleet, and runs `work` on them. */
async function withTarget<T>(
  settings: BenchSettings,
  options: {
    replicas: number;
    intervalMs: number;
    maxFencers: number;
    watched: StepTarget['watched'];
    /** The sockets take counts in batches, as the web client's do (the default), or one frame a post. */
    batchedCounts?: boolean;
  },
  work: (target: StepTarget, urls: string[]) => Promise<T>,
): Promise<T> {
  const redis = options.replicas > 1 ? await startPrivateRedis() : null;
  if (options.replicas > 1 && !redis) throw new Error('redis-server is needed for more than one replica');
  try {
    const env = {
      POST_COUNTS_INTERVAL_MS: String(options.intervalMs),
      POST_COUNTS_BATCH_MS: String(COUNTS_BATCH_MS),
      ...(redis ? { REDIS_URL: redis.url, REDIS_KEY_PREFIX: 'piste-bench' } : { REDIS_URL: '' }),
    };
    const openFiles = Math.ceil(options.maxFencers / options.replicas) + SPARE_DESCRIPTORS;
    const starts = Array.from(
      { length: options.replicas },
      () => () => startPiste(settings, { env, openFiles }),
    );
    return await withServers(starts, async (servers) => {
      const fleet = new FencerFleet(WORKERS, options.maxFencers);
      try {
        const target: StepTarget = {
          replicaPids: servers.map((s) => s.pid),
          redisPid: redis?.pid,
          fleet,
          databaseUrl: settings.databaseUrl,
          databaseName: settings.benchDatabase,
          watched: options.watched,
        };
        const batchedCounts = options.batchedCounts ?? true;
        await fleet.setup(options.watched, rules(options.intervalMs, batchedCounts), { batchedCounts });
        return await work(
          target,
          servers.map((s) => s.url),
        );
      } finally {
        await fleet.stop();
      }
    });
  } finally {
    await redis?.stop();
  }
}

const log = (line: string) => console.log(line);

function largestHeld(steps: StepResult[]): StepResult | undefined {
  return steps.filter((s) => s.held).at(-1);
}

function phaseRows(phase: Phase, hold: number): Row[] {
  const held = largestHeld(phase.steps);
  const shown = held ?? phase.steps[0];
  const load = shown ? String(shown.load) : NONE;
  const at = shown ? ` at ${shown.fencers}` : '';
  const row = (measure: string, piste: string, baseline = NONE, r = NONE): Row => ({
    measure: `capacity, ${phase.label}${measure}`,
    piste,
    baseline,
    ratio: r,
    load,
  });
  const perFencerMs = shown ? perFencer(shown, 'replicas') : NaN;
  return [
    row(
      `: most fencers held ${hold} s (0 errors, 0 lost or late events; baseline: target)`,
      held ? String(held.fencers) : `< ${phase.steps[0]?.fencers ?? NONE}`,
      `${TARGET_FENCERS} (target)`,
      held ? ratio(held.fencers, TARGET_FENCERS) : NONE,
    ),
    row(
      `${at}: CPU % of a core, each replica / PostgreSQL / generator / rest of the machine`,
      shown
        ? `${replicaFigures(shown)} / ${figure(shown.cpu.postgres, 0)} / ${figure(shown.cpu.generator, 0)} / ` +
            figure(shown.cpu.others, 0)
        : NONE,
    ),
    row(`${at}: RSS MiB per replica`, shown ? shown.rssMiB.join(' / ') : NONE),
    row(
      `${at}: p99 ms feed / like / comment / message / read`,
      shown
        ? (['feed', 'like', 'comment', 'message', 'read'] as const)
            .map((k) => figure(shown.p99[k], 0))
            .join(' / ')
        : NONE,
    ),
    row(`${at}: live events received per s`, shown ? figure(shown.eventsPerSecond, 0) : NONE),
    row(
      `${at}: CPU per fencer, ms per s, replicas / PostgreSQL (fencers per core at that cost)`,
      shown
        ? `${figure(perFencerMs, 3)} / ${figure(perFencer(shown, 'postgres'), 3)} ` +
            `(${figure(1000 / perFencerMs, 0)} / ${figure(1000 / perFencer(shown, 'postgres'), 0)})`
        : NONE,
    ),
  ];
}

/** Milliseconds of CPU per second and fencer a group of processes used during a step. */
function perFencer(step: StepResult, group: string): number {
  return ((step.cpu[group] ?? NaN) * 10) / step.fencers;
}

function replicaFigures(step: StepResult): string {
  return Object.entries(step.cpu)
    .filter(([name]) => name.startsWith('replica '))
    .map(([, pct]) => figure(pct, 0))
    .join(' + ');
}

/**
 * Capacity: N simulated fencers, each with a socket and MIX's requests, on one replica (then two behind Redis),
 * N raised step by step until a step fails; and the live events of one step with and without coalescing.
 */
export const capacityScenario: Scenario = {
  title: 'Capacity',
  run: async ({ settings, signIns }) => {
    const { steps, holdSeconds } = settings.capacity;
    const max = steps.at(-1)!;
    const prepared = await withServers([() => startPiste(settings)], ([piste]) =>
      plan(settings, signIns, piste, max),
    );
    const phases: Phase[] = [];

    log(`    one replica, counts coalesced (${COUNTS_INTERVAL_MS} ms):`);
    const one = await withTarget(
      settings,
      {
        replicas: 1,
        intervalMs: COUNTS_INTERVAL_MS,
        maxFencers: max,
        watched: prepared.watched,
        batchedCounts: settings.capacity.batchedCounts,
      },
      (target, urls) =>
        runSteps(target, prepared.specs(urls), steps, holdSeconds, log, {
          stopEarly: !settings.capacity.oneReplicaOnly,
        }),
    );
    phases.push({ label: '1 replica', replicas: 1, intervalMs: COUNTS_INTERVAL_MS, steps: one });
    const notes = [
      `each fencer reads the first page of their weapon's feed every ${MIX.feedEveryMs / 1000} s, likes a post of it ` +
        `every ${MIX.likeEveryMs / 1000} s, comments every ${MIX.commentEveryMs / 1000} s and messages a connection ` +
        `(who has the conversation open, and marks it read) every ${MIX.messageEveryMs / 1000} s; a third of them ` +
        `per weapon share the same ${prepared.watched.epee.length} newest posts, each showing ` +
        `${settings.capacity.screenPosts} of them on screen (watched), one in ${THREAD_OPEN_EVERY} with the comments ` +
        `of one open, and a commenter the thread they comment on. ${WORKERS} generator processes; ` +
        `a step fails at a p99 over 250 ms, any failed request or lost socket, a message or comment later than ` +
        `${LATE_MS} ms (counts: ${LATE_MS} ms plus the coalescing interval and, for sockets that take batches as the ` +
        `web client's do, the ${COUNTS_BATCH_MS} ms batch) or not there within ${LOST_MS / 1000} s, ` +
        `or a screen whose last counts differ from the database's.`,
      ...one.map((step) => `1 replica: ${describeStep(step)}`),
    ];
    if (settings.capacity.oneReplicaOnly) {
      return { title: 'Capacity', rows: phaseRows(phases[0], holdSeconds), notes, rounds: { phases } };
    }

    // Where fan-out starts to matter: the first step that failed (or the largest, when every step held).
    const compared = one.find((step) => !step.held)?.fencers ?? one.at(-1)!.fencers;
    const compareSeconds = Math.min(COMPARE_SECONDS, holdSeconds);
    const compareAt = (intervalMs: number, batchedCounts = true) => {
      log(
        `    one replica, ${compared} fencers, ${intervalMs ? 'counts coalesced' : 'every change of counts sent'}, ` +
          `${batchedCounts ? 'in batches' : 'one frame a post'} (${compareSeconds} s):`,
      );
      return withTarget(
        settings,
        { replicas: 1, intervalMs, maxFencers: compared, watched: prepared.watched, batchedCounts },
        async (target, urls) => {
          const failed = await target.fleet.connect(prepared.specs(urls).slice(0, compared));
          await sleep(SETTLE_AFTER_CONNECT_MS);
          // The whole time, held or not: what is compared is how many events each way sends.
          const result = await runStep(target, compared, compareSeconds, { stopEarly: false });
          if (failed.length) result.reasons.unshift(`${failed.length} sockets could not connect`);
          log(`      ${describeStep(result)}`);
          return result;
        },
      );
    };
    const coalesced = await compareAt(COUNTS_INTERVAL_MS);
    const everyChange = await compareAt(0);
    const framePerPost = await compareAt(COUNTS_INTERVAL_MS, false);

    const start = largestHeld(one)?.fencers ?? steps[0];
    // Two steps at most, from where one replica stopped: the run stays within its time.
    const twoSteps = steps.filter((n) => n >= start).slice(0, 2);
    log(`    two replicas behind Redis, counts coalesced:`);
    let two = await withTarget(
      settings,
      { replicas: 2, intervalMs: COUNTS_INTERVAL_MS, maxFencers: max, watched: prepared.watched },
      (target, urls) => runSteps(target, prepared.specs(urls), twoSteps, holdSeconds, log),
    );
    const lower = steps.filter((n) => n < start).at(-1) ?? Math.floor(start / 2);
    if (!largestHeld(two) && lower >= 50) {
      log(`    two replicas, one step lower:`);
      const retry = await withTarget(
        settings,
        { replicas: 2, intervalMs: COUNTS_INTERVAL_MS, maxFencers: lower, watched: prepared.watched },
        (target, urls) => runSteps(target, prepared.specs(urls), [lower], holdSeconds, log),
      );
      two = [...retry, ...two];
    }
    phases.push({ label: '2 replicas', replicas: 2, intervalMs: COUNTS_INTERVAL_MS, steps: two });

    const versus = (measure: string, pick: (step: StepResult) => number): Row => ({
      measure: `capacity, 1 replica at ${compared} for ${compareSeconds} s: ${measure}, counts coalesced vs every change`,
      piste: figure(pick(coalesced), 0),
      baseline: figure(pick(everyChange), 0),
      ratio: ratio(pick(coalesced), pick(everyChange)),
      load: `${coalesced.load} / ${everyChange.load}`,
    });
    const countsFrames = (step: StepResult) =>
      (step.eventsByName['post:counts'] ?? 0) + (step.eventsByName['posts:counts'] ?? 0);
    const batchedVersus = (measure: string, pick: (step: StepResult) => number): Row => ({
      measure:
        `capacity, 1 replica at ${compared} for ${compareSeconds} s, counts coalesced: ${measure}, ` +
        `in batches (as the web client takes them) vs one frame a post`,
      piste: figure(pick(coalesced), 0),
      baseline: figure(pick(framePerPost), 0),
      ratio: ratio(pick(coalesced), pick(framePerPost)),
      load: `${coalesced.load} / ${framePerPost.load}`,
    });
    const rows: Row[] = [
      ...phaseRows(phases[0], holdSeconds),
      versus('live events received per s', (step) => step.eventsPerSecond),
      versus('frames of counts received per s', countsFrames),
      versus('replica CPU %', (step) => step.cpu.replicas),
      batchedVersus('frames of counts received per s', countsFrames),
      batchedVersus('replica CPU %', (step) => step.cpu.replicas),
      batchedVersus('p99 ms of a like', (step) => step.p99.like),
      ...phaseRows(phases[1], holdSeconds),
    ];
    notes.push(
      ...phases
        .slice(1)
        .flatMap((phase) => phase.steps.map((step) => `${phase.label}: ${describeStep(step)}`)),
      `1 replica, counts coalesced: ${describeStep(coalesced)}`,
      `1 replica, every change of counts sent: ${describeStep(everyChange)}`,
      `1 replica, counts coalesced, one frame a post: ${describeStep(framePerPost)}`,
    );
    return { title: 'Capacity', rows, notes, rounds: { phases, coalesced, everyChange, framePerPost } };
  },
};
