import { readFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { HEAP_USERS } from '../dataset';
import { startBareRealtime } from '../baselines';
import { startPiste } from '../piste';
import { compareRuns } from '../report';
import type { ServerProcess } from '../server-process';
import type { SignedIn } from '../sessions';
import { closeAll, connectMany, type SocketIdentity } from '../sockets';
import { interleaved, loadAverage } from '../stats';
import { withServers, type Scenario } from './scenario';

const SOCKETS = 3000;
const BATCH = 200;
/** Descriptors a process needs beyond one per socket (files, pools, pipes); each side of a socket is in its own process. */
const SPARE_DESCRIPTORS = 1000;
/** After the last handshake, time for the server to finish joining rooms and arming timers. */
const SETTLE_MS = 3_000;

export interface HeapFigures {
  sockets: number;
  heapBefore: number;
  heapAfter: number;
  kibPerSocket: number;
  load: number;
}

/** The soft limit on open files per process, which the servers this process spawns inherit. */
function openFileLimit(): number {
  const line = readFileSync('/proc/self/limits', 'utf8')
    .split('\n')
    .find((l) => l.startsWith('Max open files'));
  const soft = line?.split(/\s{2,}/)[1];
  return soft && /^\d+$/.test(soft) ? Number(soft) : Infinity;
}

/**
 * Heap of the server (after two full collections) with no socket, then with `count` idle sockets connected;
 * the difference per socket. A few sockets come and go first, so that one-time allocations of the first
 * connection are not charged to the sockets.
 */
async function heapPerSocket(
  server: ServerProcess,
  count: number,
  identityOf: (i: number) => SocketIdentity,
): Promise<HeapFigures> {
  closeAll(await connectMany(server.url, 50, identityOf));
  await sleep(SETTLE_MS);
  const heapBefore = await server.heapUsed();
  const sockets = await connectMany(server.url, count, identityOf, BATCH);
  try {
    await sleep(SETTLE_MS);
    const heapAfter = await server.heapUsed();
    return {
      sockets: count,
      heapBefore,
      heapAfter,
      kibPerSocket: (heapAfter - heapBefore) / count / 1024,
      load: loadAverage(),
    };
  } finally {
    closeAll(sockets);
    // Let the server drop them before the next measurement of either side.
    await sleep(SETTLE_MS);
  }
}

/**
 * Heap per idle signed-in socket: 3,000 sockets (sharing 30 sessions) on Piste, 3,000 plain sockets on a bare
 * Socket.IO server, measured inside each server by the bench probe.
 */
export const socketHeapScenario: Scenario = {
  title: 'Heap per idle socket',
  run: ({ settings, signIns }) =>
    withServers([() => startPiste(settings), startBareRealtime], async ([piste, bare]) => {
      const limit = openFileLimit();
      const count = Math.min(SOCKETS, Math.max(100, limit - SPARE_DESCRIPTORS));
      const users: SignedIn[] = await signIns.all(piste.url, HEAP_USERS);
      const rounds = await interleaved(settings.rounds, {
        piste: () => heapPerSocket(piste, count, (i) => ({ cookie: users[i % users.length].cookie })),
        bare: () => heapPerSocket(bare, count, () => ({})),
      });
      return {
        title: 'Heap per idle socket',
        rows: [
          compareRuns(
            `heap per idle socket (${count} sockets), KiB`,
            rounds.piste,
            rounds.bare,
            (f) => f.kibPerSocket,
          ),
        ],
        notes:
          count < SOCKETS
            ? [`only ${count} sockets: the open-file limit is ${limit} (raise it with ulimit -n).`]
            : [],
        rounds,
      };
    }),
};
