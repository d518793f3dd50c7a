import { randomUUID } from 'node:crypto';
import type { Socket } from 'socket.io-client';
import { DM_PAIRS } from '../dataset';
import { startBareRealtime } from '../baselines';
import { startPiste } from '../piste';
import { compareRuns, statusTally } from '../report';
import type { ServerProcess } from '../server-process';
import type { SignedIn } from '../sessions';
import { closeAll, connectSocket, type SocketIdentity } from '../sockets';
import { interleaved, loadAverage, percentile } from '../stats';
import { withServers, type Scenario } from './scenario';

const MESSAGES_PER_SENDER = 20;
const DELIVERY_TIMEOUT_MS = 15_000;

interface Pair {
  sender: SignedIn;
  receiver: SignedIn;
}

/** How one side is addressed: Piste by session cookie, the bare server by a user id it takes on trust. */
interface Side {
  server: ServerProcess;
  identity(user: SignedIn): SocketIdentity;
  headers(user: SignedIn): Record<string, string>;
}

export interface DmFigures {
  /** Milliseconds from just before the POST to the receiver's `message:new`. */
  p50: number;
  p99: number;
  delivered: number;
  missing: number;
  /** POSTs answered with another status than 201, by status. */
  refused: Record<string, number>;
  statementsPerMessage: number;
  load: number;
}

/** Resolves when every expected message arrived, or after the timeout with what did. */
function deliveries(pending: Map<string, number>): Promise<void> {
  return new Promise((resolve) => {
    const deadline = Date.now() + DELIVERY_TIMEOUT_MS;
    const check = () => (pending.size === 0 || Date.now() > deadline ? resolve() : setTimeout(check, 20));
    check();
  });
}

/** Every sender sends its messages one after another, all senders at once; receivers listen on their sockets. */
async function sendAll(side: Side, pairs: Pair[]): Promise<DmFigures> {
  const pending = new Map<string, number>();
  const latencies: number[] = [];
  const sockets: Socket[] = await Promise.all(
    pairs.map((pair) => connectSocket(side.server.url, side.identity(pair.receiver))),
  );
  try {
    for (const socket of sockets) {
      socket.on('message:new', (event: { message: { content: string } }) => {
        const sentAt = pending.get(event.message.content);
        if (sentAt === undefined) return;
        latencies.push(performance.now() - sentAt);
        pending.delete(event.message.content);
      });
    }
    const statementsBefore = await side.server.statements();
    const refused: Record<string, number> = {};
    const run = randomUUID().slice(0, 8);
    await Promise.all(
      pairs.map(async (pair, k) => {
        for (let m = 0; m < MESSAGES_PER_SENDER; m++) {
          const content = `Bench message ${run}-${k}-${m}`;
          pending.set(content, performance.now());
          const res = await fetch(`${side.server.url}/api/messages`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', ...side.headers(pair.sender) },
            body: JSON.stringify({ receiverId: pair.receiver.userId, content }),
          });
          await res.arrayBuffer();
          if (res.status !== 201) {
            refused[res.status] = (refused[res.status] ?? 0) + 1;
            pending.delete(content);
          }
        }
      }),
    );
    await deliveries(pending);
    const sent = pairs.length * MESSAGES_PER_SENDER;
    return {
      p50: percentile(latencies, 50),
      p99: percentile(latencies, 99),
      delivered: latencies.length,
      missing: pending.size,
      refused,
      statementsPerMessage: ((await side.server.statements()) - statementsBefore) / sent,
      load: loadAverage(),
    };
  } finally {
    closeAll(sockets);
  }
}

/**
 * 50 senders × 20 messages through `POST /api/messages` to 50 receivers, each connected by socket: latency from
 * just before the POST to the receiver's `message:new`. The bare server emits the same event from its POST
 * handler, with no database.
 */
export const directMessagesScenario: Scenario = {
  title: 'Direct messages',
  run: ({ settings, signIns }) =>
    withServers([() => startPiste(settings), startBareRealtime], async ([piste, bare]) => {
      const senders = await signIns.all(
        piste.url,
        DM_PAIRS.map((p) => p.sender),
      );
      const receivers = await signIns.all(
        piste.url,
        DM_PAIRS.map((p) => p.receiver),
      );
      const pairs = senders.map((sender, k) => ({ sender, receiver: receivers[k] }));
      const pisteSide: Side = {
        server: piste,
        identity: (user) => ({ cookie: user.cookie }),
        headers: (user) => ({ cookie: user.cookie }),
      };
      const bareSide: Side = {
        server: bare,
        identity: (user) => ({ query: { user: user.userId } }),
        headers: (user) => ({ 'x-bench-user': user.userId }),
      };
      const rounds = await interleaved(settings.rounds, {
        piste: () => sendAll(pisteSide, pairs),
        bare: () => sendAll(bareSide, pairs),
      });
      const outcome = (runs: DmFigures[]) =>
        `${runs.reduce((sum, f) => sum + f.missing, 0)} sent but not delivered, ` +
        `refused: ${statusTally(runs.map((f) => f.refused)) || 'none'}`;
      return {
        title: 'Direct messages',
        rows: [
          compareRuns('DM POST → message:new: p50 ms', rounds.piste, rounds.bare, (f) => f.p50),
          compareRuns('DM POST → message:new: p99 ms', rounds.piste, rounds.bare, (f) => f.p99),
          compareRuns(
            'DM: SQL statements per message',
            rounds.piste,
            rounds.bare,
            (f) => f.statementsPerMessage,
            2,
          ),
        ],
        notes: [
          `${DM_PAIRS.length} senders × ${MESSAGES_PER_SENDER} messages per round; ` +
            `Piste: ${outcome(rounds.piste)}; bare: ${outcome(rounds.bare)}. Latencies are of delivered messages.`,
        ],
        rounds,
      };
    }),
};
