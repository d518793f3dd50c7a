import { setTimeout as sleep } from 'node:timers/promises';
import { freePort } from '../../test/free-port';
import { withClient } from '../database';
import { startPiste } from '../piste';
import { figure, ratio, type Row } from '../report';
import type { ServerProcess } from '../server-process';
import { loadAverage } from '../stats';
import { mintSessions, type MintedSession } from '../load/minted-sessions';
import { startPrivateRedis, type PrivateRedis } from '../load/private-redis';
import { RawSocket } from '../load/raw-socket';
import { withServers, type Scenario } from './scenario';

const REPLICAS = 4;
const SOCKETS_PER_REPLICA = 50;
/** Actions of each kind; a like is taken back each time, so the data set stays as seeded. */
const ACTIONS = 40;
/** Users of the sockets: pairs (n, n+1) are connected in the data set, so they may message each other. */
const FIRST_USER = 6001;
/** Likes and takes back; has no seeded reactions (see REACTING_USERS). */
const LIKER = 9993;
const ADAPTERS = ['sharded', 'classic'] as const;
type AdapterName = (typeof ADAPTERS)[number];

interface Replica {
  server: ServerProcess;
  metricsUrl: string;
}

interface Traffic {
  /** Events the replicas emitted (each one publish through Redis). */
  events: number;
  /** Messages each replica's adapter received from Redis. */
  received: number[];
  /** Commands Redis processed. */
  commands: number;
}

export interface KindFigures extends Traffic {
  /** Messages a replica receives per event, averaged over the replicas. */
  perReplicaPerEvent: number;
  /** Frames the sockets got, to show the events did arrive. */
  delivered: number;
}

export interface AdapterFigures {
  adapter: AdapterName;
  kinds: Record<string, KindFigures>;
  /** Redis commands per socket for connecting and watching a feed and two posts. */
  commandsPerSocket: number;
  subscriptions: number;
  load: number;
}

async function metricValues(url: string): Promise<{ received: number; events: number }> {
  const text = await (await fetch(url)).text();
  let received = 0;
  let events = 0;
  for (const line of text.split('\n')) {
    if (line.startsWith('piste_redis_messages_received_total ')) received = Number(line.split(' ')[1]);
    if (line.startsWith('piste_events_emitted_total{')) events += Number(line.split(' ').at(-1));
  }
  return { received, events };
}

async function traffic(replicas: Replica[], redis: PrivateRedis): Promise<Traffic> {
  const values = await Promise.all(replicas.map((r) => metricValues(r.metricsUrl)));
  const info = await redis.info();
  return {
    events: values.reduce((s, v) => s + v.events, 0),
    received: values.map((v) => v.received),
    commands: Number(info.total_commands_processed),
  };
}

function since(before: Traffic, after: Traffic, delivered: number): KindFigures {
  const events = after.events - before.events;
  const received = after.received.map((n, i) => n - before.received[i]);
  return {
    events,
    received,
    commands: after.commands - before.commands,
    perReplicaPerEvent: received.reduce((s, n) => s + n, 0) / (events * received.length),
    delivered,
  };
}

/** The newest post of each weapon: one watched on every replica, the rest one replica's each. */
async function postsToWatch(databaseUrl: string): Promise<{ hot: string; local: string[] }> {
  return withClient(databaseUrl, async (db) => {
    const { rows } = await db.query<{ id: string; weapon: string }>(
      `(SELECT id, weapon FROM posts WHERE weapon = 'epee' ORDER BY "createdAt" DESC, id DESC LIMIT 1)
       UNION ALL
       (SELECT id, weapon FROM posts WHERE weapon = 'sabre' ORDER BY "createdAt" DESC, id DESC LIMIT ${REPLICAS})`,
    );
    return { hot: rows[0].id, local: rows.slice(1).map((r) => r.id) };
  });
}

