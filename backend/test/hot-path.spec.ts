import pg from 'pg';
import type { FeedPost, SessionUser } from '@piste/contracts';
import {
  connectUsers,
  describeWithRedis,
  makeAdmin,
  makePost,
  makeUser,
  useTestApp,
  waitFor,
  type TestApp,
  type TestUser,
} from './helpers';
import { RealtimePublisher } from '../src/publisher/realtime.publisher';

const realQuery = pg.Client.prototype.query as (...args: unknown[]) => unknown;

/** The job queue's own pool (see jobs/pg-boss.ts): it polls on its own clock, not for the request. */
function isJobQueue(client: pg.Client): boolean {
  const parameters = (client as unknown as { connectionParameters?: { application_name?: string } })
    .connectionParameters;
  return parameters?.application_name === 'piste-jobs';
}

/** Every SQL statement the app sends through `pg` while `run` is in flight. */
async function statementsOf(run: () => Promise<unknown>): Promise<string[]> {
  const statements: string[] = [];
  const spy = jest.spyOn(pg.Client.prototype, 'query').mockImplementation(function (
    this: pg.Client,
    ...args: unknown[]
  ) {
    const first = args[0] as string | { text?: string } | undefined;
    if (!isJobQueue(this)) statements.push(typeof first === 'string' ? first : (first?.text ?? ''));
    return realQuery.apply(this, args);
  });
  try {
    await run();
  } finally {
    spy.mockRestore();
  }
  return statements;
}

const WRITES = /^\s*(INSERT|UPDATE|DELETE)\b/i;

describe('the hot path', () => {
  const t = useTestApp();
  let alice: TestUser;
  let bob: TestUser;

  beforeAll(async () => {
    [alice, bob] = await Promise.all([makeUser(t), makeUser(t)]);
    await connectUsers(t, alice, bob);
    await makePost(bob, { weapon: 'foil' });
  });

  it('reads a feed page in at most three statements, none of them a write', async () => {
    expect((await alice.client.get('/api/posts/foil')).status).toBe(200);
    let status = 0;
    const statements = await statementsOf(async () => {
      status = (await alice.client.get<FeedPost[]>('/api/posts/foil')).status;
    });
    expect(status).toBe(200);
    expect(statements.length).toBeLessThanOrEqual(3);
    expect(statements.filter((s) => WRITES.test(s))).toEqual([]);
  });

  it('sends no Set-Cookie and writes no session row on a read', async () => {
    const reply = await alice.client.get('/api/user');
    expect(reply.status).toBe(200);
    expect(reply.headers.getSetCookie()).toEqual([]);
  });

  it('stores a direct message in at most six statements', async () => {
    expect(
      (await alice.client.post('/api/messages', { receiverId: bob.user.id, content: 'en garde' })).status,
    ).toBe(201);
    let status = 0;
    const statements = await statementsOf(async () => {
      status = (await alice.client.post('/api/messages', { receiverId: bob.user.id, content: 'prêts ?' }))
        .status;
    });
    expect(status).toBe(201);
    expect(statements.length).toBeLessThanOrEqual(6);
  });

  it('stores a like in at most six statements, block check of the live event included', async () => {
    const post = await makePost(bob, { weapon: 'sabre' });
    let status = 0;
    const statements = await statementsOf(async () => {
      status = (await alice.client.post('/api/likes', { postId: post.id })).status;
    });
    expect(status).toBe(201);
    expect(statements.length).toBeLessThanOrEqual(6);
  });

  it('still refuses a message once a block lands, and stores none', async () => {
    const [carol, dave] = await Promise.all([makeUser(t), makeUser(t)]);
    await connectUsers(t, carol, dave);
    expect((await dave.client.post('/api/block-user', { blockedId: carol.user.id })).status).toBeLessThan(
      300,
    );
    const refused = await carol.client.post('/api/messages', { receiverId: dave.user.id, content: 'allez' });
    expect(refused.status).toBe(403);
    const list = await carol.client.get<unknown[]>('/api/conversations');
    expect(list.body).toEqual([]);
  });
});

describe('session expiry', () => {
  // Refreshed at most every tenth of the lifetime: every 0.3 s here.
  const t = useTestApp({ SESSION_TTL_SECONDS: '3' });

  it('slides forward while the user is active, with a fresh cookie', async () => {
    const alice = await makeUser(t);
    let refreshed = 0;
    for (let i = 0; i < 5; i++) {
      await waitFor(1000);
      const reply = await alice.client.get<SessionUser>('/api/user');
      expect(reply.status).toBe(200);
      if (reply.headers.getSetCookie().some((c) => c.startsWith('piste.sid='))) refreshed++;
    }
    expect(refreshed).toBeGreaterThan(0);
  });

  it('ends once the user is idle for its lifetime', async () => {
    const alice = await makeUser(t);
    // The store keeps expiry times in whole seconds, rounded up.
    await waitFor(4200);
    expect((await alice.client.get('/api/user')).status).toBe(401);
  });
});

describeWithRedis('the cached session user across replicas', () => {
  const a = useTestApp();
  const b = useTestApp();

  /** Resolves once replica `on` has forgotten what it cached about the user (the other replica told it). */
  function refreshed(on: TestApp, userId: string): Promise<void> {
    return new Promise((resolve) =>
      on.app.get(RealtimePublisher).onUserChanged((changed) => changed === userId && resolve()),
    );
  }

  it('a ban issued on one replica applies at once on another that had the user cached', async () => {
    const admin = await makeAdmin(a);
    const target = await makeUser(a);
    const onB = target.client.on(b.url);
    expect((await onB.get('/api/user')).status).toBe(200);
    const forgotten = refreshed(b, target.user.id);
    expect(
      (await admin.client.post('/api/bans', { userId: target.user.id, reason: 'Spam', durationHours: 1 }))
        .status,
    ).toBe(201);
    await forgotten;
    const post = await onB.post('/api/posts', { content: 'still here', type: 'general', weapon: 'epee' });
    expect(post.status).toBe(403);
    expect((await onB.get<SessionUser>('/api/user')).body.bannedUntil).not.toBeNull();
  });

  it('a profile change on one replica shows at once on another', async () => {
    const user = await makeUser(a);
    const onB = user.client.on(b.url);
    expect((await onB.get<SessionUser>('/api/user')).body.name).toBe(user.user.name);
    const forgotten = refreshed(b, user.user.id);
    const profile = await user.client.get<Record<string, unknown>>('/api/current-user');
    const changed = await user.client.put(`/api/users/${user.user.id}`, {
      name: 'Renamed Fencer',
      email: profile.body.email,
      title: profile.body.title ?? '',
      weaponSpecialty: profile.body.weaponSpecialty,
      avatar: profile.body.avatar ?? '',
    });
    expect(changed.status).toBe(200);
    await forgotten;
    expect((await onB.get<SessionUser>('/api/user')).body.name).toBe('Renamed Fencer');
  });
});
