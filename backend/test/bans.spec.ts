import { banSchema, type Ban, type Report } from '@piste/contracts';
import { Clock } from '../src/common/clock';
import { ApiClient, makeAdmin, makePost, makeUser } from './helpers';
import { BANNED_ACTIONS, banMessageFor, expectDone, HOUR, NIL_ID, useBans } from './bans';

describe('temporary bans', () => {
  const bans = useBans();
  const { t, ban, makeScene } = bans;

  describe('POST /api/bans', () => {
    it.each([1, 24, 168, 720])('bans for %i hours from now', async (hours) => {
      const target = await makeUser(t);
      const before = Date.now();
      const res = await bans.admin.client.post<Ban>('/api/bans', {
        userId: target.user.id,
        reason: 'Violation of community guidelines',
        durationHours: hours,
      });
      expect(res.status).toBe(201);
      expect(banSchema.parse(res.body)).toMatchObject({
        userId: target.user.id,
        bannedBy: bans.admin.user.id,
        reason: 'Violation of community guidelines',
      });
      const until = new Date(res.body.bannedUntil).getTime();
      expect(until).toBeGreaterThanOrEqual(before + hours * HOUR - 1000);
      expect(until).toBeLessThanOrEqual(Date.now() + hours * HOUR + 1000);
    });

    it.each([0, 2, 48, -1, 1.5, 'abc'])('refuses a duration of %p hours', async (durationHours) => {
      const target = await makeUser(t);
      await expect(
        bans.admin.client.post('/api/bans', { userId: target.user.id, reason: 'Spam', durationHours }),
      ).resolves.toMatchObject({ status: 400 });
    });

    it('refuses a blank reason', async () => {
      const target = await makeUser(t);
      await expect(
        bans.admin.client.post('/api/bans', { userId: target.user.id, reason: '  ', durationHours: 24 }),
      ).resolves.toMatchObject({ status: 400 });
    });

    it("says 'Post author not found' for a user that does not exist", async () => {
      await expect(
        bans.admin.client.post('/api/bans', { userId: NIL_ID, reason: 'Spam', durationHours: 24 }),
      ).resolves.toEqual(
        expect.objectContaining({
          status: 404,
          body: { message: 'Post author not found', code: 'moderation.author_not_found' },
        }),
      );
    });

    it('cannot ban an admin', async () => {
      const otherAdmin = await makeAdmin(t);
      await expect(
        bans.admin.client.post('/api/bans', {
          userId: otherAdmin.user.id,
          reason: 'Spam',
          durationHours: 24,
        }),
      ).resolves.toEqual(
        expect.objectContaining({
          status: 403,
          body: { message: 'Admins cannot be banned', code: 'moderation.admin_not_bannable' },
        }),
      );
      await expect(
        bans.admin.client.post('/api/bans', {
          userId: bans.admin.user.id,
          reason: 'Spam',
          durationHours: 24,
        }),
      ).resolves.toMatchObject({ status: 403 });
    });

    it('a normal user cannot ban anyone, not even to ban someone who reported them', async () => {
      const user = await makeUser(t);
      const target = await makeUser(t);
      await expect(
        user.client.post('/api/bans', { userId: target.user.id, reason: 'Spam', durationHours: 1 }),
      ).resolves.toEqual(
        expect.objectContaining({
          status: 403,
          body: { message: 'Admin access required', code: 'request.admin_only' },
        }),
      );
      await expect(
        target.client.post('/api/posts', { content: 'still free', weapon: 'epee' }),
      ).resolves.toMatchObject({ status: 201 });
    });

    it('with a report: resolves it and records the ban in its audit trail', async () => {
      const author = await makeUser(t);
      const reporter = await makeUser(t);
      const post = await makePost(author);
      const report = (await reporter.client.post<Report>('/api/reports', { postId: post.id, reason: 'Spam' }))
        .body;
      await ban(author.user.id, 1, { reportId: report.id });
      const listed = (await bans.admin.client.get<Report[]>('/api/reports')).body.find(
        (r) => r.id === report.id,
      );
      expect(listed).toMatchObject({
        status: 'resolved',
        reviewedBy: { id: bans.admin.user.id },
        actions: [{ action: 'ban', by: bans.admin.user.name }],
      });
      expect(listed?.resolvedAt).not.toBeNull();
    });

    it('refuses a report whose post someone else wrote, and an unknown report', async () => {
      const author = await makeUser(t);
      const bystander = await makeUser(t);
      const reporter = await makeUser(t);
      const post = await makePost(author);
      const report = (await reporter.client.post<Report>('/api/reports', { postId: post.id, reason: 'Spam' }))
        .body;
      await expect(
        bans.admin.client.post('/api/bans', {
          userId: bystander.user.id,
          reason: 'Spam',
          durationHours: 1,
          reportId: report.id,
        }),
      ).resolves.toMatchObject({ status: 400 });
      await expect(
        bans.admin.client.post('/api/bans', {
          userId: author.user.id,
          reason: 'Spam',
          durationHours: 1,
          reportId: NIL_ID,
        }),
      ).resolves.toEqual(
        expect.objectContaining({
          status: 404,
          body: { message: 'Report not found', code: 'moderation.report_not_found' },
        }),
      );
      // Neither attempt banned anyone.
      await expect(bystander.client.get('/api/bans/me')).resolves.toMatchObject({ body: { ban: null } });
      await expect(author.client.get('/api/bans/me')).resolves.toMatchObject({ body: { ban: null } });
    });
  });

  describe('the ban on the session user', () => {
    it('GET /api/user and sign-in say until when; null for everyone else', async () => {
      const banned = await makeUser(t);
      const other = await makeUser(t);
      await expect(banned.client.get('/api/user')).resolves.toMatchObject({
        status: 200,
        body: { id: banned.user.id, bannedUntil: null },
      });
      expect(banned.user.bannedUntil).toBeNull();
      const issued = await ban(banned.user.id, 24);
      await expect(banned.client.get('/api/user')).resolves.toMatchObject({
        body: { id: banned.user.id, bannedUntil: issued.bannedUntil },
      });
      await expect(other.client.get('/api/user')).resolves.toMatchObject({ body: { bannedUntil: null } });
      await expect(
        new ApiClient(t.url).post('/api/login', {
          username: banned.user.username,
          password: banned.password,
        }),
      ).resolves.toMatchObject({ status: 200, body: { bannedUntil: issued.bannedUntil } });
    });

    it('GET /api/bans/me tells the user about their own active ban', async () => {
      const banned = await makeUser(t);
      await expect(banned.client.get('/api/bans/me')).resolves.toMatchObject({
        status: 200,
        body: { ban: null },
      });
      const issued = await ban(banned.user.id, 1);
      await expect(banned.client.get('/api/bans/me')).resolves.toMatchObject({
        status: 200,
        body: { ban: issued },
      });
      await expect(new ApiClient(t.url).get('/api/bans/me')).resolves.toMatchObject({ status: 401 });
    });

    it('the longest active ban decides the end time', async () => {
      const banned = await makeUser(t);
      const long = await ban(banned.user.id, 168);
      await ban(banned.user.id, 1);
      const res = await banned.client.post('/api/posts', { content: 'x', type: 'general', weapon: 'epee' });
      expect(res.body.message).toBe(banMessageFor(long));
      await expect(banned.client.get('/api/user')).resolves.toMatchObject({
        body: { bannedUntil: long.bannedUntil },
      });
    });
  });

  describe('expiry by time, with no job', () => {
    it('a 1-hour ban holds just before its end; just after, everything works again', async () => {
      const s = await makeScene();
      const issued = await ban(s.actor.user.id, 1);
      const end = Date.parse(issued.bannedUntil);
      const clock = jest.spyOn(t.app.get(Clock), 'now');

      clock.mockReturnValue(new Date(end - 1000));
      for (const [, act] of BANNED_ACTIONS) {
        await expect(act(s)).resolves.toMatchObject({
          status: 403,
          body: { message: banMessageFor(issued) },
        });
      }
      await expect(s.actor.client.get('/api/bans/me')).resolves.toMatchObject({
        body: { ban: { id: issued.id } },
      });
      await expect(s.actor.client.get('/api/user')).resolves.toMatchObject({
        body: { bannedUntil: issued.bannedUntil },
      });

      clock.mockReturnValue(new Date(end + 1000));
      await expect(s.actor.client.get('/api/user')).resolves.toMatchObject({ body: { bannedUntil: null } });
      await expect(s.actor.client.get('/api/bans/me')).resolves.toMatchObject({ body: { ban: null } });
      for (const [action, act] of BANNED_ACTIONS) expectDone(await act(s), action);
    });
  });
});