async function measureAdapter(
  adapter: AdapterName,
  settings: Parameters<Scenario['run']>[0]['settings'],
  sessions: MintedSession[],
  liker: MintedSession,
  posts: { hot: string; local: string[] },
): Promise<AdapterFigures> {
  const redis = await startPrivateRedis();
  if (!redis) throw new Error('redis-server is needed for this scenario');
  try {
    const ports = await Promise.all(Array.from({ length: REPLICAS }, () => freePort()));
    const starts = ports.map(
      (port) => () =>
        startPiste(settings, {
          env: {
            REDIS_URL: redis.url,
            REDIS_KEY_PREFIX: 'piste-bench',
            REDIS_ADAPTER: adapter,
            // Every change its own event: the figures are per event.
            POST_COUNTS_INTERVAL_MS: '0',
            METRICS_PORT: String(port),
            METRICS_HOST: '127.0.0.1',
          },
        }),
    );
    return await withServers(starts, async (servers) => {
      const replicas = servers.map((server, i) => ({
        server,
        metricsUrl: `http://127.0.0.1:${ports[i]}/metrics`,
      }));
      let delivered = 0;
      const sockets: RawSocket[] = [];
      try {
        const beforeConnect = await redis.info();
        const subscriptionsBefore =
          Number(beforeConnect.pubsubshard_channels ?? 0) + Number(beforeConnect.pubsub_channels);
        for (let i = 0; i < sessions.length; i++) {
          const replica = i % REPLICAS;
          const socket = new RawSocket({
            url: replicas[replica].server.url,
            cookie: sessions[i].cookie,
            onEvent: () => delivered++,
          });
          await socket.connected;
          await socket.emit('feed:watch', { weapon: 'epee' });
          await socket.emit('posts:watch', { postIds: [posts.hot, posts.local[replica]] });
          sockets.push(socket);
        }
        await sleep(500);
        const afterConnect = await redis.info();
        const commandsPerSocket =
          (Number(afterConnect.total_commands_processed) - Number(beforeConnect.total_commands_processed)) /
          sessions.length;
        const subscriptions =
          Number(afterConnect.pubsubshard_channels ?? 0) +
          Number(afterConnect.pubsub_channels) -
          subscriptionsBefore;

        const api = (path: string, method: string, cookie: string, body?: unknown) =>
          fetch(`${replicas[0].server.url}${path}`, {
            method,
            headers: { cookie, ...(body ? { 'content-type': 'application/json' } : {}) },
            body: body ? JSON.stringify(body) : undefined,
          }).then(async (res) => {
            await res.arrayBuffer();
            if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status}`);
          });
        const kinds: Record<string, () => Promise<void>> = {
          [`like and unlike, post shown on 1 of ${REPLICAS} replicas`]: async () => {
            await api('/api/likes', 'POST', liker.cookie, { postId: posts.local[2] });
            await api(`/api/likes/${liker.userId}/${posts.local[2]}`, 'DELETE', liker.cookie);
          },
          [`like and unlike, post shown on all ${REPLICAS} replicas`]: async () => {
            await api('/api/likes', 'POST', liker.cookie, { postId: posts.hot });
            await api(`/api/likes/${liker.userId}/${posts.hot}`, 'DELETE', liker.cookie);
          },
          // Fencer 1 (on replica 1) writes to fencer 0 (on replica 0): the pair is connected.
          'direct message between two replicas': () =>
            api('/api/messages', 'POST', sessions[1].cookie, {
              receiverId: sessions[0].userId,
              content: 'Bench message across replicas',
            }),
        };
        const figures: Record<string, KindFigures> = {};
        const start = await traffic(replicas, redis);
        for (const [kind, action] of Object.entries(kinds)) {
          const deliveredBefore = delivered;
          const before = await traffic(replicas, redis);
          for (let n = 0; n < ACTIONS; n++) await action();
          await sleep(500);
          figures[kind] = since(before, await traffic(replicas, redis), delivered - deliveredBefore);
        }
        figures.all = since(
          start,
          await traffic(replicas, redis),
          Object.values(figures).reduce((s, f) => s + f.delivered, 0),
        );
        return { adapter, kinds: figures, commandsPerSocket, subscriptions, load: loadAverage() };
      } finally {
        sockets.forEach((s) => s.close());
      }
    });
  } finally {
    await redis.stop();
  }
}

/**
 * Cross-replica traffic at four replicas behind a Redis of the bench's own: 200 sockets (50 per replica) watch the
 * épée feed, the newest épée post (every replica) and one sabre post of their replica's; likes (taken back) and
 * direct messages go through replica 1. For the sharded adapter (a channel per room) and the classic one (every
 * replica hears everything): how many messages each replica receives from Redis per event, read from
 * `piste_redis_messages_received_total`.
 */
export const redisTrafficScenario: Scenario = {
  title: 'Redis traffic',
  run: async ({ settings, signIns }) => {
    const posts = await postsToWatch(settings.databaseUrl);
    const users = Array.from({ length: REPLICAS * SOCKETS_PER_REPLICA }, (_, i) => FIRST_USER + i);
    const { sessions, liker } = await withServers([() => startPiste(settings)], async ([piste]) => {
      const minted = await mintSessions(settings.databaseUrl, piste.url, signIns, [...users, LIKER]);
      return { sessions: minted.slice(0, users.length), liker: minted[users.length] };
    });
    const results: AdapterFigures[] = [];
    for (const adapter of ADAPTERS) {
      console.log(`    ${adapter} adapter`);
      results.push(await measureAdapter(adapter, settings, sessions, liker, posts));
    }
    const [sharded, classic] = results;
    const rows: Row[] = Object.keys(sharded.kinds).map((kind) => ({
      measure: `Redis, ${REPLICAS} replicas, messages a replica receives per event (sharded vs classic): ${kind}`,
      piste: figure(sharded.kinds[kind].perReplicaPerEvent, 2),
      baseline: figure(classic.kinds[kind].perReplicaPerEvent, 2),
      ratio: ratio(sharded.kinds[kind].perReplicaPerEvent, classic.kinds[kind].perReplicaPerEvent),
      load: `${sharded.load} / ${classic.load}`,
    }));
    rows.push({
      measure: `Redis commands per socket to connect and watch a feed and two posts (sharded vs classic)`,
      piste: figure(sharded.commandsPerSocket, 1),
      baseline: figure(classic.commandsPerSocket, 1),
      ratio: ratio(sharded.commandsPerSocket, classic.commandsPerSocket),
      load: `${sharded.load} / ${classic.load}`,
    });
    const describe = (f: AdapterFigures) =>
      `${f.adapter}: ${f.subscriptions} channels subscribed for ${sessions.length} sockets; ` +
      Object.entries(f.kinds)
        .map(
          ([kind, k]) =>
            `${kind}: ${k.events} events, received per replica ${k.received.join('/')}, ${k.commands} Redis ` +
            `commands, ${k.delivered} frames delivered`,
        )
        .join('; ');
    return {
      title: 'Redis traffic',
      rows,
      notes: [
        `${ACTIONS} actions of each kind through replica 1, each like taken back at once (every change sent: ` +
          `POST_COUNTS_INTERVAL_MS=0); a like also tells the liker's own room (post:viewer) and the author's ` +
          `(notification), who have no socket here.`,
        describe(sharded),
        describe(classic),
      ],
      rounds: results,
    };
  },
};
