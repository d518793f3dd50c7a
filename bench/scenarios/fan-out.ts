import type { Socket } from 'socket.io-client';
import { FANOUT_LIKER, FANOUT_WATCHERS } from '../dataset';
import { startBareRealtime } from '../baselines';
import { withClient } from '../database';
import { startPiste } from '../piste';
import { compare, compareRuns, side, type Row } from '../report';
import type { ServerProcess } from '../server-process';
import type { SignedIn } from '../sessions';
import { closeAll, connectMany, type SocketIdentity } from '../sockets';
import { interleaved, loadAverage, percentile } from '../stats';
import { withServers, type Scenario } from './scenario';

const WATCHERS = 1000;
/** Like, unlike, like … : an even number, so the post ends as it started. */
const TOGGLES = 20;
const DELIVERY_TIMEOUT_MS = 5_000;
const WEAPON = 'epee';

interface Side {
  server: ServerProcess;
  identity(user: SignedIn): SocketIdentity;
  headers: Record<string, string>;
  /** The post's like count before the first toggle. */
  likesBefore(): Promise<number>;
}

export interface FanOutFigures {
  /** Milliseconds from just before the like request to each socket's `post:counts`. */
  p50: number;
  p99: number;
  delivered: number;
  missing: number;
  failedRequests: number;
  statementsPerToggle: number;
  load: number;
}

/** One like or unlike in flight: which sockets have heard of it, and when it was sent. */
interface Toggle {
  startedAt: number;
  likesCount: number;
  heard: boolean[];
  count: number;
  allHeard: () => void;
}

