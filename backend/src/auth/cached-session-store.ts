import session, { type SessionData } from 'express-session';

/**
 * How long a cached session may be trusted without word of a change (a backstop: changes invalidate at once): a
 * minute at most, and each entry somewhat less at random, so sessions read together (thousands of sockets
 * reconnecting at once) are not read again all together.
 */
const MAX_AGE_MS = 60 * 1000;
const MIN_AGE_MS = 45 * 1000;
/** Enough for every session active on one replica; the oldest entry goes first beyond it. */
const MAX_ENTRIES = 20_000;

/** Where word of written and ended sessions comes from, on this replica and the others (RealtimePublisher). */
export interface SessionWord {
  /** A session named by its key (`sessionKey`) was written or ended, here or on another replica. */
  onSessionChanged(listener: (key: string) => void): void;
  /** Tells every replica that the session was written or ended. */
  sessionChanged(sessionId: string): void;
}

interface Entry {
  /** The session as stored, serialized: each request gets its own copy to change. */
  json: string;
  /** When the session's cookie expires (ms), if it does. */
  expiresAt: number | null;
  /** Until when it is trusted without word of a change (ms). */
  trustedUntil: number;
}

type Done = (err?: unknown) => void;

/**
 * The session store as requests and sockets read it: a signed-in session is kept for a short while after it is
 * read, so a request costs no round trip to the database for it. Every write and every end of a session tells each
 * replica to drop it at once (`SessionWord`); so does every other way a session ends (`RealtimePublisher.endSession`).
 * While that word could be lost (Redis away, or a publish that failed) the cache is bypassed, and it is emptied
 * when Redis is back. A session part-way through signing in (a second step pending) is always read from the
 * database.
 */
export class CachedSessionStore extends session.Store {
  private readonly entries = new Map<string, Entry>();
  /** Moves on with every change heard, so a read that raced one does not keep what it read. */
  private changes = 0;

  constructor(
    private readonly rows: session.Store,
    private readonly word: SessionWord,
    private readonly keyOf: (sessionId: string) => string,
    /** Whether word of changes is sure to arrive now. */
    private readonly trusted: () => boolean,
  ) {
    super();
    word.onSessionChanged((key) => {
      this.changes += 1;
      this.entries.delete(key);
    });
  }

  /** Forgets every session (when word of changes may have been lost). */
  forgetAll(): void {
    this.changes += 1;
    this.entries.clear();
  }

  override get(sid: string, callback: (err: unknown, data?: SessionData | null) => void): void {
    const key = this.keyOf(sid);
    const now = Date.now();
    const trusted = this.trusted();
    const entry = trusted ? this.entries.get(key) : undefined;
    if (entry && now < entry.trustedUntil && (entry.expiresAt === null || entry.expiresAt > now)) {
      callback(null, JSON.parse(entry.json) as SessionData);
      return;
    }
    const changesBefore = this.changes;
    this.rows.get(sid, (err, data) => {
      if (err) return callback(err);
      if (data && cacheable(data) && trusted && this.changes === changesBefore) this.remember(key, data, now);
      else this.entries.delete(key);
      callback(null, data ?? null);
    });
  }

  override set(sid: string, data: SessionData, callback?: Done): void {
    this.rows.set(sid, data, (err) => this.changed(sid, err, callback));
  }

  override destroy(sid: string, callback?: Done): void {
    this.rows.destroy(sid, (err) => this.changed(sid, err, callback));
  }

  override touch(sid: string, data: SessionData, callback?: () => void): void {
    if (this.rows.touch) this.rows.touch(sid, data, () => callback?.());
    else callback?.();
  }

  /** The row was written (or failed to be): every replica forgets it either way. */
  private changed(sid: string, err: unknown, callback?: Done): void {
    this.word.sessionChanged(sid);
    callback?.(err);
  }

  private remember(key: string, data: SessionData, loadedAt: number): void {
    this.entries.delete(key);
    if (this.entries.size >= MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value as string);
    const expires = data.cookie?.expires;
    this.entries.set(key, {
      json: JSON.stringify(data),
      expiresAt: expires ? new Date(expires).getTime() : null,
      trustedUntil: loadedAt + MIN_AGE_MS + Math.random() * (MAX_AGE_MS - MIN_AGE_MS),
    });
  }
}

/** Signed in, and not part-way through a sign-in. */
function cacheable(data: SessionData): boolean {
  const record = data as SessionData & { passport?: { user?: string }; pendingSignIn?: unknown };
  return Boolean(record.passport?.user) && !record.pendingSignIn;
}
