/**
 * One process of the capacity scenario's load generator: it plays the fencers the bench hands it (a socket each,
 * and MIX's requests), counts every event frame without decoding it, and checks deliveries on a few probe
 * sockets and on every message's receiver. Driven by `FencerFleet` over IPC.
 */
import { Agent, request } from 'node:http';
import type { Weapon } from '@piste/contracts';
import {
  DELIVERY_KINDS,
  MIX,
  REQUEST_KINDS,
  type CountsCheck,
  type DeliveryKind,
  type DeliveryRules,
  type FencerSpec,
  type PostTruth,
  type RequestKind,
  type WorkerSample,
} from './fencers';
import { eventPrefix, framePayload, frameIs, RawSocket } from './raw-socket';
import { serveRequests } from './worker-process';

const COUNTS = eventPrefix('post:counts');
const BATCH = eventPrefix('posts:counts');
const COMMENT = eventPrefix('comment:created');
const MESSAGE = eventPrefix('message:new');
const NAMED = [
  'post:counts',
  'posts:counts',
  'comment:created',
  'message:new',
  'message:read',
  'notification',
  'post:viewer',
].map((name) => ({ name, prefix: eventPrefix(name) }));
/** `42["post:counts",{"postId":"` — the id follows at a fixed place when the payload starts with it. */
const POST_ID_AT = 2 + COUNTS.length + '{"postId":"'.length;
const POST_ID_KEY = Buffer.from('{"postId":"');
const CONNECT_BATCH = 50;

interface Fencer extends FencerSpec {
  socket: RawSocket;
  /** Posts whose comments are open now. */
  openThreads: string[];
  /** Per post on screen, the tail of the last counts frame (from the post id on). */
  lastCounts: Map<string, string>;
  /** Probes only: per post, each rise of the like count seen and when. */
  seen?: Map<string, { likes: number[]; at: number[] }>;
  nextLike: number;
  timers: NodeJS.Timeout[];
}

interface PendingLike {
  likes: number;
  sentAt: number;
  waiting: Set<Fencer>;
}

interface PendingMessage {
  sentAt: number;
  receiver: Fencer;
}

interface PendingComment {
  sentAt: number;
  waiting: Set<Fencer>;
}

const agent = new Agent({ keepAlive: true, maxSockets: 128 });
const fencers: Fencer[] = [];
const byIndex = new Map<number, Fencer>();
const probesOf = new Map<Weapon, Fencer[]>();
let rules: DeliveryRules;
/** The sockets take counts in batches, as the web client's do. */
let batchedCounts = true;
let acting = false;
let inFlight = 0;
let sequence = 0;
const workerTag = `${process.pid}`;

const pendingLikes = new Map<string, PendingLike[]>();
const pendingMessages = new Map<string, PendingMessage>();
const pendingComments = new Map<string, PendingComment>();

let sample = emptySample();
let cpuBefore = process.cpuUsage();

function emptySample(): WorkerSample {
  const byKind = <K extends string, V>(kinds: readonly K[], make: () => V) =>
    Object.fromEntries(kinds.map((k) => [k, make()])) as Record<K, V>;
  return {
    latencies: byKind(REQUEST_KINDS, () => [] as number[]),
    failures: {},
    events: {},
    deliveries: byKind(DELIVERY_KINDS, () => [] as number[]),
    late: byKind(DELIVERY_KINDS, () => 0),
    lost: byKind(DELIVERY_KINDS, () => 0),
    disconnects: 0,
    skipped: 0,
    cpuMicros: 0,
  };
}

function delivered(kind: DeliveryKind, sentAt: number, at: number): void {
  const ms = at - sentAt;
  sample.deliveries[kind].push(Math.round(ms * 10) / 10);
  const allowed = rules.lateMs + (kind === 'counts' ? rules.countsIntervalMs : 0);
  if (ms > allowed) sample.late[kind]++;
}

interface Reply {
  status: number;
  json: () => unknown;
}

/** One HTTP request as the fencer's browser sends it; its latency and failure are recorded under `kind`. */
async function send(
  fencer: Fencer,
  kind: RequestKind,
  method: 'GET' | 'POST',
  path: string,
  body?: unknown,
): Promise<Reply | null> {
  const startedAt = performance.now();
  inFlight++;
  let outcome = await attempt(fencer, method, path, body);
  // A kept-alive connection the server closed just as it was reused, before any reply: the request never reached
  // the app, and a browser sends it again (Chromium does so for any method).
  if ('reused' in outcome) outcome = await attempt(fencer, method, path, body);
  inFlight--;
  sample.latencies[kind].push(Math.round((performance.now() - startedAt) * 10) / 10);
  const failure =
    'failure' in outcome
      ? outcome.failure
      : outcome.status >= 200 && outcome.status < 300
        ? undefined
        : String(outcome.status);
  if (failure) sample.failures[`${kind} ${failure}`] = (sample.failures[`${kind} ${failure}`] ?? 0) + 1;
  return 'status' in outcome ? outcome : null;
}

