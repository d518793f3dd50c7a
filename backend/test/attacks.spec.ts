import { io } from 'socket.io-client';
import { IS_ADMIN_ONLY } from '../src/common/decorators';
import {
  ApiClient,
  appRoutes,
  connectSocket,
  connectUsers,
  makePost,
  makeUser,
  nextEvent,
  uniqueName,
  type TestSocket,
  type TestUser,
  useTestApp,
} from './helpers';

const EVIL = 'http://evil.example';

/** Opens a socket as a browser on `origin` would, carrying the victim's cookie; resolves true if accepted. */
function handshakeFrom(url: string, client: ApiClient, origin: string): Promise<boolean> {
  const socket = io(url, {
    path: '/socket.io',
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
    extraHeaders: { cookie: client.cookie, origin },
  });
  return new Promise((resolve) => {
    socket.once('connect', () => {
      socket.close();
      resolve(true);
    });
    socket.once('connect_error', () => {
      socket.close();
      resolve(false);
    });
  });
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

describe('attacks that must fail', () => {
  const t = useTestApp({ ALLOWED_ORIGINS: 'https://partner.example' });
  let alice: TestUser;
  let bob: TestUser;

  beforeAll(async () => {
    [alice, bob] = [await makeUser(t), await makeUser(t)];
  });

  describe('cross-site requests', () => {
    const post = (who: TestUser, headers: Record<string, string>) =>
      who.client.request('POST', '/api/posts', { content: 'forged?', weapon: 'epee' }, headers);

    it('refuses state changes from a foreign origin, or marked cross-site without one', async () => {
      await expect(post(alice, { origin: EVIL })).resolves.toMatchObject({ status: 403 });
      await expect(post(alice, { origin: 'null' })).resolves.toMatchObject({ status: 403 });
      await expect(post(alice, { 'sec-fetch-site': 'cross-site' })).resolves.toMatchObject({ status: 403 });
      const friend = await alice.client.request(
        'POST',
        '/api/friend-requests',
        { receiverId: bob.user.id },
        { origin: EVIL },
      );
      expect(friend.status).toBe(403);
    });

    it('refuses a cross-site sign-out sent as text/plain, and the session holds', async () => {
      const victim = await makeUser(t);
      const forged = await victim.client.request('POST', '/api/logout', 'x', {
        origin: EVIL,
        'content-type': 'text/plain',
      });
      expect(forged.status).toBe(403);
      await expect(victim.client.get('/api/user')).resolves.toMatchObject({ status: 200 });
    });

    it('accepts its own origin and the configured ones', async () => {
      await expect(post(alice, { origin: t.url })).resolves.toMatchObject({ status: 201 });
      await expect(post(alice, { origin: 'https://partner.example' })).resolves.toMatchObject({
        status: 201,
      });
      await expect(post(alice, { 'sec-fetch-site': 'same-origin' })).resolves.toMatchObject({ status: 201 });
    });

    it("refuses a socket handshake from a foreign origin carrying the victim's cookie", async () => {
      await expect(handshakeFrom(t.url, alice.client, EVIL)).resolves.toBe(false);
      await expect(handshakeFrom(t.url, alice.client, 'null')).resolves.toBe(false);
      await expect(handshakeFrom(t.url, alice.client, t.url)).resolves.toBe(true);
    });
  });

  describe('bad input', () => {
    it.each([
      ['a post', (u: TestUser) => u.client.post('/api/posts', { content: 'a\u0000b', weapon: 'epee' })],
      [
        'a profile',
        (u: TestUser) =>
          u.client.put(`/api/users/${u.user.id}`, { name: 'A\u0000', email: `${uniqueName()}@x.io` }),
      ],
      [
        'a user search',
        (u: TestUser) => u.client.get(`/api/search/users?q=${encodeURIComponent('a\u0000')}`),
      ],
      ['a sign-in', () => new ApiClient(t.url).post('/api/login', { username: 'a\u0000b', password: 'x' })],
      [
        'a registration',
        () =>
          new ApiClient(t.url).post('/api/register', {
            username: uniqueName(),
            email: 'n@x.io',
            name: 'N\u0000',
            password: 'secret123',
          }),
      ],
    ])('answers 400 to a NUL character in %s', async (_, send) => {
      const reply = await send(alice);
      expect(reply.status).toBe(400);
      expect(reply.body).toEqual({
        message: 'Text must not contain NUL characters',
        code: 'validation.invalid',
      });
    });

    it('answers 400 to a NUL character in a comment and a message', async () => {
      const [carol, dave] = [await makeUser(t), await makeUser(t)];
      await connectUsers(t, carol, dave);
      const target = await makePost(dave);
      await expect(
        carol.client.post('/api/comments', { postId: target.id, content: 'x\u0000' }),
      ).resolves.toMatchObject({ status: 400 });
      await expect(
        carol.client.post('/api/messages', { receiverId: dave.user.id, content: '\u0000' }),
      ).resolves.toMatchObject({ status: 400 });
    });

    it.each([
      'javascript:alert(1)',
      'https://evil.example/track.png',
      '/objects/../../package.json',
      '/objects/avatar/0123',
    ])('refuses the registration avatar %s', async (avatar) => {
      const username = uniqueName();
      const reply = await new ApiClient(t.url).post('/api/register', {
        username,
        email: `${username}@example.com`,
        name: 'Eve',
        password: 'secret123',
        avatar,
      });
      expect(reply.status).toBe(400);
    });
  });

  describe('blocks', () => {
    it("keeps counts and comments of a blocker's posts from the blocked user, even one watching them", async () => {
      const [author, blocked, third] = [await makeUser(t), await makeUser(t), await makeUser(t)];
      const blockersPost = await makePost(author, { weapon: 'sabre' });
      const othersPost = await makePost(third, { weapon: 'sabre' });
      expect((await author.client.post('/api/block-user', { blockedId: blocked.user.id })).status).toBe(200);
      const socket: TestSocket = await connectSocket(t.url, blocked.client);
      try {
        // Shown on screen (the post was there before the block, say): the block still keeps its events away.
        socket.emit('posts:watch', { postIds: [blockersPost.id, othersPost.id] });
        socket.emit('comments:watch', { postIds: [blockersPost.id, othersPost.id] });
        const seen: string[] = [];
        socket.on('post:counts', (p) => seen.push(`counts:${p.postId}`));
        socket.on('comment:created', (p) => seen.push(`comment:${p.comment.postId}`));
        // Let the watch reach the server, proven by an event the blocked user may see.
        const warm = nextEvent(socket, 'post:counts', (p) => p.postId === othersPost.id);
        await author.client.post('/api/likes', { postId: othersPost.id });
        await warm;

        await third.client.post('/api/likes', { postId: blockersPost.id });
        await third.client.post('/api/comments', { postId: blockersPost.id, content: 'secret words' });
        // A later event that the blocked user may see: everything sent before it has arrived.
        const sentinel = nextEvent(
          socket,
          'post:counts',
          (p) => p.postId === othersPost.id && p.dislikesCount === 1,
        );
        await third.client.post('/api/dislikes', { postId: othersPost.id });
        await sentinel;
        expect(seen.filter((e) => e.endsWith(blockersPost.id))).toEqual([]);
      } finally {
        socket.close();
      }
    });
  });

  describe('the second factor', () => {
    const codeNow = async (secret: string, aheadSeconds = 0) => {
      const { generate } = await import('otplib');
      return generate({ secret, epoch: Math.floor(Date.now() / 1000) + aheadSeconds });
    };
    /** A fencer with TOTP on, their secret and recovery codes. */
    const guarded = async () => {
      const fencer = await makeUser(t);
      const setup = await fencer.client.post<{ secret: string }>('/api/account/2fa/totp/setup');
      const enabled = await fencer.client.post<{ recoveryCodes: string[] }>('/api/account/2fa/totp/enable', {
        code: await codeNow(setup.body.secret),
      });
      expect(enabled.status).toBe(200);
      return { fencer, secret: setup.body.secret, recoveryCodes: enabled.body.recoveryCodes };
    };
    const passwordStep = async (fencer: TestUser) => {
      const browser = new ApiClient(t.url);
      const reply = await browser.post('/api/login', {
        username: fencer.user.username,
        password: fencer.password,
      });
      expect(reply.body).toMatchObject({ twoFactorRequired: true });
      return browser;
    };

    it('cannot be skipped, answered for another account, or answered twice with one code', async () => {
      const victim = await guarded();
      const attacker = await guarded();
      // No password step at all.
      expect(
        (await new ApiClient(t.url).post('/api/login/2fa', { code: await codeNow(victim.secret) })).status,
      ).toBe(401);
      // The attacker's own half-signed-in session, answered with the victim's code, or a code of the attacker's
      // app in the victim's half-session: neither signs anyone in.
      const attackersHalf = await passwordStep(attacker.fencer);
      expect(
        (await attackersHalf.post('/api/login/2fa', { code: await codeNow(victim.secret) })).status,
      ).toBe(401);
      const victimsHalf = await passwordStep(victim.fencer);
      expect(
        (await victimsHalf.post('/api/login/2fa', { code: await codeNow(attacker.secret) })).status,
      ).toBe(401);
      expect((await victimsHalf.get('/api/user')).status).toBe(401);
      // A half-signed-in session cannot add a passkey to come back without the code.
      expect((await victimsHalf.post('/api/account/passkeys/options')).status).toBe(401);

      // The victim signs in with the app's next code (the current one turned it on); seen over their shoulder,
      // that code is spent.
      const code = await codeNow(victim.secret, 30);
      expect((await victimsHalf.post('/api/login/2fa', { code })).status).toBe(200);
      const replay = await passwordStep(victim.fencer);
      expect((await replay.post('/api/login/2fa', { code })).status).toBe(401);
      expect((await replay.get('/api/user')).status).toBe(401);
    });

    it('takes each recovery code once', async () => {
      const { fencer, recoveryCodes } = await guarded();
      const first = await passwordStep(fencer);
      expect((await first.post('/api/login/2fa', { recoveryCode: recoveryCodes[0] })).status).toBe(200);
      const again = await passwordStep(fencer);
      expect((await again.post('/api/login/2fa', { recoveryCode: recoveryCodes[0] })).status).toBe(401);
      // Typed differently (upper case, no dash), it is the same spent code.
      const retyped = recoveryCodes[0].replace('-', '').toUpperCase();
      expect((await again.post('/api/login/2fa', { recoveryCode: retyped })).status).toBe(401);
      expect((await again.get('/api/user')).status).toBe(401);
    });
  });

  describe('a non-admin on every admin route', () => {
    /** Every route marked @AdminOnly(), found by walking the app: a new admin route is covered without a list. */
    const adminRoutes = () => appRoutes(t).filter((r) => r.marked(IS_ADMIN_ONLY));
    const ID = '00000000-0000-4000-8000-000000000000';

    it('answers 403 to a signed-in fencer and 401 to a signed-out client, whatever the body', async () => {
      const routes = adminRoutes();
      // The moderation routes and the account administration routes at least.
      expect(routes.map((r) => r.route)).toEqual(
        expect.arrayContaining(['GET /api/reports', 'GET /api/admin/users', 'DELETE /api/bans/:id']),
      );
      const visitor = new ApiClient(t.url);
      for (const r of routes) {
        const path = r.path.replace(/:[A-Za-z]+/g, ID);
        // A body an admin's call would carry, and one meant to slip through: neither gets past the guard.
        for (const body of [
          { reason: 'x', isAdmin: true, status: 'dismissed' },
          { isAdmin: true, userId: alice.user.id },
        ]) {
          const send = (who: ApiClient) => who.request(r.method, path, r.method === 'GET' ? undefined : body);
          const asFencer = await send(alice.client);
          expect({ route: r.route, status: asFencer.status, body: asFencer.body }).toEqual({
            route: r.route,
            status: 403,
            body: { message: 'Admin access required', code: 'request.admin_only' },
          });
          expect({ route: r.route, status: (await send(visitor)).status }).toEqual({
            route: r.route,
            status: 401,
          });
        }
      }
      // Nothing above made anyone an admin.
      await expect(alice.client.get<{ isAdmin: boolean }>('/api/user')).resolves.toMatchObject({
        body: { isAdmin: false },
      });
    });
  });

  describe('enumeration and headers', () => {
    it('costs the same time for an unknown username as for a wrong password', async () => {
      const attempt = async (username: string) => {
        const started = performance.now();
        const reply = await new ApiClient(t.url).post('/api/login', { username, password: 'wrong-password' });
        expect(reply.status).toBe(401);
        return performance.now() - started;
      };
      await attempt(alice.user.username); // warm up both paths
      await attempt(uniqueName('nobody'));
      const wrong: number[] = [];
      const unknown: number[] = [];
      for (let i = 0; i < 5; i += 1) {
        wrong.push(await attempt(alice.user.username));
        unknown.push(await attempt(uniqueName('nobody')));
      }
      expect(median(unknown)).toBeGreaterThan(median(wrong) * 0.5);
    });

    it('never lets a browser keep a reply about the signed-in user', async () => {
      for (const path of ['/api/current-user', '/api/user', '/api/posts/epee', '/api/conversations']) {
        const reply = await alice.client.get(path);
        expect(reply.headers.get('cache-control')).toBe('no-store');
      }
    });

    it('allows connections and images from the app itself only', async () => {
      const csp = (await alice.client.get('/api/user')).headers.get('content-security-policy') ?? '';
      expect(csp).toMatch(/connect-src 'self' https:\/\/partner\.example(;|$)/);
      expect(csp).toMatch(/img-src 'self' data: blob:(;|$)/);
      const directive = (name: string) => csp.split(';').find((d) => d.startsWith(`${name} `)) ?? '';
      expect(directive('connect-src')).not.toMatch(/ws:|wss:/);
      expect(directive('img-src')).not.toMatch(/https:/);
      expect(directive('media-src')).not.toMatch(/https:/);
    });
  });
});

describe('behind a TLS-terminating proxy', () => {
  const t = useTestApp({ TRUST_PROXY: 'true' });

  it('sends the session cookie as Secure when the proxy says the visitor used HTTPS', async () => {
    const register = (proto: string) => {
      const username = uniqueName();
      return fetch(`${t.url}/api/register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-proto': proto },
        body: JSON.stringify({
          username,
          email: `${username}@example.com`,
          name: 'Tls',
          password: 'secret123',
        }),
      });
    };
    const secure = await register('https');
    expect(secure.status).toBe(201);
    expect(secure.headers.getSetCookie().join()).toMatch(/; Secure/i);
    const plain = await register('http');
    expect(plain.headers.getSetCookie().join()).not.toMatch(/; Secure/i);
  });
});
