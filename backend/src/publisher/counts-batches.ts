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
  /** Sends one socket its batch. */
  send(socketId: string, counts: PostCountsEvent[]): void;
}

/**
 * Gathers the counts that reach this replica for `intervalMs`, then sends each socket that takes batches one
 * frame with the latest counts of every post it shows that changed (a post changed twice in the interval: its
 * last counts only). A socket's frames cost more than their bytes: when the newest posts of a weapon are on
 * everyone's screen, one frame a socket and interval replaces one a socket and post. Rooms are read when the
 * batch goes, so a socket that left a post's room, or joined a blocked user's, is left out as if it had been
 * sent at once.
 */
export class CountsBatches {
  private readonly pending = new Map<string, CountsDelivery>();
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly intervalMs: number,
    private readonly sockets: BatchedSockets,
  ) {}

  add(delivery: CountsDelivery): void {
    this.pending.set(delivery.counts.postId, delivery);
    if (this.timer) return;
    this.timer = setTimeout(() => this.flush(), this.intervalMs);
    // Counts are hints: a quiet server may exit with a batch open.
    this.timer.unref();
  }

  /** Sends what has gathered, now. */
  flush(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
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
    for (const [id, counts] of batches) this.sockets.send(id, counts);
  }

  /** Forgets what has gathered (at shutdown). */
  clear(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.pending.clear();
  }
}
