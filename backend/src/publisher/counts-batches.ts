import type { ServerEventPayload } from '@piste/contracts';

export type PostCountsEvent = ServerEventPayload<'post:counts'>;

/** One post's counts and where they go: the sockets in `rooms`, but none in `except`. */
export interface CountsDelivery {
  counts: PostCountsEvent;
  rooms: string[];
  except: string[];
}

/** What the batches need of this replica's sockets that take counts in batches. */
export interface BatchedSockets {
  /** The ids of those sockets in a room, on this replica. */
  inRoom(room: string): Iterable<string>;
  /** Sends these sockets the same batch (encoded once for all of them). */
  send(socketIds: string[], counts: PostCountsEvent[]): void;
}

/**
 * How many sockets get their batch in one turn of the event loop. A replica's batch for every socket that shows a
 * hot post is thousands of writes, tens of microseconds each; sent at once they would hold every request and
 * database transaction of the replica up for as long (40–200 ms at 4,000 sockets), every interval.
 */
const SOCKETS_PER_TURN = 250;

/**
 * Gathers the counts that reach this replica for `intervalMs`, then sends each socket that takes batches one
 * frame with the latest counts of every post it shows that changed (a post changed twice in the interval: its
 * last counts only). A socket's frames cost more than their bytes: when the newest posts of a weapon are on
 * everyone's screen, one frame a socket and interval replaces one a socket and post. Rooms are read when the
 * batch goes, so a socket that left a post's room, or joined a blocked user's, is left out as if it had been
 * sent at once. The frames go out `socketsPerTurn` at a time, letting the replica's other work run between
 * them; counts that arrive meanwhile wait for the next batch, so a socket never gets older counts after newer.
 * Sockets that show the same posts get the same batch, encoded once: most show a weapon's newest posts.
 */
export class CountsBatches {
  private readonly pending = new Map<string, CountsDelivery>();
  private timer: NodeJS.Timeout | null = null;
  /** The next turn of a batch being sent, if one is. */
  private turn: NodeJS.Immediate | null = null;

  constructor(
    private readonly intervalMs: number,
    private readonly sockets: BatchedSockets,
    private readonly socketsPerTurn = SOCKETS_PER_TURN,
  ) {}

  add(delivery: CountsDelivery): void {
    this.pending.set(delivery.counts.postId, delivery);
    if (!this.turn) this.startInterval();
  }

  /** Starts sending what has gathered, now: the first sockets' frames before this returns. */
  flush(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    // A batch still going: these counts go after it.
    if (this.turn) return;
    const batches = new Map<string, PostCountsEvent[]>();
    for (const { counts, rooms, except } of this.pending.values()) {
      // Each socket once, however many of the rooms it is in; never one in an excepted room.
      const done = new Set<string>();
      for (const room of except) for (const id of this.sockets.inRoom(room)) done.add(id);
      for (const room of rooms) {
        for (const id of this.sockets.inRoom(room)) {
          if (done.has(id)) continue;
          done.add(id);
          const batch = batches.get(id);
          if (batch) batch.push(counts);
          else batches.set(id, [counts]);
        }
      }
    }
    this.pending.clear();
    this.send(inTurns(sameBatches(batches), this.socketsPerTurn));
  }

  /** Forgets what has gathered and what is still to be sent (at shutdown). */
  clear(): void {
    if (this.timer) clearTimeout(this.timer);
    if (this.turn) clearImmediate(this.turn);
    this.timer = null;
    this.turn = null;
    this.pending.clear();
  }

  private startInterval(): void {
    if (this.timer) return;
    this.timer = setTimeout(() => this.flush(), this.intervalMs);
    // Counts are hints: a quiet server may exit with a batch open.
    this.timer.unref();
  }

  /** Sends one turn's sockets their batch, and the rest in the turns after. */
  private send(groups: Iterator<SocketsBatch>): void {
    this.turn = null;
    for (let sent = 0; sent < this.socketsPerTurn;) {
      const next = groups.next();
      if (next.done) {
        if (this.pending.size > 0) this.startInterval();
        return;
      }
      this.sockets.send(next.value.socketIds, next.value.counts);
      sent += next.value.socketIds.length;
    }
    this.turn = setImmediate(() => this.send(groups));
  }
}

/** Sockets that get the same batch. */
interface SocketsBatch {
  socketIds: string[];
  counts: PostCountsEvent[];
}

/**
 * Each socket's batch, grouped with the sockets whose batch holds the same posts. A batch lists its posts in the
 * order they were gathered, the same for every socket, so the same posts are the same list.
 */
function sameBatches(batches: Map<string, PostCountsEvent[]>): Iterable<SocketsBatch> {
  const groups = new Map<string, SocketsBatch>();
  for (const [socketId, counts] of batches) {
    const key = counts.map((c) => c.postId).join(' ');
    const group = groups.get(key);
    if (group) group.socketIds.push(socketId);
    else groups.set(key, { socketIds: [socketId], counts });
  }
  return groups.values();
}

/** The groups cut so that none has more than `size` sockets, a turn's worth. */
function* inTurns(groups: Iterable<SocketsBatch>, size: number): Generator<SocketsBatch> {
  for (const { socketIds, counts } of groups) {
    for (let i = 0; i < socketIds.length; i += size)
      yield { socketIds: socketIds.slice(i, i + size), counts };
  }
}
