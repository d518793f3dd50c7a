import { reportSchema, type Report } from '@piste/contracts';
import { z } from 'zod';
import {
  ApiClient,
  connectSocket,
  makeAdmin,
  makePost,
  makeUser,
  nextEvent,
  useTestApp,
  type TestSocket,
  type TestUser,
} from './helpers';
import { barrier, record } from './sockets';

const NIL_ID = '00000000-0000-4000-8000-000000000000';

describe('reports and moderation', () => {
  const t = useTestApp();
  let admin: TestUser;
  let author: TestUser;
  let reporter: TestUser;

  beforeAll(async () => {
    admin = await makeAdmin(t);
    author = await makeUser(t);
    reporter = await makeUser(t);
  });

  async function report(by: TestUser, postId: string, reason = 'Inappropriate content'): Promise<Report> {
    const res = await by.client.post<Report>('/api/reports', { postId, reporterId: by.user.id, reason });
    if (res.status !== 201) throw new Error(`report failed: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body;
  }

  async function reportById(id: string): Promise<Report> {
    const res = await admin.client.get<Report[]>('/api/reports');
    const found = res.body.find((r) => r.id === id);
    if (!found) throw new Error(`report ${id} not listed`);
    return found;
  }

  describe('admin endpoints are closed to everyone but admins', () => {
    it('GET /api/reports: 401 signed out, 403 for a user, 200 for an admin', async () => {
      await expect(new ApiClient(t.url).get('/api/reports')).resolves.toMatchObject({ status: 401 });
      await expect(reporter.client.get('/api/reports')).resolves.toMatchObject({
        status: 403,
        body: { message: 'Admin access required' },
      });
      const res = await admin.client.get('/api/reports');
      expect(res.status).toBe(200);
      expect(() => z.array(reportSchema).parse(res.body)).not.toThrow();
    });

    it('PATCH /api/reports/:id: 401 signed out, 403 for a user (even the reporter), 200 for an admin', async () => {
      const post = await makePost(author);
      const r = await report(reporter, post.id);
      await expect(
        new ApiClient(t.url).patch(`/api/reports/${r.id}`, { status: 'dismissed' }),
      ).resolves.toMatchObject({ status: 401 });
      await expect(
        reporter.client.patch(`/api/reports/${r.id}`, { status: 'dismissed' }),
      ).resolves.toMatchObject({
        status: 403,
      });
      await expect(
        author.client.patch(`/api/reports/${r.id}`, { status: 'dismissed' }),
      ).resolves.toMatchObject({
        status: 403,
      });
      await expect(reportById(r.id)).resolves.toMatchObject({ status: 'pending' });
      await expect(
        admin.client.patch(`/api/reports/${r.id}`, { status: 'dismissed' }),
      ).resolves.toMatchObject({
        status: 200,
        body: { id: r.id, status: 'dismissed' },
      });
    });

    it('POST /api/bans: 401 signed out, 403 for a user, 201 for an admin', async () => {
      const target = await makeUser(t);
      const body = { userId: target.user.id, reason: 'Spam', durationHours: 1 };
      await expect(new ApiClient(t.url).post('/api/bans', body)).resolves.toMatchObject({ status: 401 });
      await expect(reporter.client.post('/api/bans', body)).resolves.toMatchObject({ status: 403 });
      await expect(admin.client.post('/api/bans', body)).resolves.toMatchObject({
        status: 201,
        body: { userId: target.user.id },
      });
    });
  });

  describe('POST /api/reports', () => {
    it('stores a pending report with a snapshot of the post and its author', async () => {
      const post = await makePost(author, { content: 'Something rude' });
      const r = await report(reporter, post.id);
      expect(reportSchema.parse(r)).toMatchObject({
        postId: post.id,
        reporterId: reporter.user.id,
        reason: 'Inappropriate content',
        status: 'pending',
        resolvedAt: null,
        reviewedBy: null,
        post: {
          content: 'Something rude',
          authorId: author.user.id,
          authorName: author.user.name,
          deleted: false,
        },
        actions: [],
      });
    });

    it('takes the reporter from the session: another user id is a 403', async () => {
      const post = await makePost(author);
      await expect(
        reporter.client.post('/api/reports', { postId: post.id, reporterId: admin.user.id, reason: 'Spam' }),
      ).resolves.toMatchObject({ status: 403 });
      // Omitting reporterId is fine: the session decides.
      await expect(
        reporter.client.post('/api/reports', { postId: post.id, reason: 'Spam' }),
      ).resolves.toMatchObject({
        status: 201,
        body: { reporterId: reporter.user.id },
      });
    });

    it("refuses one's own post, an unknown post, bad input and a signed-out caller", async () => {
      const post = await makePost(author);
      await expect(author.client.post('/api/reports', { postId: post.id, reason: 'Spam' })).resolves.toEqual(
        expect.objectContaining({
          status: 403,
          body: { message: 'You cannot report your own post', code: 'moderation.own_post' },
        }),
      );
      await expect(reporter.client.post('/api/reports', { postId: NIL_ID, reason: 'Spam' })).resolves.toEqual(
        expect.objectContaining({
          status: 404,
          body: { message: 'Post not found', code: 'posts.not_found' },
        }),
      );
      await expect(
        reporter.client.post('/api/reports', { postId: 'nope', reason: 'Spam' }),
      ).resolves.toMatchObject({
        status: 400,
      });
      await expect(
        reporter.client.post('/api/reports', { postId: post.id, reason: '   ' }),
      ).resolves.toMatchObject({
        status: 400,
      });
      await expect(
        new ApiClient(t.url).post('/api/reports', { postId: post.id, reason: 'Spam' }),
      ).resolves.toMatchObject({ status: 401 });
    });

    it('allows one pending report per user and post; another user, or after review, may report again', async () => {
      const post = await makePost(author);
      const first = await report(reporter, post.id);
      await expect(
        reporter.client.post('/api/reports', { postId: post.id, reason: 'Again' }),
      ).resolves.toEqual(
        expect.objectContaining({
          status: 409,
          body: { message: 'You have already reported this post', code: 'moderation.post_already_reported' },
        }),
      );
      const other = await makeUser(t);
      await expect(report(other, post.id)).resolves.toMatchObject({ status: 'pending' });
      await admin.client.patch(`/api/reports/${first.id}`, { status: 'dismissed' });
      await expect(report(reporter, post.id)).resolves.toMatchObject({ status: 'pending' });
    });

    it('simultaneous reports by the same user make one report; the others get 409', async () => {
      const post = await makePost(author);
      const replies = await Promise.all(
        [0, 1, 2].map(() => reporter.client.post('/api/reports', { postId: post.id, reason: 'Spam' })),
      );
      expect(replies.map((r) => r.status).sort()).toEqual([201, 409, 409]);
    });
  });

  describe('GET /api/reports', () => {
    it('lists every report newest first with the reviewer and the audit trail', async () => {
      const post = await makePost(author);
      const older = await report(reporter, post.id, 'Older');
      const other = await makeUser(t);
      const newer = await report(other, post.id, 'Newer');
      await admin.client.patch(`/api/reports/${older.id}`, { status: 'resolved' });

      const res = await admin.client.get<Report[]>('/api/reports');
      const ids = res.body.map((r) => r.id);
      expect(ids.indexOf(newer.id)).toBeLessThan(ids.indexOf(older.id));
      const times = res.body.map((r) => r.createdAt);
      expect([...times].sort().reverse()).toEqual(times);
      expect(res.body.find((r) => r.id === older.id)).toMatchObject({
        status: 'resolved',
        reviewedBy: { id: admin.user.id, name: admin.user.name },
        actions: [{ action: 'resolve', by: admin.user.name }],
      });
    });
  });

  describe('PATCH /api/reports/:id', () => {
    it('sets resolvedAt and the reviewer on the server, ignoring the client', async () => {
      const post = await makePost(author);
      const r = await report(reporter, post.id);
      const before = Date.now();
      const res = await admin.client.patch<Report>(`/api/reports/${r.id}`, {
        status: 'dismissed',
        resolvedAt: '2001-01-01T00:00:00.000Z',
        reviewedBy: reporter.user.id,
      });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        status: 'dismissed',
        reviewedBy: { id: admin.user.id, name: admin.user.name },
      });
      expect(new Date(res.body.resolvedAt!).getTime()).toBeGreaterThanOrEqual(before - 1000);
      expect(res.body.actions).toEqual([{ action: 'dismiss', by: admin.user.name, at: expect.any(String) }]);
    });

    it('only moves a pending report: a second review is a 409, an unknown report a 404', async () => {
      const post = await makePost(author);
      const r = await report(reporter, post.id);
      await expect(admin.client.patch(`/api/reports/${r.id}`, { status: 'resolved' })).resolves.toMatchObject(
        {
          status: 200,
        },
      );
      await expect(admin.client.patch(`/api/reports/${r.id}`, { status: 'dismissed' })).resolves.toEqual(
        expect.objectContaining({
          status: 409,
          body: { message: 'This report has already been handled', code: 'moderation.already_handled' },
        }),
      );
      await expect(reportById(r.id)).resolves.toMatchObject({ status: 'resolved' });
      await expect(admin.client.patch(`/api/reports/${NIL_ID}`, { status: 'dismissed' })).resolves.toEqual(
        expect.objectContaining({
          status: 404,
          body: { message: 'Report not found', code: 'moderation.report_not_found' },
        }),
      );
    });

    it('answers 200 to a review asking for the state the report is already in, and records nothing new', async () => {
      const post = await makePost(author);
      const r = await report(reporter, post.id);
      expect((await admin.client.patch(`/api/reports/${r.id}`, { status: 'dismissed' })).status).toBe(200);
      const again = await admin.client.patch<Report>(`/api/reports/${r.id}`, { status: 'dismissed' });
      expect(again.status).toBe(200);
      expect(again.body.actions.map((a) => a.action)).toEqual(['dismiss']);
    });

    it("accepts the spec client's sequence: delete the reported post, then mark the report resolved", async () => {
      const post = await makePost(author);
      const r = await report(reporter, post.id);
      expect((await admin.client.delete(`/api/posts/${post.id}`)).status).toBe(200);
      const resolved = await admin.client.patch<Report>(`/api/reports/${r.id}`, { status: 'resolved' });
      expect(resolved.status).toBe(200);
      expect(resolved.body.status).toBe('resolved');
    });

    it('refuses a status other than dismissed or resolved, and a malformed id', async () => {
      const post = await makePost(author);
      const r = await report(reporter, post.id);
      await expect(admin.client.patch(`/api/reports/${r.id}`, { status: 'pending' })).resolves.toEqual(
        expect.objectContaining({
          status: 400,
          body: { message: 'Status must be dismissed or resolved', code: 'validation.invalid' },
        }),
      );
      await expect(
        admin.client.patch('/api/reports/not-a-uuid', { status: 'dismissed' }),
      ).resolves.toMatchObject({
        status: 400,
      });
    });
  });

  describe('a report outlives its post', () => {
    it('an admin deleting the post resolves its pending reports and keeps the snapshot', async () => {
      const post = await makePost(author, { content: 'Soon gone' });
      const first = await report(reporter, post.id);
      const second = await report(await makeUser(t), post.id);
      await expect(admin.client.delete(`/api/posts/${post.id}`)).resolves.toMatchObject({ status: 200 });

      for (const id of [first.id, second.id]) {
        const r = await reportById(id);
        expect(r).toMatchObject({
          postId: post.id,
          status: 'resolved',
          reviewedBy: { id: admin.user.id },
          post: {
            content: 'Soon gone',
            authorId: author.user.id,
            authorName: author.user.name,
            deleted: true,
          },
          actions: [{ action: 'delete', by: admin.user.name }],
        });
        expect(r.resolvedAt).not.toBeNull();
      }
      // The post is gone: nobody can report it any more.
      await expect(
        (await makeUser(t)).client.post('/api/reports', { postId: post.id, reason: 'Spam' }),
      ).resolves.toMatchObject({ status: 404 });
    });

    it('the author deleting their own post resolves its reports too, with the author as the reviewer', async () => {
      const post = await makePost(author);
      const r = await report(reporter, post.id);
      await expect(author.client.delete(`/api/posts/${post.id}`)).resolves.toMatchObject({ status: 200 });
      await expect(reportById(r.id)).resolves.toMatchObject({
        status: 'resolved',
        reviewedBy: { id: author.user.id },
        post: { deleted: true },
        actions: [{ action: 'delete', by: author.user.name }],
      });
    });

    it('an already dismissed report keeps its status but records the deletion', async () => {
      const post = await makePost(author);
      const r = await report(reporter, post.id);
      await admin.client.patch(`/api/reports/${r.id}`, { status: 'dismissed' });
      await author.client.delete(`/api/posts/${post.id}`);
      const after = await reportById(r.id);
      expect(after).toMatchObject({
        status: 'dismissed',
        reviewedBy: { id: admin.user.id },
        post: { deleted: true },
      });
      expect(after.actions.map((a) => a.action)).toEqual(['dismiss', 'delete']);
    });
  });

  describe('live queue', () => {
    let adminSocket: TestSocket;
    let otherAdminSocket: TestSocket;
    let userSocket: TestSocket;
    let otherAdmin: TestUser;

    beforeAll(async () => {
      otherAdmin = await makeAdmin(t);
      adminSocket = await connectSocket(t.url, admin.client);
      otherAdminSocket = await connectSocket(t.url, otherAdmin.client);
      userSocket = await connectSocket(t.url, reporter.client);
    });
    afterAll(() => {
      adminSocket.close();
      otherAdminSocket.close();
      userSocket.close();
    });

    it('report:new reaches every admin after the report is stored, and no normal user', async () => {
      const atUser = record(userSocket, 'report:new');
      const post = await makePost(author);
      const toAdmin = nextEvent(adminSocket, 'report:new', (p) => p.report.postId === post.id);
      const toOtherAdmin = nextEvent(otherAdminSocket, 'report:new', (p) => p.report.postId === post.id);
      const r = await report(reporter, post.id);
      await expect(toAdmin).resolves.toEqual({ report: r });
      await expect(toOtherAdmin).resolves.toMatchObject({ report: { id: r.id, status: 'pending' } });
      await barrier(userSocket);
      expect(atUser).toEqual([]);
    });

    it("report:updated tells the other admins about one admin's review", async () => {
      const post = await makePost(author);
      const r = await report(reporter, post.id);
      const seen = nextEvent(otherAdminSocket, 'report:updated', (p) => p.report.id === r.id);
      await admin.client.patch(`/api/reports/${r.id}`, { status: 'dismissed' });
      await expect(seen).resolves.toMatchObject({
        report: { id: r.id, status: 'dismissed', reviewedBy: { id: admin.user.id } },
      });
    });

    it('report:updated follows a post deletion', async () => {
      const post = await makePost(author);
      const r = await report(reporter, post.id);
      const seen = nextEvent(otherAdminSocket, 'report:updated', (p) => p.report.id === r.id);
      await admin.client.delete(`/api/posts/${post.id}`);
      await expect(seen).resolves.toMatchObject({
        report: { id: r.id, status: 'resolved', post: { deleted: true } },
      });
    });
  });
});
