import session, { type SessionData } from 'express-session';
import { ShortLivedCache } from './short-lived-cache';

/** Where word of written and ended sessions comes from, on this replica and the others (RealtimePublisher). */
export interface SessionWord {
  /** A session named by its key (`sessionKey`) was written or ended, here or on another replica. */
  onSessionChanged(listener: (key: string) => void): void;
  /** Tells every replica that the session was written or ended. */
  sessionChanged(sessionId: string): void;
}

type Done = (err?: unknown) => void;

/**
 * The session store as requests and sockets read it: a signed-in session is kept for a short while after it is
 * read (45–60 s, never past its cookie's expiry), so a request costs no round trip to the database for it. Every
 * write and every end of a session tells each replica to drop it at once (`SessionWord`); so does every other way a
 * session ends (`RealtimePublisher.endSession`). While that word could be lost (Redis away, or a publish that
 * failed) the cache is bypassed, and it is emptied when Redis is back. A session part-way through signing in (a
 * second step pending) is always read from the database.
 */
export class CachedSessionStore extends session.Store {
  /** Each session as stored, serialized: each request gets its own copy to change. */
  private readonly entries = new ShortLivedCache<string>();

  constructor(
    private readonly rows: session.Store,
    private readonly word: SessionWord,
    private readonly keyOf: (sessionId: string) => string,
    /** Whether word of changes is sure to arrive now. */
    private readonly trusted: () => boolean,
  ) {
    super();
    word.onSessionChanged((key) => this.entries.forget(key));
  }

  /** Forgets every session (when word of changes may have been lost). */
  forgetAll(): void {
    this.entries.forgetAll();
  }

  override get(sid: string, callback: (err: unknown, data?: SessionData | null) => void): void {
    const key = this.keyOf(sid);
    const now = Date.now();
    const trusted = this.trusted();
    const json = trusted ? this.entries.get(key, now) : undefined;
    if (json !== undefined) {
      callback(null, JSON.parse(json) as SessionData);
      return;
    }
    const readStarted = this.entries.readStarting();
    this.rows.get(sid, (err, data) => {
      if (err) return callback(err);
      if (data && cacheable(data) && trusted) {
        const expires = data.cookie?.expires;
        const expiresAt = expires ? new Date(expires).getTime() : undefined;
        this.entries.remember(key, JSON.stringify(data), readStarted, now, expiresAt);
      } else {
        this.entries.drop(key);
      }
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
}

/** Signed in, and not part-way through a sign-in. */
function cacheable(data: SessionData): boolean {
  const record = data as SessionData & { passport?: { user?: string }; pendingSignIn?: unknown };
  return Boolean(record.passport?.user) && !record.pendingSignIn;
}
