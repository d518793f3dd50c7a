import { randomBytes } from 'node:crypto';
import { DataSource } from 'typeorm';
import {
  adminUserPageSchema,
  adminUsersPageSchema,
  auditPageSchema,
  LAST_ADMIN_MESSAGE,
  ONLY_ADMIN_MESSAGE,
  SUSPENDED_MESSAGE,
  type AdminUserPage,
  type AdminUsersPage,
  type AuditEntry,
  type AuditPage,
  type Ban,
  type FeedPost,
  type RecoveryCodes,
  type Report,
  type SessionUser,
  type TotpSetup,
} from '@piste/contracts';
import { createApp } from '../src/app.factory';
import { loadConfig } from '../src/config/config';
import { RealtimePublisher } from '../src/publisher/realtime.publisher';
import {
  ApiClient,
  connectSocket,
  makeAdmin,
  makePost,
  makeUser,
  nextEvent,
  poll,
  signInAgain,
  useTestApp,
  type TestApp,
  type TestSocket,
  type TestUser,
} from './helpers';
import { ownDatabase, type OwnDatabase } from './own-database';

const NIL_ID = '00000000-0000-4000-8000-000000000000';
const REASON = { reason: 'Spam account' };

/** A socket that resolves when the server ends it. */
function whenDisconnected(socket: TestSocket): Promise<string> {
  return new Promise((resolve) => socket.once('disconnect', (reason) => resolve(reason)));
}

async function signIn(t: TestApp, who: TestUser) {
  return new ApiClient(t.url).post('/api/login', { username: who.user.username, password: who.password });
}