function attempt(
  fencer: Fencer,
  method: 'GET' | 'POST',
  path: string,
  body?: unknown,
): Promise<Reply | { failure: string; reused?: true }> {
  const url = new URL(path, fencer.url);
  const payload = body === undefined ? undefined : JSON.stringify(body);
  return new Promise((resolve) => {
    const req = request(
      url,
      {
        method,
        agent,
        headers: {
          cookie: fencer.cookie,
          ...(payload === undefined
            ? {}
            : { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) }),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const status = res.statusCode ?? 0;
          resolve({ status, json: () => JSON.parse(Buffer.concat(chunks).toString()) as unknown });
        });
        res.on('error', (err: NodeJS.ErrnoException) => resolve({ failure: err.code ?? 'error' }));
      },
    );
    req.on('error', (err: NodeJS.ErrnoException) =>
      resolve(
        req.reusedSocket && err.code === 'ECONNRESET'
          ? { failure: err.code, reused: true }
          : { failure: err.code ?? 'error' },
      ),
    );
    req.end(payload);
  });
}

function onFrame(fencer: Fencer, frame: Buffer): void {
  const at = performance.now();
  const named = NAMED.find(({ prefix }) => frameIs(frame, prefix));
  const name = named?.name ?? 'other';
  sample.events[name] = (sample.events[name] ?? 0) + 1;
  if (name === 'post:counts') {
    let postId: string;
    let tail: string;
    if (
      frame.compare(POST_ID_KEY, 0, POST_ID_KEY.length, POST_ID_AT - POST_ID_KEY.length, POST_ID_AT) === 0
    ) {
      postId = frame.toString('latin1', POST_ID_AT, POST_ID_AT + 36);
      tail = frame.toString('latin1', POST_ID_AT + 36);
    } else {
      const counts = framePayload<{ postId: string }>(frame, COUNTS);
      postId = counts.postId;
      tail = JSON.stringify(counts);
    }
    sawCounts(fencer, postId, tail, at);
  } else if (name === 'posts:counts') {
    const { counts } = framePayload<{ counts: { postId: string }[] }>(frame, BATCH);
    for (const postCounts of counts) sawCounts(fencer, postCounts.postId, JSON.stringify(postCounts), at);
  } else if (name === 'comment:created' && fencer.probe) {
    const { comment } = framePayload<{ comment: { content: string } }>(frame, COMMENT);
    const pending = pendingComments.get(comment.content);
    if (pending?.waiting.delete(fencer)) {
      delivered('comment', pending.sentAt, at);
      if (pending.waiting.size === 0) pendingComments.delete(comment.content);
    }
  } else if (name === 'message:new') {
    const { message, conversationId } = framePayload<{
      message: { content: string };
      conversationId: string;
    }>(frame, MESSAGE);
    const pending = pendingMessages.get(message.content);
    if (pending?.receiver !== fencer) return;
    pendingMessages.delete(message.content);
    delivered('message', pending.sentAt, at);
    // The conversation is open on the receiver's screen: it is marked read, as the web client does.
    if (acting) void send(fencer, 'read', 'POST', `/api/conversations/${conversationId}/read`);
  }
}

/** A post's counts reached a fencer's screen (`tail`: its counts as JSON, from the post id on). */
function sawCounts(fencer: Fencer, postId: string, tail: string, at: number): void {
  fencer.lastCounts.set(postId, tail);
  if (fencer.seen) probeSawCounts(fencer, postId, likesIn(tail), at);
}

const LIKES = /"likesCount":(\d+)/;
const COMMENTS = /"commentsCount":(\d+)/;
function likesIn(tail: string): number {
  return Number(LIKES.exec(tail)?.[1] ?? NaN);
}

/** A probe's new counts of a post: every like of this worker they account for has arrived there. */
function probeSawCounts(probe: Fencer, postId: string, likes: number, at: number): void {
  let history = probe.seen!.get(postId);
  if (!history) probe.seen!.set(postId, (history = { likes: [], at: [] }));
  if (history.likes.length && likes <= history.likes[history.likes.length - 1]) return;
  history.likes.push(likes);
  history.at.push(at);
  const pending = pendingLikes.get(postId);
  if (!pending) return;
  for (const like of pending) {
    if (like.likes <= likes && like.waiting.delete(probe)) delivered('counts', like.sentAt, at);
  }
  pendingLikes.set(
    postId,
    pending.filter((like) => like.waiting.size > 0),
  );
}

