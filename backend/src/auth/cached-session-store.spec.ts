import session, { type SessionData } from 'express-session';
import { CachedSessionStore, type SessionWord } from './cached-session-store';

/** The sessions table, in memory, counting its reads; a read can be held to race it. */
class Rows extends session.Store {
  readonly data = new Map<string, SessionData>();
  reads = 0;
  hold: Promise<void> | null = null;

  override get(sid: string, callback: (err: unknown, data?: SessionData | null) => void): void {
    this.reads += 1;
    const stored = this.data.get(sid);
    const copy = stored ? (JSON.parse(JSON.stringify(stored)) as SessionData) : null;
    void (this.hold ?? Promise.resolve()).then(() => callback(null, copy));
  }
  override set(sid: string, data: SessionData, callback?: (err?: unknown) => void): void {
    this.data.set(sid, JSON.parse(JSON.stringify(data)) as SessionData);
    callback?.();
  }
  override destroy(sid: string, callback?: (err?: unknown) => void): void {
    this.data.delete(sid);
    callback?.();
  }
}

/** Word between replicas: every store built on it hears every change. */
class Word implements SessionWord {
  private readonly listeners: ((key: string) => void)[] = [];
  readonly told: string[] = [];
  onSessionChanged(listener: (key: string) => void): void {
    this.listeners.push(listener);
  }
  sessionChanged(sessionId: string): void {
    this.told.push(sessionId);
    this.listeners.forEach((listener) => listener(keyOf(sessionId)));
  }
}

const keyOf = (sid: string) => `key-${sid}`;

function signedIn(user: string, expiresInMs = 3_600_000): SessionData {
  return {
    cookie: { originalMaxAge: expiresInMs, expires: new Date(Date.now() + expiresInMs) },
    passport: { user },
  } as SessionData;
}

const read = (store: session.Store, sid: string) =>
  new Promise<(SessionData & { passport?: { user?: string } }) | null>((resolve, reject) =>
    store.get(sid, (err, data) => (err ? reject(err as Error) : resolve(data ?? null))),
  );

describe('CachedSessionStore', () => {
  let rows: Rows;
  let word: Word;
  let trusted: boolean;
  let store: CachedSessionStore;
  beforeEach(() => {
    rows = new Rows();
    word = new Word();
    trusted = true;
    store = new CachedSessionStore(rows, word, keyOf, () => trusted);
  });
  afterEach(() => jest.useRealTimers());

  it('reads a signed-in session from the table once, and gives each reader a copy of its own', async () => {
    rows.data.set('s1', signedIn('u1'));
    const first = await read(store, 's1');
    first!.passport!.user = 'someone else';
    const second = await read(store, 's1');
    expect(second!.passport!.user).toBe('u1');
    expect(rows.reads).toBe(1);
  });

  it('reads the table again once a change to the session is heard, from any replica', async () => {
    rows.data.set('s1', signedIn('u1'));
    await read(store, 's1');
    rows.data.delete('s1');
    word.sessionChanged('s1');
    expect(await read(store, 's1')).toBeNull();
    expect(rows.reads).toBe(2);
  });

  it('tells every replica when it writes or ends a session', async () => {
    rows.data.set('s1', signedIn('u1'));
    const other = new CachedSessionStore(rows, word, keyOf, () => true);
    await read(store, 's1');
    await read(other, 's1');
    await new Promise<void>((done) => other.destroy('s1', () => done()));
    expect(word.told).toEqual(['s1']);
    expect(await read(store, 's1')).toBeNull();
    await new Promise<void>((done) => store.set('s2', signedIn('u2'), () => done()));
    expect(word.told).toEqual(['s1', 's2']);
  });

  it('never keeps a session that is signed in as nobody, or part-way through a sign-in', async () => {
    rows.data.set('anonymous', { cookie: signedIn('x').cookie });
    rows.data.set('pending', {
      ...signedIn('u1'),
      pendingSignIn: { userId: 'u1', until: Date.now() + 60_000, wrongCodes: 1 },
    });
    for (const sid of ['anonymous', 'pending', 'anonymous', 'pending']) await read(store, sid);
    expect(rows.reads).toBe(4);
  });

  it('reads the table every time while word of changes could be lost, and forgets all when asked', async () => {
    rows.data.set('s1', signedIn('u1'));
    trusted = false;
    await read(store, 's1');
    await read(store, 's1');
    expect(rows.reads).toBe(2);
    trusted = true;
    await read(store, 's1');
    await read(store, 's1');
    expect(rows.reads).toBe(3);
    store.forgetAll();
    await read(store, 's1');
    expect(rows.reads).toBe(4);
  });

  it('does not keep what a read found when a change was heard while it waited', async () => {
    rows.data.set('s1', signedIn('u1'));
    let release!: () => void;
    rows.hold = new Promise((resolve) => (release = resolve));
    const racing = read(store, 's1');
    rows.data.delete('s1');
    word.sessionChanged('s1');
    release();
    expect((await racing)!.passport!.user).toBe('u1');
    rows.hold = null;
    expect(await read(store, 's1')).toBeNull();
  });

  it('trusts a kept session for 45 s to a minute, and never past its expiry', async () => {
    jest.useFakeTimers({ now: Date.now() });
    rows.data.set('long', signedIn('u1'));
    rows.data.set('short', signedIn('u2', 10_000));
    await read(store, 'long');
    await read(store, 'short');
    jest.advanceTimersByTime(11_000);
    await read(store, 'long');
    expect(rows.reads).toBe(2);
    await read(store, 'short');
    expect(rows.reads).toBe(3);
    jest.advanceTimersByTime(33_000);
    await read(store, 'long');
    expect(rows.reads).toBe(3);
    jest.advanceTimersByTime(16_001);
    await read(store, 'long');
    expect(rows.reads).toBe(4);
  });
});