describe('account administration', () => {
  const t = useTestApp();
  let admin: TestUser;
  let fencer: TestUser;
  const sockets: TestSocket[] = [];
  const socketOf = async (who: TestUser) => {
    const socket = await connectSocket(t.url, who.client);
    sockets.push(socket);
    return socket;
  };

  beforeAll(async () => {
    [admin, fencer] = await Promise.all([makeAdmin(t), makeUser(t)]);
  });
  afterAll(() => sockets.forEach((socket) => socket.close()));

  const pageOf = async (userId: string) => {
    const res = await admin.client.get<AdminUserPage>(`/api/admin/users/${userId}`);
    expect(res.status).toBe(200);
    return adminUserPageSchema.parse(res.body);
  };
  const auditOf = async (userId: string) => {
    const res = await admin.client.get<AuditPage>(`/api/admin/audit?userId=${userId}`);
    expect(res.status).toBe(200);
    return auditPageSchema.parse(res.body).entries;
  };
  const ban = async (userId: string, durationHours = 24) => {
    const res = await admin.client.post<Ban>('/api/bans', { userId, reason: 'Flooding', durationHours });
    expect(res.status).toBe(201);
    return res.body;
  };

  describe('every route is for admins alone', () => {
    /** Each admin route, as a request someone could send. */
    const ROUTES = (userId: string, banId: string): [string, string, unknown?][] => [
      ['GET', '/api/admin/users'],
      ['GET', `/api/admin/users/${userId}`],
      ['PATCH', `/api/admin/users/${userId}`, { isAdmin: true, ...REASON }],
      ['POST', `/api/admin/users/${userId}/suspend`, REASON],
      ['POST', `/api/admin/users/${userId}/unsuspend`, REASON],
      ['POST', `/api/admin/users/${userId}/delete`, REASON],
      ['DELETE', `/api/bans/${banId}`, REASON],
      ['GET', '/api/admin/audit'],
    ];

    it('401 signed out, 403 for a fencer and for a banned fencer; nothing changes', async () => {
      const [target, banned] = await Promise.all([makeUser(t), makeUser(t)]);
      const targetBan = await ban(target.user.id);
      await ban(banned.user.id);
      const signedOut = new ApiClient(t.url);
      for (const [method, path, body] of ROUTES(target.user.id, targetBan.id)) {
        const route = `${method} ${path}`;
        const asVisitor = await signedOut.request(method, path, body);
        expect({ route, status: asVisitor.status }).toEqual({ route, status: 401 });
        for (const who of [fencer, banned, target]) {
          const res = await who.client.request(method, path, body);
          expect({ route, status: res.status, body: res.body }).toEqual({
            route,
            status: 403,
            body: { message: 'Admin access required', code: 'request.admin_only' },
          });
        }
      }
      const page = await pageOf(target.user.id);
      expect(page.user).toMatchObject({ isAdmin: false, suspendedAt: null, deletionRequestedAt: null });
      expect(page.bans).toEqual([
        expect.objectContaining({ id: targetBan.id, active: true, liftedAt: null }),
      ]);
      expect(page.audit.map((entry) => entry.action)).toEqual(['ban']);
    });
  });

  describe('GET /api/admin/users', () => {
    const list = async (query: string) => {
      const res = await admin.client.get<AdminUsersPage>(`/api/admin/users?${query}`);
      expect(res.status).toBe(200);
      return adminUsersPageSchema.parse(res.body);
    };
    const ids = (page: AdminUsersPage) => page.users.map((u) => u.id);

    it('finds fencers by part of their username, name or email, in any case, newest first', async () => {
      const tag = randomBytes(4).toString('hex');
      const older = await makeUser(t, { username: `zed_${tag}`, name: 'Camille Roux' });
      const newer = await makeUser(t, { username: `amy_${tag}`, name: `Amélie ${tag.toUpperCase()}` });
      const byMail = await makeUser(t, { email: `parry.${tag}@club.example` });

      expect(ids(await list(`q=${tag}`))).toEqual([byMail.user.id, newer.user.id, older.user.id]);
      expect(ids(await list(`q=ZED_${tag}`))).toEqual([older.user.id]);
      expect(ids(await list(`q=${tag.toUpperCase()}`))).toHaveLength(3);
      expect(ids(await list(`q=parry.${tag}@CLUB`))).toEqual([byMail.user.id]);
      // % and _ are letters here, not wildcards.
      expect(ids(await list(`q=${encodeURIComponent(`%${tag}`)}`))).toEqual([]);
      expect(ids(await list(`q=zed__${tag}`))).toEqual([]);

      const row = (await list(`q=amy_${tag}`)).users[0];
      expect(row).toEqual({
        id: newer.user.id,
        username: `amy_${tag}`,
        name: `Amélie ${tag.toUpperCase()}`,
        avatar: null,
        email: `amy_${tag}@example.com`,
        createdAt: expect.any(String),
        lastActiveAt: expect.any(String),
        isAdmin: false,
        bannedUntil: null,
        suspendedAt: null,
        deletionRequestedAt: null,
        reportsAgainst: 0,
      });
    });

    it('pages newest first with before, and says where the next page starts', async () => {
      const tag = randomBytes(4).toString('hex');
      const made: TestUser[] = [];
      for (let i = 0; i < 5; i++) made.push(await makeUser(t, { name: `Pager ${tag} ${i}` }));
      const newestFirst = made.map((u) => u.user.id).reverse();
      const first = await list(`q=${tag}&limit=2`);
      expect(ids(first)).toEqual(newestFirst.slice(0, 2));
      expect(first.nextCursor).toBe(newestFirst[1]);
      const second = await list(`q=${tag}&limit=2&before=${first.nextCursor}`);
      expect(ids(second)).toEqual(newestFirst.slice(2, 4));
      const last = await list(`q=${tag}&limit=2&before=${second.nextCursor}`);
      expect(ids(last)).toEqual(newestFirst.slice(4));
      expect(last.nextCursor).toBeNull();
    });

    it('filters by status: admins, banned now, suspended, being deleted', async () => {
      const tag = randomBytes(4).toString('hex');
      const [plain, banned, suspended, leaving, promoted] = await Promise.all(
        ['plain', 'banned', 'suspended', 'leaving', 'promoted'].map((role) =>
          makeUser(t, { name: `${role} ${tag}` }),
        ),
      );
      await ban(banned.user.id);
      expect((await admin.client.post(`/api/admin/users/${suspended.user.id}/suspend`, REASON)).status).toBe(
        200,
      );
      // Asked for, the job not yet run.
      await t.app
        .get(DataSource)
        .query(`UPDATE users SET "deletionRequestedAt" = now() WHERE "id" = $1`, [leaving.user.id]);
      expect(
        (await admin.client.patch(`/api/admin/users/${promoted.user.id}`, { isAdmin: true, ...REASON }))
          .status,
      ).toBe(200);

      expect(ids(await list(`q=${tag}&status=all`))).toHaveLength(5);
      expect(ids(await list(`q=${tag}`))).toContain(plain.user.id);
      expect(ids(await list(`q=${tag}&status=admin`))).toEqual([promoted.user.id]);
      expect(ids(await list(`q=${tag}&status=banned`))).toEqual([banned.user.id]);
      expect(ids(await list(`q=${tag}&status=suspended`))).toEqual([suspended.user.id]);
      expect((await list(`q=${tag}&status=banned`)).users[0].bannedUntil).not.toBeNull();
      expect((await list(`q=${tag}&status=suspended`)).users[0].suspendedAt).not.toBeNull();
      expect(ids(await list(`q=${tag}&status=deleted`))).toEqual([leaving.user.id]);
    });

    it('counts the reports against each fencer', async () => {
      const [author, reporterA, reporterB] = await Promise.all([makeUser(t), makeUser(t), makeUser(t)]);
      const [post1, post2] = [await makePost(author), await makePost(author)];
      for (const [who, post] of [
        [reporterA, post1],
        [reporterB, post1],
        [reporterA, post2],
      ] as const) {
        expect((await who.client.post('/api/reports', { postId: post.id, reason: 'Spam' })).status).toBe(201);
      }
      const row = (await list(`q=${author.user.username}`)).users[0];
      expect(row.reportsAgainst).toBe(3);
    });

    it('answers 400 to bad queries', async () => {
      for (const [query, message] of [
        ['status=everyone', 'Status must be all, admin, banned, suspended or deleted'],
        ['limit=0', 'Limit must be a whole number from 1 to 50'],
        ['limit=51', 'Limit must be a whole number from 1 to 50'],
        ['before=nope', 'Invalid id'],
        [`before=${NIL_ID}`, 'Unknown user in before'],
        [`q=${'x'.repeat(101)}`, 'Search text can be at most 100 characters'],
        ['q=a%00b', 'Text must not contain NUL characters'],
      ]) {
        const res = await admin.client.get(`/api/admin/users?${query}`);
        expect({ query, status: res.status, body: res.body }).toEqual({
          query,
          status: 400,
          body: {
            message,
            code: message === 'Unknown user in before' ? 'admin.unknown_cursor' : 'validation.invalid',
          },
        });
      }
    });
  });

  describe('GET /api/admin/users/:id', () => {
    it("shows the fencer's profile, email, dates, counts, reports against them, bans and audit", async () => {
      const [subject, friend, reporter] = await Promise.all([
        makeUser(t, { title: 'Coach' }),
        makeUser(t),
        makeUser(t),
      ]);
      const request = await subject.client.post<{ id: string }>('/api/friend-requests', {
        receiverId: friend.user.id,
      });
      await friend.client.put(`/api/friend-requests/${request.body.id}`, { status: 'accepted' });
      const post = await makePost(subject, { content: 'Cheap blades, DM me' });
      await makePost(subject);
      await subject.client.post('/api/comments', { postId: post.id, content: 'Still cheap' });
      const report = await reporter.client.post<Report>('/api/reports', { postId: post.id, reason: 'Spam' });
      expect(report.status).toBe(201);
      const issued = await admin.client.post<Ban>('/api/bans', {
        userId: subject.user.id,
        reason: 'Selling',
        durationHours: 1,
        reportId: report.body.id,
      });
      expect(issued.status).toBe(201);

      const page = await pageOf(subject.user.id);
      expect(page.user).toMatchObject({
        id: subject.user.id,
        username: subject.user.username,
        email: `${subject.user.username}@example.com`,
        title: 'Coach',
        role: 'student',
        emailVerifiedAt: null,
        lastActiveAt: expect.any(String),
        isAdmin: false,
        bannedUntil: issued.body.bannedUntil,
        suspendedAt: null,
        suspendedReason: null,
        reportsAgainst: 1,
      });
      expect(page.counts).toEqual({ posts: 2, comments: 1, connections: 1, clubs: 0 });
      expect(page.reports).toEqual([
        expect.objectContaining({
          id: report.body.id,
          targetType: 'post',
          postId: post.id,
          reason: 'Spam',
          status: 'resolved',
          content: 'Cheap blades, DM me',
          deleted: false,
        }),
      ]);
      expect(page.bans).toEqual([
        {
          id: issued.body.id,
          reason: 'Selling',
          bannedUntil: issued.body.bannedUntil,
          createdAt: issued.body.createdAt,
          bannedBy: { id: admin.user.id, username: admin.user.username, name: admin.user.name },
          liftedAt: null,
          liftedBy: null,
          active: true,
        },
      ]);
      expect(page.audit).toEqual([
        expect.objectContaining({
          action: 'ban',
          actor: { id: admin.user.id, username: admin.user.username, name: admin.user.name },
          target: { id: subject.user.id, username: subject.user.username, name: subject.user.name },
          reportId: report.body.id,
          reason: 'Selling',
          detail: '1 hour',
        }),
      ]);
    });

    it('answers 404 to an unknown id and 400 to a malformed one', async () => {
      await expect(admin.client.get(`/api/admin/users/${NIL_ID}`)).resolves.toMatchObject({
        status: 404,
        body: { message: 'User not found' },
      });
      await expect(admin.client.get('/api/admin/users/nope')).resolves.toMatchObject({
        status: 400,
        body: { message: 'Invalid id' },
      });
    });
  });

  describe('suspending', () => {
    it("ends every session and socket of the fencer at once; they cannot sign in until it's lifted", async () => {
      const target = await makeUser(t);
      const otherBrowser = await signInAgain(t, target);
      const socket = await socketOf(target);
      const ended = whenDisconnected(socket);

      const res = await admin.client.post<AdminUserPage>(`/api/admin/users/${target.user.id}/suspend`, {
        reason: '  Impersonating a referee  ',
      });
      expect(res.status).toBe(200);
      expect(adminUserPageSchema.parse(res.body).user).toMatchObject({
        suspendedAt: expect.any(String),
        suspendedReason: 'Impersonating a referee',
      });
      // Signed out everywhere: both browsers, and the open socket.
      await expect(target.client.get('/api/user')).resolves.toMatchObject({ status: 401 });
      await expect(otherBrowser.get('/api/current-user')).resolves.toMatchObject({ status: 401 });
      await expect(ended).resolves.toBe('io server disconnect');
      await expect(connectSocket(t.url, target.client)).rejects.toThrow('Not signed in');

      // The right password is told why; a wrong one learns nothing new.
      await expect(signIn(t, target)).resolves.toMatchObject({
        status: 403,
        body: { message: SUSPENDED_MESSAGE },
      });
      await expect(
        new ApiClient(t.url).post('/api/login', { username: target.user.username, password: 'wrong-one' }),
      ).resolves.toMatchObject({ status: 401, body: { message: 'Invalid username or password' } });

      const [entry] = await auditOf(target.user.id);
      expect(entry).toMatchObject({
        action: 'suspend',
        actor: { id: admin.user.id },
        target: { id: target.user.id },
        reason: 'Impersonating a referee',
      });

      const lifted = await admin.client.post<AdminUserPage>(`/api/admin/users/${target.user.id}/unsuspend`, {
        reason: 'Cleared by the club',
      });
      expect(lifted.status).toBe(200);
      expect(lifted.body.user).toMatchObject({ suspendedAt: null, suspendedReason: null });
      const again = await signIn(t, target);
      expect(again.status).toBe(200);
      expect((again.body as SessionUser).id).toBe(target.user.id);
      expect((await auditOf(target.user.id)).map((e) => [e.action, e.reason])).toEqual([
        ['unsuspend', 'Cleared by the club'],
        ['suspend', 'Impersonating a referee'],
      ]);
    });

    it('makes a session left over from before the suspension nobody’s', async () => {
      const target = await makeUser(t);
      expect((await target.client.get('/api/user')).status).toBe(200);
      // As if a sign-in had raced the suspension: the account is suspended, this session row is still there.
      await t.app
        .get(DataSource)
        .query(`UPDATE users SET "suspendedAt" = now() WHERE "id" = $1`, [target.user.id]);
      t.app.get(RealtimePublisher).refreshUser(target.user.id);
      await expect(target.client.get('/api/user')).resolves.toMatchObject({ status: 401 });
      await expect(connectSocket(t.url, target.client)).rejects.toThrow('Not signed in');
    });

    it('refuses the second step of a sign-in suspended in between, saying why', async () => {
      const target = await makeUser(t);
      const setup = await target.client.post<TotpSetup>('/api/account/2fa/totp/setup');
      const { generate } = await import('otplib');
      const code = await generate({ secret: setup.body.secret });
      const enabled = await target.client.post<RecoveryCodes>('/api/account/2fa/totp/enable', { code });
      expect(enabled.status).toBe(200);
      const browser = new ApiClient(t.url);
      const passwordStep = await browser.post('/api/login', {
        username: target.user.username,
        password: target.password,
      });
      expect(passwordStep.body).toMatchObject({ twoFactorRequired: true });

      expect((await admin.client.post(`/api/admin/users/${target.user.id}/suspend`, REASON)).status).toBe(
        200,
      );
      const [recoveryCode] = enabled.body.recoveryCodes;
      await expect(browser.post('/api/login/2fa', { recoveryCode })).resolves.toMatchObject({
        status: 403,
        body: { message: SUSPENDED_MESSAGE },
      });
      expect((await browser.get('/api/user')).status).toBe(401);
    });

    it('refuses admins (revoke their rights first), a suspended account and an account being deleted', async () => {
      const [other, leaving, target] = await Promise.all([makeAdmin(t), makeUser(t), makeUser(t)]);
      await expect(
        admin.client.post(`/api/admin/users/${other.user.id}/suspend`, REASON),
      ).resolves.toMatchObject({
        status: 409,
        body: { message: 'Admins cannot be suspended: revoke their admin rights first' },
      });
      await expect(
        admin.client.post(`/api/admin/users/${admin.user.id}/suspend`, REASON),
      ).resolves.toMatchObject({ status: 409 });
      expect((await other.client.get('/api/user')).status).toBe(200);

      expect((await admin.client.post(`/api/admin/users/${target.user.id}/suspend`, REASON)).status).toBe(
        200,
      );
      await expect(
        admin.client.post(`/api/admin/users/${target.user.id}/suspend`, REASON),
      ).resolves.toMatchObject({ status: 409, body: { message: 'This account is already suspended' } });
      await expect(
        admin.client.post(`/api/admin/users/${fencer.user.id}/unsuspend`, REASON),
      ).resolves.toMatchObject({ status: 409, body: { message: 'This account is not suspended' } });

      await t.app
        .get(DataSource)
        .query(`UPDATE users SET "deletionRequestedAt" = now() WHERE "id" = $1`, [leaving.user.id]);
      await expect(
        admin.client.post(`/api/admin/users/${leaving.user.id}/suspend`, REASON),
      ).resolves.toMatchObject({ status: 409, body: { message: 'This account is being deleted' } });
      expect((await auditOf(other.user.id)).filter((e) => e.action === 'suspend')).toEqual([]);
    });

    it('answers 400 to a missing, blank, long or NUL reason and to unknown fields, 404 to an unknown fencer', async () => {
      const path = `/api/admin/users/${fencer.user.id}/suspend`;
      for (const [body, message] of [
        [{}, 'Please give a reason'],
        [{ reason: '   ' }, 'Please give a reason'],
        [{ reason: 'x'.repeat(501) }, 'Must be at most 500 characters'],
        [{ reason: 'a\u0000b' }, 'Text must not contain NUL characters'],
        [{ reason: 42 }, 'Please give a reason'],
        [{ reason: 'Spam', until: 'forever' }, 'Unrecognized key: "until"'],
      ] as const) {
        const res = await admin.client.post(path, body);
        expect({ body, status: res.status, reply: res.body }).toEqual({
          body,
          status: 400,
          reply: { message, code: 'validation.invalid' },
        });
      }
      await expect(admin.client.post(`/api/admin/users/${NIL_ID}/suspend`, REASON)).resolves.toMatchObject({
        status: 404,
        body: { message: 'User not found' },
      });
      await expect(admin.client.post(`/api/admin/users/nope/suspend`, REASON)).resolves.toMatchObject({
        status: 400,
      });
      expect((await fencer.client.get('/api/user')).status).toBe(200);
    });
  });

  describe('lifting a ban', () => {
    it('lets the fencer post again at once, tells their open tabs, and keeps the ban in their history', async () => {
      const target = await makeUser(t);
      const issued = await ban(target.user.id, 168);
      const post = { content: 'Back on the piste', type: 'general', weapon: 'epee' };
      expect((await target.client.post('/api/posts', post)).status).toBe(403);
      const socket = await socketOf(target);
      const told = nextEvent(socket, 'ban:lifted');

      const res = await admin.client.request<AdminUserPage>('DELETE', `/api/bans/${issued.id}`, {
        reason: 'Appeal accepted',
      });
      expect(res.status).toBe(200);
      await expect(told).resolves.toEqual({ banId: issued.id, bannedUntil: null });
      expect((await target.client.post<FeedPost>('/api/posts', post)).status).toBe(201);
      expect((await target.client.get<SessionUser>('/api/user')).body.bannedUntil).toBeNull();
      expect((await target.client.get('/api/bans/me')).body).toEqual({ ban: null });

      const page = adminUserPageSchema.parse(res.body);
      expect(page.user.bannedUntil).toBeNull();
      expect(page.bans).toEqual([
        expect.objectContaining({
          id: issued.id,
          active: false,
          liftedAt: expect.any(String),
          liftedBy: { id: admin.user.id, username: admin.user.username, name: admin.user.name },
        }),
      ]);
      expect(page.audit[0]).toMatchObject({
        action: 'lift-ban',
        target: { id: target.user.id },
        reason: 'Appeal accepted',
        detail: expect.stringMatching(/^Ban until \d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC: Flooding$/),
      });
    });

    it('leaves a longer ban in force, and refuses a lifted ban, an ended one and an unknown one', async () => {
      const target = await makeUser(t);
      const short = await ban(target.user.id, 1);
      const long = await ban(target.user.id, 720);
      const socket = await socketOf(target);
      const told = nextEvent(socket, 'ban:lifted');
      expect((await admin.client.request('DELETE', `/api/bans/${short.id}`, REASON)).status).toBe(200);
      await expect(told).resolves.toEqual({ banId: short.id, bannedUntil: long.bannedUntil });
      expect((await target.client.get<SessionUser>('/api/user')).body.bannedUntil).toBe(long.bannedUntil);

      await expect(admin.client.request('DELETE', `/api/bans/${short.id}`, REASON)).resolves.toMatchObject({
        status: 409,
        body: { message: 'This ban has already been lifted' },
      });
      const db = t.app.get(DataSource);
      await db.query(`UPDATE bans SET "bannedUntil" = now() - interval '1 minute' WHERE "id" = $1`, [
        long.id,
      ]);
      await expect(admin.client.request('DELETE', `/api/bans/${long.id}`, REASON)).resolves.toMatchObject({
        status: 409,
        body: { message: 'This ban has already ended' },
      });
      await expect(admin.client.request('DELETE', `/api/bans/${NIL_ID}`, REASON)).resolves.toMatchObject({
        status: 404,
        body: { message: 'Ban not found' },
      });
      await expect(admin.client.request('DELETE', `/api/bans/${long.id}`)).resolves.toMatchObject({
        status: 400,
        body: { message: 'Please give a reason' },
      });
    });
  });

  describe('admin rights', () => {
    it('granting joins the live admins room and opens the admin routes at once; revoking closes them', async () => {
      const [target, author, reporter] = await Promise.all([makeUser(t), makeUser(t), makeUser(t)]);
      const socket = await socketOf(target);
      expect((await target.client.get('/api/reports')).status).toBe(403);

      // Their open tab is told, so it shows the Moderation link without a reload.
      const told = nextEvent(socket, 'session:rights');
      const granted = await admin.client.patch<AdminUserPage>(`/api/admin/users/${target.user.id}`, {
        isAdmin: true,
        reason: 'New moderator',
      });
      expect(granted.status).toBe(200);
      await expect(told).resolves.toEqual({ isAdmin: true });
      expect(granted.body.user.isAdmin).toBe(true);
      expect((await target.client.get<SessionUser>('/api/user')).body.isAdmin).toBe(true);
      expect((await target.client.get('/api/admin/users')).status).toBe(200);
      // The open socket is in the admins room now: a new report reaches it.
      const post = await makePost(author);
      const reported = nextEvent(socket, 'report:new', ({ report }) => report.postId === post.id);
      expect((await reporter.client.post('/api/reports', { postId: post.id, reason: 'Spam' })).status).toBe(
        201,
      );
      await expect(reported).resolves.toMatchObject({ report: { postId: post.id } });

      // Asking for what they already have changes nothing and writes nothing.
      expect(
        (await admin.client.patch(`/api/admin/users/${target.user.id}`, { isAdmin: true, ...REASON })).status,
      ).toBe(200);

      const untold = nextEvent(socket, 'session:rights');
      const revoked = await admin.client.patch<AdminUserPage>(`/api/admin/users/${target.user.id}`, {
        isAdmin: false,
        reason: 'Stepped down',
      });
      expect(revoked.status).toBe(200);
      await expect(untold).resolves.toEqual({ isAdmin: false });
      expect((await target.client.get('/api/admin/users')).status).toBe(403);
      expect((await auditOf(target.user.id)).map((e) => [e.action, e.reason])).toEqual([
        ['revoke-admin', 'Stepped down'],
        ['grant-admin', 'New moderator'],
      ]);
    });

    it('an admin may step down while another admin is left', async () => {
      const other = await makeAdmin(t);
      const res = await other.client.patch(`/api/admin/users/${other.user.id}`, {
        isAdmin: false,
        ...REASON,
      });
      expect(res.status).toBe(200);
      expect((await other.client.get('/api/admin/users')).status).toBe(403);
    });

    it('refuses to make a banned or suspended fencer an admin', async () => {
      const [banned, suspended] = await Promise.all([makeUser(t), makeUser(t)]);
      await ban(banned.user.id);
      await admin.client.post(`/api/admin/users/${suspended.user.id}/suspend`, REASON);
      await expect(
        admin.client.patch(`/api/admin/users/${banned.user.id}`, { isAdmin: true, ...REASON }),
      ).resolves.toMatchObject({
        status: 409,
        body: { message: 'Lift their ban first: admins cannot be banned' },
      });
      await expect(
        admin.client.patch(`/api/admin/users/${suspended.user.id}`, { isAdmin: true, ...REASON }),
      ).resolves.toMatchObject({ status: 409, body: { message: 'Unsuspend this account first' } });
      expect((await pageOf(banned.user.id)).user.isAdmin).toBe(false);
    });

    it('answers 400 to bad input and 404 to an unknown fencer', async () => {
      const path = `/api/admin/users/${fencer.user.id}`;
      for (const body of [
        {},
        { isAdmin: 'yes', ...REASON },
        { isAdmin: true },
        { isAdmin: true, reason: ' ' },
      ]) {
        await expect(admin.client.patch(path, body)).resolves.toMatchObject({ status: 400 });
      }
      await expect(
        admin.client.patch(`/api/admin/users/${NIL_ID}`, { isAdmin: true, ...REASON }),
      ).resolves.toMatchObject({ status: 404 });
      expect((await pageOf(fencer.user.id)).user.isAdmin).toBe(false);
    });
  });

  describe('deleting an account', () => {
    it('goes the way its owner’s own deletion goes: signed out now, gone within a minute, audit kept', async () => {
      const target = await makeUser(t);
      await makePost(target);
      const socket = await socketOf(target);
      const ended = whenDisconnected(socket);

      const res = await admin.client.post<AdminUserPage>(`/api/admin/users/${target.user.id}/delete`, {
        reason: 'Spam bot',
      });
      expect(res.status).toBe(202);
      // The reply is the account as the request left it; the job may have removed it since.
      const page = adminUserPageSchema.parse(res.body);
      expect(page.user.deletionRequestedAt).not.toBeNull();
      await expect(target.client.get('/api/user')).resolves.toMatchObject({ status: 401 });
      await expect(ended).resolves.toBe('io server disconnect');
      await expect(signIn(t, target)).resolves.toMatchObject({ status: 401 });
      const [entry] = page.audit;
      expect(entry).toMatchObject({
        action: 'delete-account',
        reason: 'Spam bot',
        target: { id: target.user.id },
      });

      await poll(
        () => admin.client.get(`/api/admin/users/${target.user.id}`),
        (page) => page.status === 404,
      );
      // The audit keeps the entry, without the person.
      const audit = await admin.client.get<AuditPage>('/api/admin/audit?limit=50');
      const kept = audit.body.entries.find((e: AuditEntry) => e.id === entry.id);
      expect(kept).toMatchObject({ action: 'delete-account', reason: 'Spam bot', target: null });
    });

    it('refuses an admin (revoke their rights first) and an account already being deleted', async () => {
      const [other, target] = await Promise.all([makeAdmin(t), makeUser(t)]);
      await expect(
        admin.client.post(`/api/admin/users/${other.user.id}/delete`, REASON),
      ).resolves.toMatchObject({
        status: 409,
        body: { message: 'Admins cannot be deleted: revoke their admin rights first' },
      });
      await expect(
        admin.client.post(`/api/admin/users/${admin.user.id}/delete`, REASON),
      ).resolves.toMatchObject({ status: 409 });
      // Asked for, the job not yet run.
      const db = t.app.get(DataSource);
      await db.query(`UPDATE users SET "deletionRequestedAt" = now() WHERE "id" = $1`, [target.user.id]);
      await expect(
        admin.client.post(`/api/admin/users/${target.user.id}/delete`, REASON),
      ).resolves.toMatchObject({ status: 409, body: { message: 'This account is already being deleted' } });
      await expect(admin.client.post(`/api/admin/users/${NIL_ID}/delete`, REASON)).resolves.toMatchObject({
        status: 404,
      });
      await expect(admin.client.post(`/api/admin/users/${target.user.id}/delete`, {})).resolves.toMatchObject(
        {
          status: 400,
        },
      );
    });
  });

  describe('GET /api/admin/audit', () => {
    it('lists every moderation and account action, newest first, with actor, target, reason and time', async () => {
      const [author, reporter, other] = await Promise.all([makeUser(t), makeUser(t), makeUser(t)]);
      const [spam, rude] = [await makePost(author), await makePost(author)];
      const first = await reporter.client.post<Report>('/api/reports', { postId: spam.id, reason: 'Spam' });
      const second = await reporter.client.post<Report>('/api/reports', { postId: rude.id, reason: 'Rude' });
      await admin.client.patch(`/api/reports/${first.body.id}`, { status: 'dismissed' });
      expect((await admin.client.delete(`/api/posts/${rude.id}`)).status).toBeLessThan(300);
      await ban(author.user.id);
      await admin.client.post(`/api/admin/users/${other.user.id}/suspend`, { reason: 'Sock puppet' });

      const res = await admin.client.get<AuditPage>('/api/admin/audit?limit=4');
      expect(res.status).toBe(200);
      const page = auditPageSchema.parse(res.body);
      const person = (who: TestUser) => ({
        id: who.user.id,
        username: who.user.username,
        name: who.user.name,
      });
      expect(page.entries).toEqual([
        expect.objectContaining({ action: 'suspend', target: person(other), reason: 'Sock puppet' }),
        expect.objectContaining({
          action: 'ban',
          actor: person(admin),
          target: person(author),
          reason: 'Flooding',
          detail: '24 hours',
          reportId: null,
        }),
        expect.objectContaining({ action: 'delete', target: person(author), reportId: second.body.id }),
        expect.objectContaining({ action: 'dismiss', target: person(author), reportId: first.body.id }),
      ]);
      for (const entry of page.entries) expect(Date.parse(entry.createdAt)).not.toBeNaN();

      const next = await admin.client.get<AuditPage>(`/api/admin/audit?limit=4&before=${page.nextCursor}`);
      expect(next.status).toBe(200);
      expect(next.body.entries.map((e) => e.id)).not.toContain(page.entries[3].id);
      expect(
        (await admin.client.get<AuditPage>(`/api/admin/audit?userId=${author.user.id}`)).body.entries.map(
          (e) => e.action,
        ),
      ).toEqual(['ban', 'delete', 'dismiss']);
    });

    it('answers 400 to a bad cursor or filter', async () => {
      for (const [query, message] of [
        [`before=${NIL_ID}`, 'Unknown entry in before'],
        ['before=nope', 'Invalid id'],
        ['userId=nope', 'Invalid id'],
        ['limit=500', 'Limit must be a whole number from 1 to 50'],
      ]) {
        await expect(admin.client.get(`/api/admin/audit?${query}`)).resolves.toMatchObject({
          status: 400,
          body: { message },
        });
      }
    });
  });
});