/** Waits for `promise` at most `ms`; true when it settled in time. */
async function within(promise: Promise<void>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), ms)));
  try {
    return await Promise.race([promise.then(() => true), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

async function likeOrUnlike(side: Side, liker: SignedIn, postId: string, like: boolean): Promise<boolean> {
  const res = like
    ? await fetch(`${side.server.url}/api/likes`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...side.headers },
        body: JSON.stringify({ postId }),
      })
    : await fetch(`${side.server.url}/api/likes/${liker.userId}/${postId}`, {
        method: 'DELETE',
        headers: side.headers,
      });
  await res.arrayBuffer();
  return res.status === (like ? 201 : 200);
}

/** 1,000 sockets watch the post; the liker toggles a like TOGGLES times, each time waiting for every socket. */
async function fanOut(
  side: Side,
  watchers: SignedIn[],
  liker: SignedIn,
  postId: string,
): Promise<FanOutFigures> {
  const sockets: Socket[] = await connectMany(side.server.url, WATCHERS, (i) =>
    side.identity(watchers[i % watchers.length]),
  );
  try {
    const latencies: number[] = [];
    let current: Toggle | undefined;
    sockets.forEach((socket, i) => {
      socket.emit('feed:watch', { weapon: WEAPON });
      socket.emit('posts:watch', { postIds: [postId] });
      socket.on('post:counts', (counts: { postId: string; likesCount: number }) => {
        const toggle = current;
        if (!toggle || counts.postId !== postId || counts.likesCount !== toggle.likesCount || toggle.heard[i])
          return;
        toggle.heard[i] = true;
        latencies.push(performance.now() - toggle.startedAt);
        if (++toggle.count === WATCHERS) toggle.allHeard();
      });
    });
    // The server handles the watch events asynchronously; give it a moment to join every room.
    await new Promise((resolve) => setTimeout(resolve, 1_000));

    const likesBefore = await side.likesBefore();
    const statementsBefore = await side.server.statements();
    let missing = 0;
    let failedRequests = 0;
    for (let t = 0; t < TOGGLES; t++) {
      const like = t % 2 === 0;
      let allHeard = () => {};
      const heard = new Promise<void>((resolve) => (allHeard = resolve));
      const toggle: Toggle = {
        startedAt: performance.now(),
        likesCount: likesBefore + (like ? 1 : 0),
        heard: new Array<boolean>(WATCHERS).fill(false),
        count: 0,
        allHeard,
      };
      current = toggle;
      if (!(await likeOrUnlike(side, liker, postId, like))) failedRequests++;
      await within(heard, DELIVERY_TIMEOUT_MS);
      missing += WATCHERS - toggle.count;
      current = undefined;
    }
    return {
      p50: percentile(latencies, 50),
      p99: percentile(latencies, 99),
      delivered: latencies.length,
      missing,
      failedRequests,
      statementsPerToggle: ((await side.server.statements()) - statementsBefore) / TOGGLES,
      load: loadAverage(),
    };
  } finally {
    closeAll(sockets);
  }
}

/** The newest post of the watched feed. */
function watchedPost(databaseUrl: string): Promise<string> {
  return withClient(databaseUrl, async (db) => {
    const { rows } = await db.query<{ id: string }>(
      `SELECT id FROM posts WHERE weapon = $1 ORDER BY "createdAt" DESC, id DESC LIMIT 1`,
      [WEAPON],
    );
    return rows[0].id;
  });
}

/** A run cut short may have left the liker's like on the post: take it back through the API, counters and all. */
async function undoLeftoverLike(
  databaseUrl: string,
  side: Side,
  liker: SignedIn,
  postId: string,
): Promise<void> {
  const leftover = await withClient(databaseUrl, async (db) => {
    const { rowCount } = await db.query(`SELECT 1 FROM likes WHERE "userId" = $1 AND "postId" = $2`, [
      liker.userId,
      postId,
    ]);
    return rowCount === 1;
  });
  if (leftover && !(await likeOrUnlike(side, liker, postId, false))) {
    throw new Error('could not take back a like left by an earlier run');
  }
}

function rows(piste: FanOutFigures[], bare: FanOutFigures[]): Row[] {
  // Latencies only of the runs that delivered anything; the load of every run.
  const delivered = (runs: FanOutFigures[], pick: (f: FanOutFigures) => number) => ({
    ...side(runs, pick),
    values: runs.filter((f) => f.delivered > 0).map(pick),
  });
  const label = `like → post:counts on ${WATCHERS} sockets`;
  const latency = (measure: string, pick: (f: FanOutFigures) => number) =>
    compare(measure, delivered(piste, pick), delivered(bare, pick));
  const result = [
    latency(`${label}: p50 ms`, (f) => f.p50),
    latency(`${label}: p99 ms`, (f) => f.p99),
    compareRuns('like/unlike: SQL statements per request', piste, bare, (f) => f.statementsPerToggle, 2),
  ];
  const noDelivery = (runs: FanOutFigures[]) => runs.every((f) => f.delivered === 0);
  for (const row of result.slice(0, 2)) {
    if (noDelivery(piste)) row.piste = 'no delivery';
    if (noDelivery(bare)) row.baseline = 'no delivery';
  }
  return result;
}

/**
 * 1,000 signed-in sockets (sharing 20 sessions) watch one post (`feed:watch` and `posts:watch`); a user likes and
 * unlikes it through the API; latency from the request to each socket's `post:counts`. The bare server
 * broadcasts the same event to one room from its POST handler.
 */
export const fanOutScenario: Scenario = {
  title: 'Fan-out',
  run: ({ settings, signIns }) =>
    withServers([() => startPiste(settings), startBareRealtime], async ([piste, bare]) => {
      const postId = await watchedPost(settings.databaseUrl);
      const watchers = await signIns.all(piste.url, FANOUT_WATCHERS);
      const liker = await signIns.as(piste.url, FANOUT_LIKER);
      const pisteSide: Side = {
        server: piste,
        identity: (user) => ({ cookie: user.cookie }),
        headers: { cookie: liker.cookie },
        likesBefore: () =>
          withClient(settings.databaseUrl, async (db) => {
            const { rows } = await db.query<{ likesCount: number }>(
              `SELECT "likesCount" FROM posts WHERE id = $1`,
              [postId],
            );
            return rows[0].likesCount;
          }),
      };
      const bareSide: Side = {
        server: bare,
        identity: (user) => ({ query: { user: user.userId } }),
        headers: {},
        likesBefore: () => Promise.resolve(0),
      };
      await undoLeftoverLike(settings.databaseUrl, pisteSide, liker, postId);
      const rounds = await interleaved(settings.rounds, {
        piste: () => fanOut(pisteSide, watchers, liker, postId),
        bare: () => fanOut(bareSide, watchers, liker, postId),
      });
      const summary = (runs: FanOutFigures[]) =>
        `${runs.reduce((s, f) => s + f.delivered, 0)} delivered, ${runs.reduce((s, f) => s + f.missing, 0)} missing, ` +
        `${runs.reduce((s, f) => s + f.failedRequests, 0)} failed requests`;
      return {
        title: 'Fan-out',
        rows: rows(rounds.piste, rounds.bare),
        notes: [
          `${TOGGLES} likes/unlikes per round, each awaited on every socket (up to ${DELIVERY_TIMEOUT_MS / 1000} s); ` +
            `Piste: ${summary(rounds.piste)}; bare: ${summary(rounds.bare)}.`,
        ],
        rounds,
      };
    }),
};
