import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { startBareRealtime } from '../baselines';
import { USERS } from '../dataset';
import { startPiste } from '../piste';
import { compareRuns, figure } from '../report';
import type { ServerProcess } from '../server-process';
import { interleaved, loadAverage } from '../stats';
import type { IdleSocketSpec } from '../load/idle-worker';
import { mintSessions } from '../load/minted-sessions';
import { openFileLimit, rssBytes } from '../load/process-stats';
import { WorkerProcess } from '../load/worker-process';
import { withServers, type Scenario } from './scenario';

/** Processes the idle sockets are spread over, each connecting from a loopback address of its own. */
const WORKERS = 4;
/** Descriptors a process needs beyond one per socket (a server uses a few dozen: database pool, pipes, files). */
const SPARE_DESCRIPTORS = 200;
/** After the last handshake, time for the server to finish joining rooms and arming timers. */
const SETTLE_MS = 5_000;
/** Rounds of each side: 20,000 handshakes take a while, so fewer than the other scenarios. */
const ROUNDS = 2;

export interface IdleFigures {
  sockets: number;
  /** Seconds from the first handshake to the last socket connected. */
  connectSeconds: number;
  kibPerSocket: number;
  rssMiB: number;
  refused: number;
  /** Sockets still open after the settle time (none should have been lost). */
  open: number;
  load: number;
}

/**
 * Heap of the server with no socket, then with every socket connected and idle (each process of `workers`
 * connecting its share at once, 100 handshakes at a time); the difference per socket, and how long the
 * handshakes took. A few sockets come and go first, so that one-time allocations are not charged to them.
 */
async function idleSockets(
  server: ServerProcess,
  workers: WorkerProcess[],
  specs: IdleSocketSpec[],
): Promise<IdleFigures> {
  const share = (w: number) => specs.filter((_, i) => i % workers.length === w);
  const connectAll = async (list: (w: number) => IdleSocketSpec[]) =>
    Promise.all(
      workers.map((worker, w) =>
        worker.request<{ connected: number; failed: string[] }>('connect', {
          url: server.url,
          specs: list(w),
          localAddress: `127.0.0.${20 + w}`,
        }),
      ),
    );
  const closeAll = () => Promise.all(workers.map((w) => w.request('close')));
  await connectAll((w) => share(w).slice(0, 10));
  await closeAll();
  await sleep(SETTLE_MS);
  const heapBefore = await server.heapUsed();
  const started = performance.now();
  const replies = await connectAll(share);
  const connectSeconds = (performance.now() - started) / 1000;
  try {
    await sleep(SETTLE_MS);
    const heapAfter = await server.heapUsed();
    const statuses = await Promise.all(workers.map((w) => w.request<{ open: number }>('status')));
    const connected = replies.reduce((s, r) => s + r.connected, 0);
    return {
      sockets: connected,
      connectSeconds,
      kibPerSocket: (heapAfter - heapBefore) / connected / 1024,
      rssMiB: rssBytes(server.pid) / 2 ** 20,
      refused: replies.reduce((s, r) => s + r.failed.length, 0),
      open: statuses.reduce((s, r) => s + r.open, 0),
      load: loadAverage(),
    };
  } finally {
    await closeAll();
    // Let the server drop them before the next measurement of either side.
    await sleep(SETTLE_MS);
  }
}

/**
 * Idle sockets at scale: BENCH_IDLE_SOCKETS (20,000) signed-in sockets on one Piste (a session each, two per
 * user), and as many plain sockets on the bare Socket.IO server; heap per socket, memory and the time to connect
 * them all, from four client processes.
 */
export const idleSocketsScenario: Scenario = {
  title: 'Idle sockets',
  run: async ({ settings, signIns }) => {
    const openFiles = settings.idleSockets + SPARE_DESCRIPTORS;
    const workers = Array.from(
      { length: WORKERS },
      () =>
        new WorkerProcess(
          join(__dirname, '../load/idle-worker.js'),
          Math.ceil(settings.idleSockets / WORKERS) + SPARE_DESCRIPTORS,
        ),
    );
    try {
      return await withServers(
        [() => startPiste(settings, { openFiles }), () => startBareRealtime(openFiles)],
        async ([piste, bare]) => {
          const limits = [piste, bare, ...workers].map((p) => openFileLimit(p.pid));
          // A server at its open-file limit refuses connections: stay below what the hard limit allowed.
          const count = Math.min(settings.idleSockets, Math.min(...limits.slice(0, 2)) - SPARE_DESCRIPTORS);
          const sessions = await mintSessions(
            settings.databaseUrl,
            piste.url,
            signIns,
            Array.from({ length: count }, (_, i) => (i % USERS) + 1),
          );
          const pisteSpecs = sessions.map((s) => ({ cookie: s.cookie }));
          const bareSpecs = sessions.map((s) => ({ query: { user: s.userId } }));
          const rounds = await interleaved(ROUNDS, {
            piste: () => idleSockets(piste, workers, pisteSpecs),
            bare: () => idleSockets(bare, workers, bareSpecs),
          });
          const label = `${count} idle sockets`;
          const short = [...rounds.piste, ...rounds.bare].filter(
            (f) => f.sockets < count || f.open < f.sockets,
          );
          return {
            title: 'Idle sockets',
            rows: [
              compareRuns(`${label}: heap per socket, KiB`, rounds.piste, rounds.bare, (f) => f.kibPerSocket),
              compareRuns(
                `${label}: seconds to connect them all`,
                rounds.piste,
                rounds.bare,
                (f) => f.connectSeconds,
              ),
              compareRuns(`${label}: server RSS, MiB`, rounds.piste, rounds.bare, (f) => f.rssMiB, 0),
            ],
            notes: [
              `${ROUNDS} rounds; sockets from ${WORKERS} processes, 100 handshakes at a time each; Piste: a session per ` +
                `socket (two per user), bare: the user in the query. Open-file limits (Piste, bare, clients): ` +
                `${limits.map((l) => figure(l, 0)).join(', ')}` +
                (count < settings.idleSockets
                  ? `: ${count} sockets, not the ${settings.idleSockets} asked for, as the servers may not open more ` +
                    `files (raising the hard limit needs CAP_SYS_RESOURCE).`
                  : '.'),
              ...(short.length
                ? [
                    `some rounds did not hold every socket: ${short
                      .map((f) => `${f.sockets} connected (${f.refused} refused), ${f.open} still open`)
                      .join('; ')}.`,
                  ]
                : []),
            ],
            rounds,
          };
        },
      );
    } finally {
      await Promise.all(workers.map((w) => w.stop()));
    }
  },
};
