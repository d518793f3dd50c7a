import { banSchema, type Ban, type Report } from '@piste/contracts';
import { Clock } from '../src/common/clock';
import {
  ApiClient,
  connectSocket,
  describeWithRedis,
  makeAdmin,
  makePost,
  makeUser,
  nextEvent,
  settle,
  startTestApp,
  type TestApp,
  type TestUser,
} from './helpers';

const HOUR = 60 * 60 * 1000;
const NIL_ID = '00000000-0000-4000-8000-000000000000';
const BAN_MESSAGE = /^You are banned from posting until (\d{4}-\d{2}-\d{2}) (\d{2}:\d{2}) UTC$/;

describe('temporary bans', () => {
  let t: TestApp;
  let admin: TestUser;

  beforeAll(async () => {
    t = await startTestApp();
    admin = await makeAdmin(t);
  });
  afterAll(async () => {
    await t.close();
  });
  afterEach(() => {
    jest.restoreAllMocks();
  });

  async function ban(userId: string, durationHours = 24, extra: Record<string, unknown> = {}): Promise<Ban> {
    const res = await admin.client.post<Ban>('/api/bans', {
      userId,
      reason: 'Spam',
      durationHours,
      ...extra,
    });
    if (res.status !== 201) throw new Error(`ban failed: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body;
  }

  describe('POST /api/bans', () => {
    it.each([1, 24, 168, 720])('bans for %i hours from now', async (hours) => {
      const target = await makeUser(t);
      const before = Date.now();
      const res = await admin.client.post<Ban>('/api/bans', {
        userId: target.user.id,
        reason: 'Violation of community guidelines',
        durationHours: hours,
      });
      expect(res.status).toBe(201);
      expect(banSchema.parse(res.body)).toMatchObject({
        userId: target.user.id,
        bannedBy: admin.user.id,
        reason: 'Violation of community guidelines',
      });
      const until = new Date(res.body.bannedUntil).getTime();
      expect(until).toBeGreaterThanOrEqual(before + hours * HOUR - 1000);
      expect(until).toBeLessThanOrEqual(Date.now() + hours * HOUR + 1000);
    });

    it.each([0, 2, 48, -1, 1.5, 'abc'])('refuses a duration of %p hours', async (durationHours) => {
      const target = await makeUser(t);
      await expect(
        admin.client.post('/api/bans', { userId: target.user.id, reason: 'Spam', durationHours }),
      ).resolves.toMatchObject({ status: 400 });
    });

    it('refuses a blank reason', async () => {
      const target = await makeUser(t);
      await expect(
        admin.client.post('/api/bans', { userId: target.user.id, reason: '  ', durationHours: 24 }),
      ).resolves.toMatchObject({ status: 400 });
    });

    it("says 'Post author not found' for a user that does not exist", async () => {
      await expect(
        admin.client.post('/api/bans', { userId: NIL_ID, reason: 'Spam', durationHours: 24 }),
      ).resolves.toEqual(
        expect.objectContaining({ status: 404, body: { message: 'Post author not found' } }),
      );
    });

    it('cannot ban an admin', async () => {
      const otherAdmin = await makeAdmin(t);
      await expect(
        admin.client.post('/api/bans', { userId: otherAdmin.user.id, reason: 'Spam', durationHours: 24 }),
      ).resolves.toEqual(
        expect.objectContaining({ status: 403, body: { message: 'Admins cannot be banned' } }),
      );
      await expect(
        admin.client.post('/api/bans', { userId: admin.user.id, reason: 'Spam', durationHours: 24 }),
      ).resolves.toMatchObject({ status: 403 });
    });

    it('a normal user cannot ban anyone, not even to ban someone who reported them', async () => {
      const user = await makeUser(t);
      const target = await makeUser(t);
      await expect(
        user.client.post('/api/bans', { userId: target.user.id, reason: 'Spam', durationHours: 1 }),
      ).resolves.toEqual(
        expect.objectContaining({ status: 403, body: { message: 'Admin access required' } }),
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
      const listed = (await admin.client.get<Report[]>('/api/reports')).body.find((r) => r.id === report.id);
      expect(listed).toMatchObject({
        status: 'resolved',
        reviewedBy: { id: admin.user.id },
        actions: [{ action: 'ban', by: admin.user.name }],
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
        admin.client.post('/api/bans', {
          userId: bystander.user.id,
          reason: 'Spam',
          durationHours: 1,
          reportId: report.id,
        }),
      ).resolves.toMatchObject({ status: 400 });
      await expect(
        admin.client.post('/api/bans', {
          userId: author.user.id,
          reason: 'Spam',
          durationHours: 1,
          reportId: NIL_ID,
        }),
      ).resolves.toEqual(expect.objectContaining({ status: 404, body: { message: 'Report not found' } }));
      // Neither attempt banned anyone.
      await expect(bystander.client.get('/api/bans/me')).resolves.toMatchObject({ body: { ban: null } });
      await expect(author.client.get('/api/bans/me')).resolves.toMatchObject({ body: { ban: null } });
    });
  });

  describe('enforcement', () => {
    it('a banned user cannot post or comment (403 naming the end time) but can still do the rest', async () => {
      const banned = await makeUser(t);
      const friend = await makeUser(t);
      const friendPost = await makePost(friend);
      const ownPost = await makePost(banned);
      const issued = await ban(banned.user.id, 24);

      const postTry = await banned.client.post('/api/posts', {
        content: 'let me post',
        type: 'general',
        weapon: 'epee',
      });
      expect(postTry.status).toBe(403);
      const iso = new Date(issued.bannedUntil).toISOString();
      expect(postTry.body.message).toBe(
        `You are banned from posting until ${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`,
      );
      expect(postTry.body.message).toMatch(BAN_MESSAGE);

      const commentTry = await banned.client.post('/api/comments', {
        postId: friendPost.id,
        content: 'hello',
      });
      expect(commentTry).toMatchObject({ status: 403, body: { message: postTry.body.message } });

      // Reading, reacting, reporting, hiding and deleting their own post still work.
      await expect(banned.client.get('/api/posts/epee?limit=10&offset=0')).resolves.toMatchObject({
        status: 200,
      });
      await expect(banned.client.get(`/api/comments?postId=${friendPost.id}`)).resolves.toMatchObject({
        status: 200,
      });
      await expect(
        banned.client.post('/api/likes', { userId: banned.user.id, postId: friendPost.id }),
      ).resolves.toMatchObject({ status: 201 });
      await expect(
        banned.client.post('/api/reports', { postId: friendPost.id, reason: 'Spam' }),
      ).resolves.toMatchObject({ status: 201 });
      await expect(banned.client.delete(`/api/posts/${ownPost.id}`)).resolves.toMatchObject({ status: 200 });

      // Everyone else is unaffected.
      await expect(
        friend.client.post('/api/comments', { postId: friendPost.id, content: 'fine' }),
      ).resolves.toMatchObject({ status: 201 });
    });

    it('a signed-out caller still gets 401, not the ban', async () => {
      await expect(
        new ApiClient(t.url).post('/api/posts', { content: 'x', type: 'general', weapon: 'epee' }),
      ).resolves.toMatchObject({ status: 401 });
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
      const iso = new Date(long.bannedUntil).toISOString();
      expect(res.body.message).toBe(
        `You are banned from posting until ${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`,
      );
    });
  });

  describe('expiry by time, with no job', () => {
    it('a 1-hour ban holds just before its end and is over just after', async () => {
      const banned = await makeUser(t);
      const friend = await makeUser(t);
      const friendPost = await makePost(friend);
      const issued = await ban(banned.user.id, 1);
      const end = new Date(issued.bannedUntil).getTime();
      const clock = jest.spyOn(t.app.get(Clock), 'now');

      clock.mockReturnValue(new Date(end - 1000));
      await expect(
        banned.client.post('/api/posts', { content: 'too early', type: 'general', weapon: 'epee' }),
      ).resolves.toMatchObject({ status: 403 });
      await expect(banned.client.get('/api/bans/me')).resolves.toMatchObject({
        body: { ban: { id: issued.id } },
      });

      clock.mockReturnValue(new Date(end + 1000));
      await expect(
        banned.client.post('/api/posts', { content: 'back again', type: 'general', weapon: 'epee' }),
      ).resolves.toMatchObject({ status: 201 });
      await expect(
        banned.client.post('/api/comments', { postId: friendPost.id, content: 'back' }),
      ).resolves.toMatchObject({ status: 201 });
      await expect(banned.client.get('/api/bans/me')).resolves.toMatchObject({ body: { ban: null } });
    });
  });

  describe('ban:new', () => {
    it("reaches the banned user's open sockets, and nobody else's", async () => {
      const banned = await makeUser(t);
      const bystander = await makeUser(t);
      const bannedTab1 = await connectSocket(t.url, banned.client);
      const bannedTab2 = await connectSocket(t.url, banned.client);
      const otherSocket = await connectSocket(t.url, bystander.client);
      try {
        let bystanderGotIt = false;
        otherSocket.on('ban:new', () => (bystanderGotIt = true));
        const tab1 = nextEvent(bannedTab1, 'ban:new');
        const tab2 = nextEvent(bannedTab2, 'ban:new');
        const issued = await ban(banned.user.id, 24);
        await expect(tab1).resolves.toEqual({ ban: issued });
        await expect(tab2).resolves.toEqual({ ban: issued });
        await settle();
        expect(bystanderGotIt).toBe(false);
      } finally {
        bannedTab1.close();
        bannedTab2.close();
        otherSocket.close();
      }
    });
  });
});

describeWithRedis('bans across replicas', () => {
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    [a, b] = await Promise.all([startTestApp(), startTestApp()]);
  });
  afterAll(async () => {
    await Promise.all([a?.close(), b?.close()]);
  });

  it('a ban issued on instance A reaches the user on instance B and holds there', async () => {
    const admin = await makeAdmin(a);
    const banned = await makeUser(a);
    const socketOnB = await connectSocket(b.url, banned.client.on(b.url));
    try {
      const received = nextEvent(socketOnB, 'ban:new');
      const res = await admin.client.post<Ban>('/api/bans', {
        userId: banned.user.id,
        reason: 'Spam',
        durationHours: 1,
      });
      await expect(received).resolves.toEqual({ ban: res.body });
      await expect(
        banned.client.on(b.url).post('/api/posts', { content: 'x', type: 'general', weapon: 'epee' }),
      ).resolves.toMatchObject({ status: 403 });
    } finally {
      socketOnB.close();
    }
  });
});