/** The last admin of a community cannot be demoted: here, a database whose one admin is the only one. */
describe('the last admin', () => {
  let database: OwnDatabase;
  let t: TestApp;
  /** The admin left after two tried to demote each other. */
  let survivor: TestUser;

  beforeAll(async () => {
    database = await ownDatabase('piste_admins');
    const config = loadConfig({
      ...process.env,
      ...database.env,
      PORT: '0',
      SEED_DEMO: 'false',
      NODE_ENV: 'test',
    });
    const app = await createApp(config, database.location);
    await app.listen(0, '127.0.0.1');
    const address = app.getHttpServer().address() as { port: number };
    t = { app, url: `http://127.0.0.1:${address.port}`, config, close: () => app.close() };
  });
  afterAll(async () => {
    await t?.close();
    await database?.drop();
  });

  it('cannot be demoted, by anyone; with a second admin, either may go but not both', async () => {
    const only = await makeAdmin(t);
    await expect(
      only.client.patch(`/api/admin/users/${only.user.id}`, { isAdmin: false, ...REASON }),
    ).resolves.toMatchObject({ status: 409, body: { message: LAST_ADMIN_MESSAGE } });
    expect((await only.client.get('/api/admin/users')).status).toBe(200);

    const second = await makeAdmin(t);
    // Both at once, each demoting the other: one goes, the other stays.
    const replies = await Promise.all([
      only.client.patch(`/api/admin/users/${second.user.id}`, { isAdmin: false, ...REASON }),
      second.client.patch(`/api/admin/users/${only.user.id}`, { isAdmin: false, ...REASON }),
    ]);
    const statuses = replies.map((r) => r.status).sort();
    expect(statuses).toContain(200);
    const admins = await t.app
      .get(DataSource)
      .query<{ id: string }[]>(`SELECT "id" FROM users WHERE "isAdmin"`);
    expect(admins).toHaveLength(1);
    survivor = [only, second].find((admin) => admin.user.id === admins[0].id)!;
  });

  it('cannot delete their own account either, until another admin is made', async () => {
    const refused = await survivor.client.post('/api/account/delete', { password: survivor.password });
    expect(refused).toMatchObject({ status: 409, body: { message: ONLY_ADMIN_MESSAGE } });
    expect((await survivor.client.get('/api/user')).status).toBe(200);

    const fencer = await makeUser(t);
    const granted = await survivor.client.patch(`/api/admin/users/${fencer.user.id}`, {
      isAdmin: true,
      ...REASON,
    });
    expect(granted.status).toBe(200);
    expect((await survivor.client.post('/api/account/delete', { password: survivor.password })).status).toBe(
      202,
    );
  });
});