/** When a probe first saw counts of at least `likes` for the post (counts only rise during a step). */
function firstSeen(probe: Fencer, postId: string, likes: number): number | undefined {
  const history = probe.seen?.get(postId);
  if (!history) return undefined;
  const i = history.likes.findIndex((l) => l >= likes);
  return i < 0 ? undefined : history.at[i];
}

async function readFeed(fencer: Fencer): Promise<void> {
  await send(fencer, 'feed', 'GET', `/api/posts/${fencer.weapon}?limit=10`);
}

async function like(fencer: Fencer): Promise<void> {
  const postId = fencer.likable[fencer.nextLike++];
  if (!postId) {
    sample.skipped++;
    return;
  }
  const sentAt = performance.now();
  const reply = await send(fencer, 'like', 'POST', '/api/likes', { postId });
  if (reply?.status !== 201) return;
  const { likesCount } = reply.json() as { likesCount: number };
  const waiting = new Set<Fencer>();
  // The event usually comes before the reply: what a probe has already seen counts.
  for (const probe of probesOf.get(fencer.weapon) ?? []) {
    const seenAt = firstSeen(probe, postId, likesCount);
    if (seenAt === undefined) waiting.add(probe);
    else delivered('counts', sentAt, seenAt);
  }
  if (waiting.size) {
    const pending = pendingLikes.get(postId) ?? [];
    pending.push({ likes: likesCount, sentAt, waiting });
    pendingLikes.set(postId, pending);
  }
}

async function comment(fencer: Fencer): Promise<void> {
  const postId = fencer.screen[Math.floor(Math.random() * fencer.screen.length)];
  await openThread(fencer, postId);
  const content = `Bench comment ${workerTag}-${sequence++}: good distance, keep the blade in line.`;
  const probes = probesOf.get(fencer.weapon) ?? [];
  const sentAt = performance.now();
  if (probes.length) pendingComments.set(content, { sentAt, waiting: new Set(probes) });
  const reply = await send(fencer, 'comment', 'POST', '/api/comments', { postId, content });
  if (reply?.status !== 201) pendingComments.delete(content);
}

/** Opens the post's comments (to write one), closing the thread open before, as the web client does. */
async function openThread(fencer: Fencer, postId: string): Promise<void> {
  if (fencer.openThreads.includes(postId)) return;
  const closing = fencer.openThreads;
  fencer.openThreads = [postId];
  try {
    if (closing.length) await fencer.socket.emit('comments:unwatch', { postIds: closing });
    await fencer.socket.emit('comments:watch', { postIds: [postId] });
  } catch {
    // A socket that went away is counted as lost by its own handler.
  }
}

async function message(fencer: Fencer): Promise<void> {
  const receiver = byIndex.get(fencer.partner);
  if (!receiver) return;
  const content = `Bench message ${workerTag}-${sequence++}`;
  pendingMessages.set(content, { sentAt: performance.now(), receiver });
  const reply = await send(fencer, 'message', 'POST', '/api/messages', {
    receiverId: receiver.userId,
    content,
  });
  if (reply?.status !== 201) pendingMessages.delete(content);
}

/** Starts one action at a random phase of its period, then every period. */
function every(fencer: Fencer, periodMs: number, action: (fencer: Fencer) => Promise<void>): void {
  const first = setTimeout(() => {
    void action(fencer);
    fencer.timers.push(setInterval(() => void action(fencer), periodMs));
  }, Math.random() * periodMs);
  fencer.timers.push(first);
}

async function connect(specs: FencerSpec[], localAddress: string | undefined): Promise<{ failed: string[] }> {
  const failed: string[] = [];
  for (let start = 0; start < specs.length; start += CONNECT_BATCH) {
    await Promise.all(
      specs.slice(start, start + CONNECT_BATCH).map(async (spec) => {
        const fencer: Fencer = {
          ...spec,
          lastCounts: new Map(),
          seen: spec.probe ? new Map() : undefined,
          openThreads: spec.threads,
          nextLike: 0,
          timers: [],
          socket: undefined as unknown as RawSocket,
        };
        fencer.socket = new RawSocket({
          url: spec.url,
          cookie: spec.cookie,
          localAddress,
          onEvent: (frame) => onFrame(fencer, frame),
          auth: batchedCounts ? { batchedCounts } : undefined,
          onLost: () => sample.disconnects++,
        });
        try {
          await fencer.socket.connected;
          // As the feed page does: follow the feed, then the posts on screen and the comments opened.
          await fencer.socket.emit('feed:watch', { weapon: spec.weapon });
          await fencer.socket.emit('posts:watch', { postIds: spec.screen });
          if (spec.threads.length) await fencer.socket.emit('comments:watch', { postIds: spec.threads });
          fencers.push(fencer);
          byIndex.set(fencer.index, fencer);
          if (fencer.probe) probesOf.set(fencer.weapon, [...(probesOf.get(fencer.weapon) ?? []), fencer]);
        } catch (err) {
          fencer.socket.close();
          failed.push(err instanceof Error ? err.message : String(err));
        }
      }),
    );
  }
  return { failed };
}

