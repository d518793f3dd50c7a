/**
 * How long an entry may be trusted without word of a change (a backstop: changes drop it at once): a minute at
 * most, each entry somewhat less at random, so entries read together (thousands of sockets reconnecting at once)
 * are not read again all together.
 */
const MAX_AGE_MS = 60 * 1000;
const MIN_AGE_MS = 45 * 1000;
/** Enough for everyone active on one replica; the oldest entry goes first beyond it. */
const MAX_ENTRIES = 20_000;

interface Entry<V> {
  value: V;
  /** Until when it is trusted without word of a change (ms). */
  trustedUntil: number;
}

/**
 * What a replica read from the database and may keep for a short while, by key. Word of a change drops an entry
 * (`forget`), and a read that raced such word does not keep what it read: take `readStarting()` before the read
 * and hand it to `remember`.
 */
export class ShortLivedCache<V> {
  private readonly entries = new Map<string, Entry<V>>();
  /** Moves on with every change heard. */
  private changes = 0;

  get(key: string, now: number): V | undefined {
    const entry = this.entries.get(key);
    return entry && now < entry.trustedUntil ? entry.value : undefined;
  }

  /** Marks the start of a read whose result may be kept. */
  readStarting(): number {
    return this.changes;
  }

  /**
   * Keeps what a read that began at `readStarted` returned, unless a change was heard since; never past
   * `expiresAt` (ms) when given.
   */
  remember(key: string, value: V, readStarted: number, loadedAt: number, expiresAt = Infinity): void {
    this.entries.delete(key);
    if (readStarted !== this.changes) return;
    if (this.entries.size >= MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value as string);
    const trustedFor = MIN_AGE_MS + Math.random() * (MAX_AGE_MS - MIN_AGE_MS);
    this.entries.set(key, { value, trustedUntil: Math.min(loadedAt + trustedFor, expiresAt) });
  }

  /** Drops an entry no longer wanted (not word of a change). */
  drop(key: string): void {
    this.entries.delete(key);
  }

  /** Word of a change: drops the entry, and what any read under way returns is not kept. */
  forget(key: string): void {
    this.changes += 1;
    this.entries.delete(key);
  }

  /** Word that changes may have been missed. */
  forgetAll(): void {
    this.changes += 1;
    this.entries.clear();
  }
}
