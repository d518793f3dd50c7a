/** One key's open interval: what its first send is doing, and what its end will send. */
interface Interval {
  timer: NodeJS.Timeout;
  /** The send that opened the interval; the next one waits for it, so sends of one key never overtake. */
  sending: Promise<void>;
  /** The last change offered during the interval: sent when it ends. */
  pending: (() => Promise<void>) | null;
}

const ignore = () => undefined;

/**
 * At most one send per key and interval. The first change of a quiet key goes out at once and opens an
 * interval; the changes offered during it fold into one send when it ends (the last one offered wins), which
 * opens the next interval. An interval of 0 sends every change at once.
 *
 * Intervals end on the clock's whole intervals (the first interval of a key is cut short to the next one), so the
 * hot keys of every replica send together, once an interval: a socket that shows several hot posts gets their
 * counts in one batch (publisher/counts-batches.ts) rather than one frame at a time through the interval. A key
 * that just turned hot may send twice within less than an interval, never more.
 */
export class CountsCoalescer {
  private readonly open = new Map<string, Interval>();

  constructor(private readonly intervalMs: number) {}

  /**
   * Sends `now` at once when `key` is quiet (resolving when it is sent); otherwise `later` replaces what the
   * interval's end will send, and this resolves at once.
   */
  offer(key: string, now: () => Promise<void>, later: () => Promise<void>): Promise<void> {
    if (this.intervalMs <= 0) return now();
    const interval = this.open.get(key);
    if (!interval) return this.start(key, now);
    interval.pending = later;
    return Promise.resolve();
  }

  /** Keys with an open interval. */
  get size(): number {
    return this.open.size;
  }

  /** Forgets every open interval and what it would send (at shutdown). */
  clear(): void {
    for (const interval of this.open.values()) clearTimeout(interval.timer);
    this.open.clear();
  }

  private start(key: string, send: () => Promise<void>): Promise<void> {
    const sent = send();
    const interval: Interval = {
      sending: sent.then(ignore, ignore),
      pending: null,
      timer: setTimeout(() => void this.end(key, interval), this.untilIntervalEnds()),
    };
    // A quiet server must be able to exit while an interval is open: nothing is lost but a hint.
    interval.timer.unref();
    this.open.set(key, interval);
    return sent;
  }

  /** Milliseconds to the next whole interval of the clock (more than 0, at most an interval). */
  private untilIntervalEnds(): number {
    return this.intervalMs - (Date.now() % this.intervalMs);
  }

  private async end(key: string, interval: Interval): Promise<void> {
    await interval.sending;
    if (this.open.get(key) !== interval) return;
    this.open.delete(key);
    if (interval.pending) await this.start(key, interval.pending).catch(ignore);
  }
}