function act(): void {
  acting = true;
  for (const fencer of fencers) {
    every(fencer, MIX.feedEveryMs, readFeed);
    every(fencer, MIX.likeEveryMs, like);
    every(fencer, MIX.commentEveryMs, comment);
    every(fencer, MIX.messageEveryMs, message);
  }
}

/** Declares lost what waited longer than the rules allow. */
function expire(now: number): void {
  for (const [postId, likes] of pendingLikes) {
    const kept = likes.filter((like) => {
      if (now - like.sentAt <= rules.lostMs + rules.countsIntervalMs) return true;
      sample.lost.counts += like.waiting.size;
      if (process.env.BENCH_DEBUG_LOST)
        for (const probe of like.waiting)
          console.log(
            `LOST post ${postId} likes ${like.likes} age ${(now - like.sentAt).toFixed(0)} probe ${probe.userId} seen ${JSON.stringify(probe.seen?.get(postId))} last ${probe.lastCounts.get(postId)} onScreen ${probe.screen.includes(postId)}`,
          );
      return false;
    });
    if (kept.length) pendingLikes.set(postId, kept);
    else pendingLikes.delete(postId);
  }
  for (const [content, pending] of pendingComments) {
    if (now - pending.sentAt <= rules.lostMs) continue;
    sample.lost.comment += pending.waiting.size;
    pendingComments.delete(content);
  }
  for (const [content, pending] of pendingMessages) {
    if (now - pending.sentAt <= rules.lostMs) continue;
    sample.lost.message++;
    pendingMessages.delete(content);
  }
}

function takeSample(): WorkerSample {
  expire(performance.now());
  const taken = sample;
  const cpu = process.cpuUsage(cpuBefore);
  cpuBefore = process.cpuUsage();
  taken.cpuMicros = cpu.user + cpu.system;
  sample = emptySample();
  return taken;
}

/** Stops every action, and waits for the requests in flight and the events still due (or their loss). */
async function quiet(): Promise<void> {
  acting = false;
  for (const fencer of fencers) fencer.timers.splice(0).forEach((timer) => clearTimeout(timer));
  const deadline = performance.now() + rules.lostMs + rules.countsIntervalMs + 1000;
  while (
    (inFlight > 0 || pendingLikes.size > 0 || pendingComments.size > 0 || pendingMessages.size > 0) &&
    performance.now() < deadline
  ) {
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  // Coalesced counts may still be on their way: the last update of a post leaves within one interval.
  await new Promise((resolve) => setTimeout(resolve, rules.countsIntervalMs + 1000));
}

function check(truth: Record<string, PostTruth>): CountsCheck {
  const result: CountsCheck = { checked: 0, stale: 0, missing: 0 };
  for (const fencer of fencers) {
    for (const postId of fencer.screen) {
      const post = truth[postId];
      const tail = fencer.lastCounts.get(postId);
      if (!post) continue;
      if (!tail) {
        if (post.changed) result.missing++;
        continue;
      }
      result.checked++;
      const comments = Number(COMMENTS.exec(tail)?.[1] ?? NaN);
      if (likesIn(tail) !== post.likesCount || comments !== post.commentsCount) result.stale++;
    }
  }
  return result;
}

/** A new step: the database's counts were put back, so nothing seen so far says anything about the next. */
function reset(): void {
  for (const fencer of fencers) {
    fencer.lastCounts.clear();
    fencer.seen?.clear();
    fencer.nextLike = 0;
  }
  pendingLikes.clear();
  pendingComments.clear();
  pendingMessages.clear();
  sample = emptySample();
  cpuBefore = process.cpuUsage();
}

serveRequests(async (kind, body) => {
  switch (kind) {
    case 'setup':
      rules = body.rules as DeliveryRules;
      batchedCounts = body.batchedCounts as boolean;
      return null;
    case 'connect':
      return connect(body.fencers as FencerSpec[], body.localAddress as string | undefined);
    case 'act':
      act();
      return null;
    case 'sample':
      return takeSample();
    case 'quiet':
      await quiet();
      return takeSample();
    case 'check':
      return check(body.truth as Record<string, PostTruth>);
    case 'reset':
      reset();
      return null;
    case 'open':
      return fencers.filter((f) => f.socket.open).length;
    case 'close':
      for (const fencer of fencers) fencer.socket.close();
      return null;
    default:
      throw new Error(`unknown request ${kind}`);
  }
});
