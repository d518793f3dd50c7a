import { banSchema, type Ban, type FeedPost, type PostComment, type Report } from '@piste/contracts';
import { Clock } from '../src/common/clock';
import { IS_ADMIN_ONLY, IS_ALLOWED_WHILE_BANNED, IS_PUBLIC } from '../src/common/decorators';
import {
  ApiClient,
  appRoutes,
  connectSocket,
  connectUsers,
  describeWithRedis,
  makeAdmin,
  makePost,
  makeUser,
  nextEvent,
  settle,
  startTestApp,
  type Reply,
  type TestApp,
  type TestUser,
} from './helpers';

const HOUR = 60 * 60 * 1000;
const NIL_ID = '00000000-0000-4000-8000-000000000000';
const BAN_MESSAGE = /^You are banned from posting until (\d{4}-\d{2}-\d{2}) (\d{2}:\d{2}) UTC$/;

/** The 403 message for a ban: its end in UTC. */
function banMessageFor(ban: Pick<Ban, 'bannedUntil'>): string {
  const iso = new Date(ban.bannedUntil).toISOString();
  return `You are banned from posting until ${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`;
}

interface ChangeRoute {
  route: string;
  isPublic: boolean;
  isAdminOnly: boolean;
  allowedWhileBanned: boolean;
}

