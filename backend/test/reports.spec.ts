import { reportSchema, type PostComment, type Report } from '@piste/contracts';
import { DataSource } from 'typeorm';
import { IS_ADMIN_ONLY } from '../src/common/decorators';
import {
  ApiClient,
  appRoutes,
  connectSocket,
  connectUsers,
  itRacing,
  makeAdmin,
  makePost,
  makeUser,
  nextEvent,
  poll,
  storeBlock,
  useTestApp,
  type TestSocket,
  type TestUser,
} from './helpers';
import { sendOk } from './messaging';
import { barrier, record } from './sockets';

const NIL_ID = '00000000-0000-4000-8000-000000000000';

/** Reports of comments, direct messages and fencers beside posts (DESIGN.md §4e), from every side. */
describe('reports beyond posts', () => {
  const t = useTestApp();
  let admin: TestUser;

  beforeAll(async () => {
    admin = await makeAdmin(t);
  });

  /** POST /api/reports in the new shape, whatever its status. */
  function fileReport(
    by: TestUser,
    targetType: string,
    targetId: string,
    extra: Record<string, unknown> = {},
  ) {
    return by.client.post<Report>('/api/reports', { targetType, targetId, reason: 'harassment', ...extra });
  }

  /** A report that must be stored; its reply must match the contract. */
  async function reportOk(
    by: TestUser,
    targetType: string,
    targetId: string,
    extra: Record<string, unknown> = {},
  ): Promise<Report> {
    const res = await fileReport(by, targetType, targetId, extra);
    if (res.status !== 201) throw new Error(`report failed: ${res.status} ${JSON.stringify(res.body)}`);
    return reportSchema.parse(res.body);
  }

  async function listed(id: string): Promise<Report> {
    const res = await admin.client.get<Report[]>('/api/reports');
    const found = res.body.find((r) => r.id === id);
    if (!found) throw new Error(`report ${id} not listed`);
    return reportSchema.parse(found);
  }

  async function comment(
    by: TestUser,
    postId: string,
    content = 'You fence like a beginner',
  ): Promise<PostComment> {
    const res = await by.client.post<PostComment>('/api/comments', { postId, content });
    if (res.status !== 201) throw new Error(`comment failed: ${res.status}`);
    return res.body;
  }

  async function bannedUntil(user: TestUser): Promise<string | null> {
    const res = await user.client.get<{ ban: { bannedUntil: string } | null }>('/api/bans/me');
    return res.body.ban?.bannedUntil ?? null;
  }

  describe('a comment', () => {
    it('is reported by whoever sees it, with its text, author and post kept in the report', async () => {
      const [author, commenter, reporter] = await Promise.all([makeUser(t), makeUser(t), makeUser(t)]);
      const post = await makePost(author);
      const c = await comment(commenter, post.id, 'Nobody wants you at the club');
      const r = await reportOk(reporter, 'comment', c.id, { description: '  Third time this week  ' });
      expect(r).toMatchObject({
        postId: null,
        post: null,
        reason: 'harassment',
        category: 'harassment',
        description: 'Third time this week',
        status: 'pending',
        reporterId: reporter.user.id,
        targetType: 'comment',
        targetId: c.id,
        targetUserId: commenter.user.id,
        target: {
          type: 'comment',
          commentId: c.id,
          postId: post.id,
          content: 'Nobody wants you at the club',
          authorId: commenter.user.id,
          authorName: commenter.user.name,
          deleted: false,
        },
      });
      await expect(listed(r.id)).resolves.toEqual(r);
    });

    it('is not reported by its author (403), twice by one reporter (409), or when unknown (404)', async () => {
      const [author, commenter, reporter] = await Promise.all([makeUser(t), makeUser(t), makeUser(t)]);
      const c = await comment(commenter, (await makePost(author)).id);
      await expect(fileReport(commenter, 'comment', c.id)).resolves.toEqual(
        expect.objectContaining({
          status: 403,
          body: { message: 'You cannot report your own comment', code: 'moderation.own_comment' },
        }),
      );
      await reportOk(reporter, 'comment', c.id);
      await expect(fileReport(reporter, 'comment', c.id, { reason: 'spam' })).resolves.toEqual(
        expect.objectContaining({
          status: 409,
          body: {
            message: 'You have already reported this comment',
            code: 'moderation.comment_already_reported',
          },
        }),
      );
      await expect(fileReport(reporter, 'comment', NIL_ID)).resolves.toEqual(
        expect.objectContaining({
          status: 404,
          body: { message: 'Comment not found', code: 'posts.comment_not_found' },
        }),
      );
      // The post's author may report a comment on their own post.
      await expect(reportOk(author, 'comment', c.id)).resolves.toMatchObject({ status: 'pending' });
    });

    it('is out of reach behind its post: a connections-only post, or a block either way, is a 404', async () => {
      const [author, friend, commenter, stranger, blocked, blocker] = await Promise.all(
        Array.from({ length: 6 }, () => makeUser(t)),
      );
      await connectUsers(t, author, friend);
      const closed = await makePost(author, { visibility: 'connections' });
      const onClosed = await comment(friend, closed.id);
      const notFound = { status: 404, body: { message: 'Comment not found' } };
      await expect(fileReport(stranger, 'comment', onClosed.id)).resolves.toMatchObject(notFound);

      const open = await makePost(author);
      const c = await comment(commenter, open.id);
      await storeBlock(t, commenter, blocked); // the commenter blocked them
      await storeBlock(t, blocker, author); // they blocked the post's author
      await expect(fileReport(blocked, 'comment', c.id)).resolves.toMatchObject(notFound);
      await expect(fileReport(blocker, 'comment', c.id)).resolves.toMatchObject(notFound);
      // The other side of each: those who can see it may report it.
      await expect(reportOk(stranger, 'comment', c.id)).resolves.toMatchObject({ targetId: c.id });
      await expect(reportOk(author, 'comment', onClosed.id)).resolves.toMatchObject({
        targetId: onClosed.id,
      });
    });

    it('goes with its post: deleting the post resolves its pending reports and keeps the snapshot', async () => {
      const [author, commenter, reporter] = await Promise.all([makeUser(t), makeUser(t), makeUser(t)]);
      const post = await makePost(author);
      const c = await comment(commenter, post.id, 'Gone soon');
      const r = await reportOk(reporter, 'comment', c.id);
      const adminSocket = await connectSocket(t.url, admin.client);
      try {
        const seen = nextEvent(adminSocket, 'report:updated', (p) => p.report.id === r.id);
        expect((await admin.client.delete(`/api/posts/${post.id}`)).status).toBe(200);
        await expect(seen).resolves.toMatchObject({
          report: { id: r.id, status: 'resolved', target: { type: 'comment', deleted: true } },
        });
      } finally {
        adminSocket.close();
      }
      await expect(listed(r.id)).resolves.toMatchObject({
        status: 'resolved',
        reviewedBy: { id: admin.user.id },
        target: { content: 'Gone soon', authorName: commenter.user.name, deleted: true },
        actions: [{ action: 'delete', by: admin.user.name }],
      });
      await expect(fileReport(reporter, 'comment', c.id)).resolves.toMatchObject({ status: 404 });
    });
  });

  describe('a direct message', () => {
    it('is reported by its receiver, with its text, sender and receiver kept in the report', async () => {
      const [sender, receiver] = await Promise.all([makeUser(t), makeUser(t)]);
      await connectUsers(t, sender, receiver);
      const { message } = await sendOk(sender, receiver, 'Send me your address or else');
      const r = await reportOk(receiver, 'message', message.id, { reason: 'violence' });
      expect(r).toMatchObject({
        postId: null,
        post: null,
        category: 'violence',
        targetType: 'message',
        targetId: message.id,
        targetUserId: sender.user.id,
        target: {
          type: 'message',
          messageId: message.id,
          content: 'Send me your address or else',
          sentAt: message.createdAt,
          senderId: sender.user.id,
          senderName: sender.user.name,
          receiverId: receiver.user.id,
          receiverName: receiver.user.name,
          deleted: false,
        },
      });
      expect(JSON.stringify(r)).not.toContain('conversationId');
    });

    it('is 403 for its sender, 404 for anyone else (as for no message at all), 409 the second time', async () => {
      const [sender, receiver, outsider] = await Promise.all([makeUser(t), makeUser(t), makeUser(t)]);
      await connectUsers(t, sender, receiver);
      const { message } = await sendOk(sender, receiver, 'Hello');
      await expect(fileReport(sender, 'message', message.id)).resolves.toEqual(
        expect.objectContaining({
          status: 403,
          body: { message: 'You cannot report your own message', code: 'moderation.own_message' },
        }),
      );
      const notFound = expect.objectContaining({
        status: 404,
        body: { message: 'Message not found', code: 'messages.not_found' },
      });
      await expect(fileReport(outsider, 'message', message.id)).resolves.toEqual(notFound);
      await expect(fileReport(admin, 'message', message.id)).resolves.toEqual(notFound);
      await expect(fileReport(outsider, 'message', NIL_ID)).resolves.toEqual(notFound);
      await reportOk(receiver, 'message', message.id);
      await expect(fileReport(receiver, 'message', message.id)).resolves.toEqual(
        expect.objectContaining({
          status: 409,
          body: {
            message: 'You have already reported this message',
            code: 'moderation.message_already_reported',
          },
        }),
      );
    });

    it('may be reported after blocking its sender: reporting is a safety tool', async () => {
      const [sender, receiver] = await Promise.all([makeUser(t), makeUser(t)]);
      await connectUsers(t, sender, receiver);
      const { message } = await sendOk(sender, receiver, 'You will regret it');
      expect((await receiver.client.post('/api/block-user', { blockedId: sender.user.id })).status).toBe(200);
      await expect(reportOk(receiver, 'message', message.id)).resolves.toMatchObject({
        targetUserId: sender.user.id,
      });
    });

    it('reaches admins only through its report: no admin route shows a conversation', async () => {
      const [sender, receiver] = await Promise.all([makeUser(t), makeUser(t)]);
      await connectUsers(t, sender, receiver);
      const secret = `Meet me alone ${Date.now()}`;
      const { message, conversationId } = await sendOk(sender, receiver, secret);

      // Every admin route that reads, with any id it takes being the sender's, the receiver's or the
      // conversation's: none shows the message before it is reported.
      const reads = appRoutes(t).filter((r) => r.method === 'GET' && r.marked(IS_ADMIN_ONLY));
      expect(reads.map((r) => r.route)).toContain('GET /api/reports');
      for (const route of reads) {
        for (const id of [sender.user.id, receiver.user.id, conversationId]) {
          const res = await admin.client.get(route.path.replace(/:[A-Za-z]+/g, id));
          expect({ route: route.route, shows: JSON.stringify(res.body).includes(secret) }).toEqual({
            route: route.route,
            shows: false,
          });
        }
      }
      // Nor do the participants' own routes let an admin in.
      await expect(admin.client.get(`/api/messages?conversationId=${conversationId}`)).resolves.toMatchObject(
        { status: 403 },
      );
      expect(JSON.stringify((await admin.client.get('/api/conversations')).body)).not.toContain(secret);

      const r = await reportOk(receiver, 'message', message.id);
      await expect(listed(r.id)).resolves.toMatchObject({ target: { content: secret } });
      // Still only the message reported: the rest of the conversation stays out of reach.
      await sendOk(sender, receiver, `${secret} (the next one)`);
      const queue = JSON.stringify((await admin.client.get('/api/reports')).body);
      expect(queue).not.toContain(`${secret} (the next one)`);
      await expect(admin.client.get(`/api/messages?conversationId=${conversationId}`)).resolves.toMatchObject(
        { status: 403 },
      );
    });
  });

  describe('a fencer', () => {
    it('is reported with their profile summary as it was', async () => {
      const [target, reporter] = await Promise.all([
        makeUser(t, { title: 'Club champion', bio: 'DM me for cheap blades', weaponSpecialty: 'sabre' }),
        makeUser(t),
      ]);
      const r = await reportOk(reporter, 'user', target.user.id, { reason: 'impersonation' });
      expect(r).toMatchObject({
        postId: null,
        post: null,
        category: 'impersonation',
        targetType: 'user',
        targetId: target.user.id,
        targetUserId: target.user.id,
        target: {
          type: 'user',
          userId: target.user.id,
          username: target.user.username,
          name: target.user.name,
          title: 'Club champion',
          bio: 'DM me for cheap blades',
          weaponSpecialty: 'sabre',
          role: 'student',
          deleted: false,
        },
      });
      // A later change to the profile leaves the report as it was.
      const renamed = await target.client.put(`/api/users/${target.user.id}`, {
        name: 'Someone Else',
        email: `${target.user.username}@example.com`,
      });
      expect(renamed.status).toBe(200);
      await expect(listed(r.id)).resolves.toMatchObject({ target: { name: target.user.name } });
    });

    it('is not oneself (403), nobody (404), or reported twice (409); blocks either way do not stop it', async () => {
      const [target, reporter, blockedByTarget] = await Promise.all([makeUser(t), makeUser(t), makeUser(t)]);
      await expect(fileReport(reporter, 'user', reporter.user.id)).resolves.toEqual(
        expect.objectContaining({
          status: 403,
          body: { message: 'You cannot report yourself', code: 'moderation.self' },
        }),
      );
      await expect(fileReport(reporter, 'user', NIL_ID)).resolves.toEqual(
        expect.objectContaining({
          status: 404,
          body: { message: 'User not found', code: 'users.not_found' },
        }),
      );
      await storeBlock(t, reporter, target);
      await reportOk(reporter, 'user', target.user.id);
      await expect(fileReport(reporter, 'user', target.user.id)).resolves.toEqual(
        expect.objectContaining({
          status: 409,
          body: {
            message: 'You have already reported this fencer',
            code: 'moderation.user_already_reported',
          },
        }),
      );
      await storeBlock(t, target, blockedByTarget);
      await expect(reportOk(blockedByTarget, 'user', target.user.id)).resolves.toMatchObject({
        targetUserId: target.user.id,
      });
    });

    itRacing(
      'simultaneous reports of one fencer by one reporter make one report; the others get 409',
      async () => {
        const [target, reporter] = await Promise.all([makeUser(t), makeUser(t)]);
        const replies = await Promise.all([0, 1, 2].map(() => fileReport(reporter, 'user', target.user.id)));
        expect(replies.map((r) => r.status).sort()).toEqual([201, 409, 409]);
      },
    );

    it('may be an admin (they answer to the other admins), though a ban cannot reach them', async () => {
      const reporter = await makeUser(t);
      const otherAdmin = await makeAdmin(t);
      const r = await reportOk(reporter, 'user', otherAdmin.user.id, { reason: 'other' });
      await expect(
        admin.client.post('/api/bans', {
          userId: otherAdmin.user.id,
          reason: 'Abuse',
          durationHours: 1,
          reportId: r.id,
        }),
      ).resolves.toEqual(
        expect.objectContaining({
          status: 403,
          body: { message: 'Admins cannot be banned', code: 'moderation.admin_not_bannable' },
        }),
      );
    });
  });

  describe('a post in the new shape, and the spec’s shape', () => {
    it('reports a post with a category; the spec’s {postId, reason} is the same report', async () => {
      const [author, reporter] = await Promise.all([makeUser(t), makeUser(t)]);
      const post = await makePost(author, { content: 'Buy my blades' });
      const r = await reportOk(reporter, 'post', post.id, { reason: 'spam' });
      expect(r).toMatchObject({
        postId: post.id,
        reason: 'spam',
        category: 'spam',
        targetType: 'post',
        targetId: post.id,
        targetUserId: author.user.id,
        post: {
          content: 'Buy my blades',
          authorId: author.user.id,
          authorName: author.user.name,
          deleted: false,
        },
        target: { type: 'post', postId: post.id, content: 'Buy my blades', authorId: author.user.id },
      });
      await expect(
        reporter.client.post('/api/reports', { postId: post.id, reason: 'Inappropriate content' }),
      ).resolves.toEqual(
        expect.objectContaining({
          status: 409,
          body: { message: 'You have already reported this post', code: 'moderation.post_already_reported' },
        }),
      );
      await expect(fileReport(author, 'post', post.id)).resolves.toEqual(
        expect.objectContaining({
          status: 403,
          body: { message: 'You cannot report your own post', code: 'moderation.own_post' },
        }),
      );
      const closed = await makePost(author, { visibility: 'connections' });
      await expect(fileReport(reporter, 'post', closed.id)).resolves.toEqual(
        expect.objectContaining({
          status: 404,
          body: { message: 'Post not found', code: 'posts.not_found' },
        }),
      );
    });

    it('keeps the spec’s shape: a free-text reason, no category, the report listed as before', async () => {
      const [author, reporter] = await Promise.all([makeUser(t), makeUser(t)]);
      const post = await makePost(author);
      const res = await reporter.client.post<Report>('/api/reports', {
        postId: post.id,
        reporterId: reporter.user.id,
        reason: 'Inappropriate content',
      });
      expect(res.status).toBe(201);
      const r = await listed(res.body.id);
      expect(r).toMatchObject({
        id: res.body.id,
        postId: post.id,
        reason: 'Inappropriate content',
        status: 'pending',
        resolvedAt: null,
        category: null,
        targetType: 'post',
        targetId: post.id,
      });
      expect(typeof r.createdAt).toBe('string');
    });
  });

  describe('bad input', () => {
    it.each([
      ['an unknown target type', { targetType: 'club', targetId: NIL_ID, reason: 'spam' }, 'Target type must be post, comment, message or user'],
      ['a malformed id', { targetType: 'comment', targetId: 'nope', reason: 'spam' }, 'Invalid target id'],
      ['no id', { targetType: 'user', reason: 'spam' }, 'Invalid target id'],
      ['an unknown category', { targetType: 'user', targetId: NIL_ID, reason: 'rude' }, 'Choose a reason: spam, harassment, hate, violence, sexual, self-harm, impersonation or other'],
      ['no category', { targetType: 'user', targetId: NIL_ID }, 'Choose a reason: spam, harassment, hate, violence, sexual, self-harm, impersonation or other'],
      ['a description too long', { targetType: 'user', targetId: NIL_ID, reason: 'spam', description: 'x'.repeat(501) }, 'Must be at most 500 characters'],
      ['a NUL character', { targetType: 'user', targetId: NIL_ID, reason: 'spam', description: 'a\u0000b' }, 'Text must not contain NUL characters'],
      ['another reporter', { targetType: 'user', targetId: NIL_ID, reason: 'spam', reporterId: NIL_ID }, null],
    ])('refuses %s', async (_, body, message) => {
      const reporter = await makeUser(t);
      const res = await reporter.client.post('/api/reports', body);
      if (message === null) expect(res.status).toBe(403);
      else expect(res).toMatchObject({ status: 400, body: { message } });
    }); // prettier-ignore

    it('needs a session', async () => {
      await expect(
        new ApiClient(t.url).post('/api/reports', { targetType: 'user', targetId: NIL_ID, reason: 'spam' }),
      ).resolves.toMatchObject({ status: 401 });
    });
  });

  describe('review and bans, for every type', () => {
    it('an admin dismisses or resolves a report of a comment, a message or a fencer; nobody else may', async () => {
      const [author, sender, reporter] = await Promise.all([makeUser(t), makeUser(t), makeUser(t)]);
      await connectUsers(t, sender, reporter);
      const c = await comment(author, (await makePost(author)).id);
      const { message } = await sendOk(sender, reporter, 'Spam spam spam');
      const reports = [
        await reportOk(reporter, 'comment', c.id),
        await reportOk(reporter, 'message', message.id),
        await reportOk(reporter, 'user', author.user.id),
      ];
      for (const [i, r] of reports.entries()) {
        const status = i % 2 === 0 ? 'dismissed' : 'resolved';
        await expect(reporter.client.patch(`/api/reports/${r.id}`, { status })).resolves.toMatchObject({
          status: 403,
        });
        await expect(admin.client.patch(`/api/reports/${r.id}`, { status })).resolves.toMatchObject({
          status: 200,
          body: { id: r.id, status, reviewedBy: { id: admin.user.id }, targetType: r.targetType },
        });
      }
    });

    it('a ban from a report bans the person it is against, and only them', async () => {
      const [author, commenter, sender, fencer, reporter] = await Promise.all(
        Array.from({ length: 5 }, () => makeUser(t)),
      );
      await connectUsers(t, sender, reporter);
      const c = await comment(commenter, (await makePost(author)).id);
      const { message } = await sendOk(sender, reporter, 'Pay up');
      const cases: [Report, TestUser][] = [
        [await reportOk(reporter, 'comment', c.id), commenter],
        [await reportOk(reporter, 'message', message.id), sender],
        [await reportOk(reporter, 'user', fencer.user.id), fencer],
      ];
      for (const [r, against] of cases) {
        // The post's author, or the reporter, is not whom the report is against.
        for (const wrong of [author, reporter]) {
          await expect(
            admin.client.post('/api/bans', {
              userId: wrong.user.id,
              reason: 'x',
              durationHours: 1,
              reportId: r.id,
            }),
          ).resolves.toEqual(
            expect.objectContaining({
              status: 400,
              body: { message: 'This user is not the one reported', code: 'moderation.not_reported_user' },
            }),
          );
        }
        const ban = await admin.client.post('/api/bans', {
          userId: against.user.id,
          reason: 'Harassment',
          durationHours: 24,
          reportId: r.id,
        });
        expect(ban).toMatchObject({ status: 201, body: { userId: against.user.id } });
        await expect(bannedUntil(against)).resolves.not.toBeNull();
        await expect(listed(r.id)).resolves.toMatchObject({
          status: 'resolved',
          actions: [{ action: 'ban', by: admin.user.name }],
        });
      }
      await expect(bannedUntil(author)).resolves.toBeNull();
      await expect(bannedUntil(reporter)).resolves.toBeNull();
    });

    it('a banned fencer may still report a comment, a message and a fencer', async () => {
      const [author, sender, reporter] = await Promise.all([makeUser(t), makeUser(t), makeUser(t)]);
      await connectUsers(t, sender, reporter);
      const c = await comment(author, (await makePost(author)).id);
      const { message } = await sendOk(sender, reporter, 'Hi');
      expect(
        (await admin.client.post('/api/bans', { userId: reporter.user.id, reason: 'x', durationHours: 1 }))
          .status,
      ).toBe(201);
      await expect(fileReport(reporter, 'comment', c.id)).resolves.toMatchObject({ status: 201 });
      await expect(fileReport(reporter, 'message', message.id)).resolves.toMatchObject({ status: 201 });
      await expect(fileReport(reporter, 'user', author.user.id)).resolves.toMatchObject({ status: 201 });
    });
  });

  describe('live queue', () => {
    let adminSocket: TestSocket;
    let senderSocket: TestSocket;
    let reporterSocket: TestSocket;
    let sender: TestUser;
    let reporter: TestUser;

    beforeAll(async () => {
      [sender, reporter] = await Promise.all([makeUser(t), makeUser(t)]);
      await connectUsers(t, sender, reporter);
      [adminSocket, senderSocket, reporterSocket] = await Promise.all([
        connectSocket(t.url, admin.client),
        connectSocket(t.url, sender.client),
        connectSocket(t.url, reporter.client),
      ]);
    });
    afterAll(() => {
      for (const socket of [adminSocket, senderSocket, reporterSocket]) socket.close();
    });

    it('report:new reaches admins with the reported message, and neither the reporter nor the sender', async () => {
      const atSender = record(senderSocket, 'report:new');
      const atReporter = record(reporterSocket, 'report:new');
      const { message } = await sendOk(sender, reporter, 'Watch your back');
      const toAdmin = nextEvent(adminSocket, 'report:new', (p) => p.report.targetId === message.id);
      const r = await reportOk(reporter, 'message', message.id);
      await expect(toAdmin).resolves.toEqual({ report: r });
      const fencerReport = nextEvent(adminSocket, 'report:new', (p) => p.report.targetId === sender.user.id);
      await reportOk(reporter, 'user', sender.user.id);
      await expect(fencerReport).resolves.toMatchObject({ report: { target: { type: 'user' } } });
      await barrier(senderSocket, reporterSocket);
      expect(atSender).toEqual([]);
      expect(atReporter).toEqual([]);
    });

    it('report:updated follows a review of a fencer report', async () => {
      const r = await reportOk(reporter, 'user', (await makeUser(t)).user.id, { reason: 'spam' });
      const seen = nextEvent(adminSocket, 'report:updated', (p) => p.report.id === r.id);
      await admin.client.patch(`/api/reports/${r.id}`, { status: 'dismissed' });
      await expect(seen).resolves.toMatchObject({
        report: { id: r.id, status: 'dismissed', category: 'spam' },
      });
    });
  });

  describe('account deletion', () => {
    it('reports against a deleted fencer keep the reported text, without naming them', async () => {
      const [leaver, reporter, author] = await Promise.all([
        makeUser(t, { bio: 'Leaving soon' }),
        makeUser(t),
        makeUser(t),
      ]);
      await connectUsers(t, leaver, reporter);
      const c = await comment(leaver, (await makePost(author)).id, 'A rude comment');
      const { message } = await sendOk(leaver, reporter, 'A rude message');
      const onLeaversPost = await comment(author, (await makePost(leaver)).id, 'On their post');
      const reports = {
        comment: await reportOk(reporter, 'comment', c.id),
        message: await reportOk(reporter, 'message', message.id),
        user: await reportOk(reporter, 'user', leaver.user.id),
        onTheirPost: await reportOk(reporter, 'comment', onLeaversPost.id),
      };
      expect((await leaver.client.post('/api/account/delete', { password: leaver.password })).status).toBe(
        202,
      );
      const db = t.app.get(DataSource);
      await poll(
        () => db.query<unknown[]>(`SELECT 1 FROM users WHERE "id" = $1`, [leaver.user.id]),
        (rows) => rows.length === 0,
      );

      await expect(listed(reports.comment.id)).resolves.toMatchObject({
        status: 'resolved',
        targetUserId: null,
        target: {
          type: 'comment',
          content: 'A rude comment',
          authorId: null,
          authorName: null,
          deleted: true,
        },
      });
      await expect(listed(reports.message.id)).resolves.toMatchObject({
        status: 'resolved',
        targetUserId: null,
        target: {
          type: 'message',
          content: 'A rude message',
          senderId: null,
          senderName: null,
          receiverId: reporter.user.id,
          deleted: true,
        },
      });
      await expect(listed(reports.user.id)).resolves.toMatchObject({
        status: 'resolved',
        targetId: null,
        targetUserId: null,
        target: {
          type: 'user',
          userId: null,
          username: null,
          name: null,
          bio: 'Leaving soon',
          deleted: true,
        },
      });
      // Someone else's comment went with the leaver's post.
      await expect(listed(reports.onTheirPost.id)).resolves.toMatchObject({
        status: 'resolved',
        targetUserId: author.user.id,
        target: { content: 'On their post', deleted: true },
      });
      const [{ n }] = await db.query<{ n: string }[]>(
        `SELECT count(*) AS n FROM reported_posts WHERE "targetSnapshot"::text LIKE $1 OR "targetId" = $2`,
        [`%${leaver.user.username}%`, leaver.user.id],
      );
      expect(Number(n)).toBe(0);
    });
  });
});