/** Every route that changes something (POST, PUT, PATCH, DELETE), with the markers that decide who may call it. */
function changeRoutes(t: TestApp): ChangeRoute[] {
  const changes = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
  return appRoutes(t)
    .filter((r) => changes.has(r.method))
    .map((r) => ({
      route: r.route,
      isPublic: r.marked(IS_PUBLIC),
      isAdminOnly: r.marked(IS_ADMIN_ONLY),
      allowedWhileBanned: r.marked(IS_ALLOWED_WHILE_BANNED),
    }));
}

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

  /**
   * A fencer with people and things around them, so every action can be tried: a connection, a stranger,
   * the connection's post and comment.
   */
  interface Scene {
    actor: TestUser;
    friend: TestUser;
    stranger: TestUser;
    friendPost: FeedPost;
    friendComment: PostComment;
  }

  async function makeScene(): Promise<Scene> {
    const [actor, friend, stranger] = await Promise.all([makeUser(t), makeUser(t), makeUser(t)]);
    await connectUsers(t, actor, friend);
    const friendPost = await makePost(friend);
    const comment = await friend.client.post<PostComment>('/api/comments', {
      postId: friendPost.id,
      content: 'First!',
    });
    if (comment.status !== 201) throw new Error(`comment failed: ${comment.status}`);
    return { actor, friend, stranger, friendPost, friendComment: comment.body };
  }

  /**
   * What a ban takes away (SECURITY.md, "Bans"): every call that creates or changes something other people
   * see or are notified of. Each is tried by a banned fencer (403) and by a free one (it works).
   */
  const BANNED_ACTIONS: [string, (s: Scene) => Promise<Reply>][] = [
    [
      'publish a post',
      (s) => s.actor.client.post('/api/posts', { content: 'Morning drill', type: 'general', weapon: 'epee' }),
    ],
    [
      'comment on a post',
      (s) => s.actor.client.post('/api/comments', { postId: s.friendPost.id, content: 'Nice touch' }),
    ],
    [
      'reply to a comment',
      (s) =>
        s.actor.client.post('/api/comments', {
          postId: s.friendPost.id,
          parentId: s.friendComment.id,
          content: 'Agreed',
        }),
    ],
    [
      'like a post',
      (s) => s.actor.client.post('/api/likes', { userId: s.actor.user.id, postId: s.friendPost.id }),
    ],
    [
      'dislike a post',
      (s) => s.actor.client.post('/api/dislikes', { userId: s.actor.user.id, postId: s.friendPost.id }),
    ],
    ['like a comment', (s) => s.actor.client.post(`/api/comment-likes/${s.friendComment.id}`)],
    [
      'message a connection',
      (s) => s.actor.client.post('/api/messages', { receiverId: s.friend.user.id, content: 'Hello' }),
    ],
    [
      'ask someone to connect',
      (s) => s.actor.client.post('/api/friend-requests', { receiverId: s.stranger.user.id }),
    ],
    [
      'get an upload URL for post media',
      (s) =>
        s.actor.client.post('/api/objects/upload', {
          filename: 'bout.png',
          contentType: 'image/png',
          size: 1024,
          purpose: 'post',
        }),
    ],
    ['get an upload URL for an avatar', (s) => s.actor.client.post('/api/objects/upload')],
    [
      'edit their profile',
      (s) =>
        s.actor.client.put(`/api/users/${s.actor.user.id}`, {
          name: 'A new name',
          title: 'Club captain',
          email: `${s.actor.user.username}@example.com`,
        }),
    ],
  ];

  function expectDone(reply: Reply, action: string): void {
    expect({ action, status: reply.status, ok: reply.status >= 200 && reply.status < 300 }).toEqual({
      action,
      status: reply.status,
      ok: true,
    });
  }

  describe('what a banned user may not do', () => {
    let banned: Scene;
    let free: Scene;
    let message: string;
    beforeAll(async () => {
      [banned, free] = await Promise.all([makeScene(), makeScene()]);
      message = banMessageFor(await ban(banned.actor.user.id, 24));
    });

    it.each(BANNED_ACTIONS)(
      '%s: 403 naming when the ban ends; a fencer who is not banned can',
      async (action, act) => {
        const refused = await act(banned);
        expect(refused).toMatchObject({ status: 403, body: { message } });
        expect(refused.body).toEqual({ message: expect.stringMatching(BAN_MESSAGE) });
        expectDone(await act(free), action);
      },
    );

    it('nothing was created by the refused calls', async () => {
      const posts = await banned.friend.client.get<FeedPost[]>('/api/posts/epee?limit=50&offset=0');
      expect(posts.body.filter((p) => p.authorId === banned.actor.user.id)).toEqual([]);
      const post = await banned.friend.client.get<FeedPost>(`/api/posts/id/${banned.friendPost.id}`);
      expect(post.body).toMatchObject({ likesCount: 0, dislikesCount: 0, commentsCount: 1 });
      await expect(banned.friend.client.get('/api/conversations')).resolves.toMatchObject({ body: [] });
      await expect(
        banned.stranger.client.get(`/api/friend-requests/${banned.stranger.user.id}`),
      ).resolves.toMatchObject({ body: [] });
      await expect(banned.actor.client.get('/api/current-user')).resolves.toMatchObject({
        body: { name: banned.actor.user.name, title: null },
      });
    });

    it('a signed-out caller still gets 401, not the ban', async () => {
      await expect(
        new ApiClient(t.url).post('/api/posts', { content: 'x', type: 'general', weapon: 'epee' }),
      ).resolves.toMatchObject({ status: 401 });
    });

    it('typing from a banned user is not relayed; it is again once the ban ends', async () => {
      const s = await makeScene();
      const actorSocket = await connectSocket(t.url, s.actor.client);
      const friendSocket = await connectSocket(t.url, s.friend.client);
      const typing = { receiverId: s.friend.user.id, conversationId: null, isTyping: true };
      try {
        const before = nextEvent(friendSocket, 'typing');
        actorSocket.emit('typing', typing);
        await expect(before).resolves.toEqual({
          conversationId: null,
          userId: s.actor.user.id,
          isTyping: true,
        });

        const issued = await ban(s.actor.user.id, 1);
        let relayed = false;
        friendSocket.on('typing', () => (relayed = true));
        actorSocket.emit('typing', typing);
        actorSocket.emit('typing', { ...typing, isTyping: false });
        await settle(300);
        expect(relayed).toBe(false);
        friendSocket.off('typing');

        jest.spyOn(t.app.get(Clock), 'now').mockReturnValue(new Date(Date.parse(issued.bannedUntil) + 1000));
        const again = await connectSocket(t.url, s.actor.client);
        try {
          const after = nextEvent(friendSocket, 'typing');
          again.emit('typing', typing);
          await expect(after).resolves.toMatchObject({ userId: s.actor.user.id, isTyping: true });
        } finally {
          again.close();
        }
      } finally {
        actorSocket.close();
        friendSocket.close();
      }
    });
  });

  /**
   * What a ban leaves: reading, signing in and out, safety (hide, block, report), answering requests they
   * received, and taking back or tidying their own things.
   */
  describe('what a banned user may still do', () => {
    it('reads, hides, reports, blocks, answers requests, withdraws and deletes their own things', async () => {
      const s = await makeScene();
      const { actor, friend, stranger } = s;
      const [requester, decliner, exFriend] = await Promise.all([makeUser(t), makeUser(t), makeUser(t)]);
      // Before the ban: their own post, reactions, requests both ways, a connection and a conversation.
      const ownPost = await makePost(actor);
      const likedPost = await makePost(friend);
      const dislikedPost = await makePost(friend);
      expectDone(await actor.client.post('/api/likes', { postId: likedPost.id }), 'like before the ban');
      expectDone(await actor.client.post('/api/dislikes', { postId: dislikedPost.id }), 'dislike');
      expectDone(await actor.client.post(`/api/comment-likes/${s.friendComment.id}`), 'comment like');
      const sent = await actor.client.post<{ id: string }>('/api/friend-requests', {
        receiverId: stranger.user.id,
      });
      const toAccept = await requester.client.post<{ id: string }>('/api/friend-requests', {
        receiverId: actor.user.id,
      });
      const toDecline = await decliner.client.post<{ id: string }>('/api/friend-requests', {
        receiverId: actor.user.id,
      });
      await connectUsers(t, exFriend, actor);
      const dm = await friend.client.post<{ conversationId: string }>('/api/messages', {
        receiverId: actor.user.id,
        content: 'Training tomorrow?',
      });
      expectDone(dm, 'message from a connection');
      const conversationId = dm.body.conversationId;

      const issued = await ban(actor.user.id, 24);

      const allowed: [string, () => Promise<Reply>][] = [
        ['read the feed', () => actor.client.get('/api/posts/epee?limit=10&offset=0')],
        ['read a post', () => actor.client.get(`/api/posts/id/${s.friendPost.id}`)],
        ['read comments', () => actor.client.get(`/api/comments?postId=${s.friendPost.id}`)],
        ['read conversations', () => actor.client.get('/api/conversations')],
        ['read messages', () => actor.client.get(`/api/messages?conversationId=${conversationId}`)],
        ['read connections', () => actor.client.get('/api/friends')],
        ['read a profile', () => actor.client.get(`/api/users/${friend.user.id}`)],
        ['read their own ban', () => actor.client.get('/api/bans/me')],
        ['mark a conversation read', () => actor.client.post(`/api/conversations/${conversationId}/read`)],
        [
          'report a post',
          () => actor.client.post('/api/reports', { postId: s.friendPost.id, reason: 'Spam' }),
        ],
        ['hide a post', () => actor.client.post('/api/hide-post', { postId: s.friendPost.id })],
        // Before blocking: a block withdraws pending requests between the two.
        ['withdraw a request they sent', () => actor.client.delete(`/api/friend-requests/${sent.body.id}`)],
        ['block someone', () => actor.client.post('/api/block-user', { blockedId: stranger.user.id })],
        ['unblock someone', () => actor.client.post('/api/unblock-user', { blockedId: stranger.user.id })],
        [
          'accept a request they received',
          () => actor.client.put(`/api/friend-requests/${toAccept.body.id}`, { status: 'accepted' }),
        ],
        [
          'decline a request they received',
          () => actor.client.put(`/api/friend-requests/${toDecline.body.id}`, { status: 'declined' }),
        ],
        ['remove a connection', () => actor.client.delete(`/api/friends/${exFriend.user.id}`)],
        ['take back a like', () => actor.client.delete(`/api/likes/${actor.user.id}/${likedPost.id}`)],
        [
          'take back a dislike',
          () => actor.client.delete(`/api/dislikes/${actor.user.id}/${dislikedPost.id}`),
        ],
        ['take back a comment like', () => actor.client.delete(`/api/comment-likes/${s.friendComment.id}`)],
        ['delete their own post', () => actor.client.delete(`/api/posts/${ownPost.id}`)],
        [
          'delete a conversation from their list',
          () => actor.client.delete(`/api/conversations/${conversationId}`),
        ],
      ];
      for (const [action, act] of allowed) expectDone(await act(), action);

      // Signing out and in again works, and the session user still says until when.
      expectDone(await actor.client.post('/api/logout'), 'sign out');
      const again = new ApiClient(t.url);
      await expect(
        again.post('/api/login', { username: actor.user.username, password: actor.password }),
      ).resolves.toMatchObject({ status: 200, body: { id: actor.user.id, bannedUntil: issued.bannedUntil } });
      // ...and the ban holds in the new session.
      await expect(
        again.post('/api/posts', { content: 'new session', type: 'general', weapon: 'epee' }),
      ).resolves.toMatchObject({ status: 403, body: { message: banMessageFor(issued) } });
    });
  });

  describe('the rule at every route', () => {
    /** Changes a banned user may still make; every other signed-in, non-admin change is refused. */
    const ALLOWED_WHILE_BANNED = [
      'DELETE /api/comment-likes/:commentId',
      'DELETE /api/conversations/:id',
      'DELETE /api/dislikes/:userId/:postId',
      'DELETE /api/friend-requests/:id',
      'DELETE /api/friends/:userId',
      'DELETE /api/likes/:userId/:postId',
      'DELETE /api/notifications/:id',
      'DELETE /api/posts/:id',
      'POST /api/block-user',
      'POST /api/conversations/:id/read',
      'POST /api/hide-post',
      'POST /api/notifications/read',
      'POST /api/reports',
      'POST /api/unblock-user',
      'PUT /api/friend-requests/:id',
    ];
    const REFUSED_WHILE_BANNED = [
      'POST /api/comment-likes/:commentId',
      'POST /api/comments',
      'POST /api/dislikes',
      'POST /api/friend-requests',
      'POST /api/likes',
      'POST /api/messages',
      'POST /api/objects/upload',
      'POST /api/posts',
      'PUT /api/users/:id',
    ];

    it('every change a signed-in user can make is either refused while banned or deliberately allowed', () => {
      const changes = changeRoutes(t).filter((r) => !r.isPublic && !r.isAdminOnly);
      expect(
        changes
          .filter((r) => r.allowedWhileBanned)
          .map((r) => r.route)
          .sort(),
      ).toEqual(ALLOWED_WHILE_BANNED);
      expect(
        changes
          .filter((r) => !r.allowedWhileBanned)
          .map((r) => r.route)
          .sort(),
      ).toEqual(REFUSED_WHILE_BANNED);
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
