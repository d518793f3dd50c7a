import { DataSource } from 'typeorm';
import {
  DEFAULT_NOTIFICATION_SETTINGS,
  type NotificationSettings,
  type NotificationsPage,
  type PushPublicKey,
} from '@piste/contracts';
import { Clock } from '../src/common/clock';
import { jobsSchemaFor } from '../src/jobs/pg-boss';
import { ApiClient, connectUsers, makePost, makeUser, poll, useTestApp, type TestUser } from './helpers';
import { useMailbox } from './mailbox';
import { sendOk } from './messaging';
import { usePushService, type TestSubscription } from './push-service';

const subscribe = (who: TestUser, subscription: Pick<TestSubscription, 'endpoint' | 'keys'>) =>
  who.client.post('/api/push/subscriptions', { endpoint: subscription.endpoint, keys: subscription.keys });
const unsubscribe = (who: TestUser | ApiClient, endpoint: string) =>
  ('client' in who ? who.client : who).request('DELETE', '/api/push/subscriptions', { endpoint });
const settingsOf = (who: TestUser) =>
  who.client.get<NotificationSettings>('/api/account/notification-settings');
const changeSettings = (who: TestUser, changes: unknown) =>
  who.client.put<NotificationSettings>('/api/account/notification-settings', changes);

async function subscribed(who: TestUser, subscription: TestSubscription): Promise<void> {
  const reply = await subscribe(who, subscription);
  expect([reply.status, reply.body]).toEqual([201, { endpoint: subscription.endpoint }]);
}

async function latestNotification(who: TestUser) {
  const page = await who.client.get<NotificationsPage>('/api/notifications');
  return page.body.notifications[0];
}

describe('web push and notification settings', () => {
  const mailbox = useMailbox();
  const push = usePushService();
  const env: Record<string, string> = {};
  beforeAll(() => Object.assign(env, mailbox.env, push.env));
  const t = useTestApp(env);
  let db: DataSource;
  let jobs: string;
  beforeAll(() => {
    db = t.app.get(DataSource);
    jobs = `${jobsSchemaFor(t.config.databaseSchema)}.job`;
  });
  afterEach(() => jest.restoreAllMocks());

  /** The push jobs enqueued for a notification. */
  const pushJobsFor = (notificationId: string) =>
    db.query<{ state: string; data: { subscriptionId: string; deferrals?: number } }[]>(
      `SELECT state, data FROM ${jobs} WHERE name = 'push.deliver' AND data ->> 'notificationId' = $1`,
      [notificationId],
    );
  const subscriptionsOf = (who: TestUser) =>
    db.query<{ endpoint: string }[]>(`SELECT "endpoint" FROM push_subscriptions WHERE "userId" = $1`, [
      who.user.id,
    ]);

  describe('the VAPID key', () => {
    it('is generated once, kept in the database, and the one messages are signed with', async () => {
      const user = await makeUser(t);
      const first = await user.client.get<PushPublicKey>('/api/push/public-key');
      expect(first.status).toBe(200);
      expect(Buffer.from(first.body.publicKey, 'base64url')).toHaveLength(65);
      const [stored] = await db.query<{ publicKey: string }[]>(`SELECT "publicKey" FROM push_vapid_keys`);
      expect(stored.publicKey).toBe(first.body.publicKey);
      expect((await user.client.get<PushPublicKey>('/api/push/public-key')).body).toEqual(first.body);
      expect((await new ApiClient(t.url).get('/api/push/public-key')).status).toBe(401);
    });
  });

  describe('delivery', () => {
    it('pushes a like, once the author asked for likes, encrypted for their browser and signed', async () => {
      const [author, fan] = await Promise.all([makeUser(t), makeUser(t)]);
      const browser = push.subscription();
      await subscribed(author, browser);
      expect((await changeSettings(author, { like: { push: true } })).status).toBe(200);
      const post = await makePost(author, { content: 'Counter-parry in sixte, then straight riposte' });

      expect((await fan.client.post('/api/likes', { postId: post.id })).status).toBe(201);
      const [received] = await push.waitFor(browser);
      expect(received.payload).toEqual({
        type: 'like',
        title: `${fan.user.name} liked your post`,
        body: 'Counter-parry in sixte, then straight riposte',
        url: `/posts/${post.id}`,
        tag: `like:${post.id}`,
      });
      expect(received).toMatchObject({
        status: 201,
        ttl: '86400',
        urgency: 'normal',
        topic: undefined,
        contentEncoding: 'aes128gcm',
      });
      const { publicKey } = (await author.client.get<PushPublicKey>('/api/push/public-key')).body;
      expect(received.vapidKey).toBe(publicKey);
      expect(received.claims.aud).toBe(push.origin);
      expect(push.failures).toEqual([]);
    });

    it('pushes a message with high urgency, the message itself, and one topic per conversation', async () => {
      const [marcus, ines] = await Promise.all([makeUser(t, { name: 'Marcus' }), makeUser(t)]);
      await connectUsers(t, marcus, ines);
      const phone = push.subscription();
      await subscribed(ines, phone);

      const sent = await sendOk(marcus, ines, 'Bout at six?');
      await sendOk(marcus, ines, 'Bring the foil');
      const pushes = await push.waitFor(phone, 2);
      const topic = Buffer.from(sent.conversationId.replace(/-/g, ''), 'hex').toString('base64url');
      expect(pushes.map((p) => [p.payload, p.urgency, p.topic])).toEqual(
        ['Bout at six?', 'Bring the foil'].map((body) => [
          {
            type: 'message',
            title: 'New message from Marcus',
            body,
            url: `/messages?with=${marcus.user.id}`,
            tag: `message:${sent.conversationId}`,
          },
          'high',
          topic,
        ]),
      );
      expect(topic).toMatch(/^[A-Za-z0-9_-]{1,32}$/);
    });

    it('drops a subscription the push service says is gone (410)', async () => {
      const [author, commenter] = await Promise.all([makeUser(t), makeUser(t)]);
      const gone = push.subscription();
      const kept = push.subscription();
      await subscribed(author, gone);
      await subscribed(author, kept);
      push.answer(gone, { status: 410 });
      const post = await makePost(author);

      await commenter.client.post('/api/comments', { postId: post.id, content: 'Nice line' });
      const [refused] = await push.waitFor(gone);
      expect(refused.status).toBe(410);
      await push.waitFor(kept);
      await poll(
        () => subscriptionsOf(author),
        (rows) => rows.length === 1,
      );
      expect(await subscriptionsOf(author)).toEqual([{ endpoint: kept.endpoint }]);
    });

    it('tries again when the push service is busy (429, Retry-After) or failing (503), then delivers', async () => {
      const [author, commenter] = await Promise.all([makeUser(t), makeUser(t)]);
      const busy = push.subscription();
      const failing = push.subscription();
      await subscribed(author, busy);
      await subscribed(author, failing);
      push.answer(busy, { status: 429, headers: { 'Retry-After': '1' } });
      push.answer(failing, { status: 503 });
      const post = await makePost(author, { content: 'Compound attacks' });

      await commenter.client.post('/api/comments', { postId: post.id, content: 'Try it on the left' });
      const notification = await latestNotification(author);
      const busyPushes = await push.waitFor(busy, 2);
      expect(busyPushes.map((p) => p.status)).toEqual([429, 201]);
      expect(busyPushes[1].payload).toEqual(busyPushes[0].payload);
      expect(busyPushes[1].payload).toMatchObject({ type: 'comment', url: `/posts/${post.id}` });

      // The 503 failed the job: pg-boss retries it with backoff (30 s); bring the retry forward.
      await push.waitFor(failing);
      await poll(
        async () => {
          await db.query(
            `UPDATE ${jobs} SET start_after = now()
              WHERE name = 'push.deliver' AND state = 'retry' AND data ->> 'notificationId' = $1`,
            [notification.id],
          );
          return push.receivedBy(failing).length;
        },
        (count) => count === 2,
      );
      expect(push.receivedBy(failing).map((p) => p.status)).toEqual([503, 201]);
      expect(push.failures).toEqual([]);
    });

    it('pushes nothing across a block made after the notification was stored', async () => {
      const [author, rival] = await Promise.all([makeUser(t), makeUser(t)]);
      const browser = push.subscription();
      await subscribed(author, browser);
      // The first attempt is put off by the service for two seconds; the block lands meanwhile.
      push.answer(browser, { status: 429, headers: { 'Retry-After': '2' } });
      const post = await makePost(author);
      await rival.client.post('/api/comments', { postId: post.id, content: 'Weak' });
      const notification = await latestNotification(author);
      await push.waitFor(browser);
      expect((await author.client.post('/api/block-user', { blockedId: rival.user.id })).status).toBe(200);

      const settled = await poll(
        () => pushJobsFor(notification.id),
        (rows) => rows.length === 2 && rows.every((row) => row.state === 'completed'),
      );
      expect(settled.map((row) => row.data.deferrals ?? 0).sort()).toEqual([0, 1]);
      expect(push.receivedBy(browser).map((p) => p.status)).toEqual([429]);
    });

    it('pushes nothing for a notification deleted before its turn', async () => {
      const [author, fan] = await Promise.all([makeUser(t), makeUser(t)]);
      const browser = push.subscription();
      await subscribed(author, browser);
      push.answer(browser, { status: 429, headers: { 'Retry-After': '2' } });
      const post = await makePost(author);
      await fan.client.post('/api/comments', { postId: post.id, content: 'Good' });
      const notification = await latestNotification(author);
      await push.waitFor(browser);
      expect((await author.client.delete(`/api/notifications/${notification.id}`)).status).toBe(204);

      await poll(
        () => pushJobsFor(notification.id),
        (rows) => rows.length === 2 && rows.every((row) => row.state === 'completed'),
      );
      expect(push.receivedBy(browser).map((p) => p.status)).toEqual([429]);
    });
  });

  describe('settings', () => {
    it('start from the defaults: push for messages, comments, mentions and connections; no email', async () => {
      const user = await makeUser(t);
      const reply = await settingsOf(user);
      expect(reply.status).toBe(200);
      expect(reply.body).toEqual(DEFAULT_NOTIFICATION_SETTINGS);
      const pushed = Object.entries(reply.body).filter(([, channels]) => channels.push);
      expect(pushed.map(([type]) => type).sort()).toEqual(
        ['accepted', 'comment', 'connection-request', 'mention', 'message'].sort(),
      );
      expect(Object.values(reply.body).some((channels) => channels.email)).toBe(false);
    });

    it('choose what is pushed: a type switched off (or off by default) enqueues nothing', async () => {
      const [author, fan, requester] = await Promise.all([makeUser(t), makeUser(t), makeUser(t)]);
      const browser = push.subscription();
      await subscribed(author, browser);
      expect((await changeSettings(author, { comment: { push: false } })).body.comment).toEqual({
        push: false,
        email: false,
      });
      const post = await makePost(author);

      await fan.client.post('/api/comments', { postId: post.id, content: 'Switched off' });
      const comment = await latestNotification(author);
      expect(comment.message).toContain('commented on your post');
      await fan.client.post('/api/dislikes', { postId: post.id });
      const dislike = await latestNotification(author);
      expect(dislike.message).toContain('disliked your post');
      // A connection request is pushed by default: it arrives, and nothing before it did.
      await requester.client.post('/api/friend-requests', { receiverId: author.user.id });
      const [request] = await push.waitFor(browser);
      expect(request.payload).toMatchObject({
        type: 'connection-request',
        title: `${requester.user.name} sent you a connection request`,
        url: '/connections?tab=requests',
      });
      expect(await pushJobsFor(comment.id)).toEqual([]);
      expect(await pushJobsFor(dislike.id)).toEqual([]);
      expect(push.receivedBy(browser)).toHaveLength(1);
    });

    it('merge a partial change into what was chosen, for the user alone', async () => {
      const [user, other] = await Promise.all([makeUser(t), makeUser(t)]);
      await changeSettings(user, { like: { push: true } });
      const merged = await changeSettings(user, { like: { email: true }, message: { push: false } });
      expect(merged.status).toBe(200);
      expect(merged.body).toEqual({
        ...DEFAULT_NOTIFICATION_SETTINGS,
        like: { push: true, email: true },
        message: { push: false, email: false },
      });
      expect((await settingsOf(user)).body).toEqual(merged.body);
      expect((await settingsOf(other)).body).toEqual(DEFAULT_NOTIFICATION_SETTINGS);
    });

    it.each([
      ['an unknown type', { follow: { push: true } }, 'Unknown notification type: follow'],
      ['an unknown channel', { like: { sms: true } }, 'Unknown channel: sms (push or email)'],
      [
        'a channel that is not true or false',
        { like: { push: 'yes' } },
        'push and email must be true or false',
      ],
      [
        'a type that is not an object',
        { like: true },
        'Each notification type takes {"push": boolean, "email": boolean}',
      ],
      ['a list', [], 'Send an object of notification types'],
    ])('refuse %s with a 400 that says why, and change nothing', async (_, body, message) => {
      const user = await makeUser(t);
      const reply = await changeSettings(user, body);
      expect([reply.status, reply.body]).toEqual([400, { message, code: 'validation.invalid' }]);
      expect((await settingsOf(user)).body).toEqual(DEFAULT_NOTIFICATION_SETTINGS);
    });

    it('are for signed-in users only', async () => {
      const anonymous = new ApiClient(t.url);
      expect((await anonymous.get('/api/account/notification-settings')).status).toBe(401);
      expect(
        (await anonymous.put('/api/account/notification-settings', { like: { push: true } })).status,
      ).toBe(401);
    });
  });

  describe('subscriptions', () => {
    it('are idempotent per endpoint, and an endpoint signed in as someone else moves to them', async () => {
      const [first, second, fan] = await Promise.all([makeUser(t), makeUser(t), makeUser(t)]);
      const browser = push.subscription();
      await subscribed(first, browser);
      await subscribed(first, browser);
      expect(await subscriptionsOf(first)).toEqual([{ endpoint: browser.endpoint }]);

      await subscribed(second, browser);
      expect(await subscriptionsOf(first)).toEqual([]);
      expect(await subscriptionsOf(second)).toEqual([{ endpoint: browser.endpoint }]);
      // The first user's notifications no longer reach that browser.
      const post = await makePost(first);
      await fan.client.post('/api/comments', { postId: post.id, content: 'Nice' });
      expect(await pushJobsFor((await latestNotification(first)).id)).toEqual([]);
    });

    it('are removed by their owner only', async () => {
      const [owner, other] = await Promise.all([makeUser(t), makeUser(t)]);
      const browser = push.subscription();
      await subscribed(owner, browser);

      expect((await unsubscribe(other, browser.endpoint)).status).toBe(204);
      expect(await subscriptionsOf(owner)).toEqual([{ endpoint: browser.endpoint }]);
      expect((await unsubscribe(new ApiClient(t.url), browser.endpoint)).status).toBe(401);
      expect((await unsubscribe(owner, browser.endpoint)).status).toBe(204);
      expect(await subscriptionsOf(owner)).toEqual([]);
      // Again: nothing left, still fine.
      expect((await unsubscribe(owner, browser.endpoint)).status).toBe(204);
    });

    it('keep the 20 most recent of a user', async () => {
      const user = await makeUser(t);
      const browsers = Array.from({ length: 21 }, () => push.subscription());
      for (const browser of browsers) await subscribed(user, browser);
      const kept = (await subscriptionsOf(user)).map((row) => row.endpoint).sort();
      expect(kept).toEqual(
        browsers
          .slice(1)
          .map((browser) => browser.endpoint)
          .sort(),
      );
    });

    it.each([
      ['no body', undefined, 'The push endpoint must be an https: URL'],
      ['http', { endpoint: 'http://push.example.org/x' }, 'The push endpoint must be an https: URL'],
      ['no keys', { endpoint: 'https://push.example.org/x' }, 'keys with p256dh and auth are required'],
      [
        'a short key',
        { endpoint: 'https://push.example.org/x', keys: { p256dh: 'AAAA', auth: 'AAAA' } },
        'keys.p256dh is not a valid key',
      ],
      [
        'a long endpoint',
        { endpoint: `https://push.example.org/${'x'.repeat(2100)}` },
        'The push endpoint must be at most 2048 characters',
      ],
      ['a NUL', { endpoint: 'https://push.example.org/\u0000' }, 'Text must not contain NUL characters'],
    ])('refuse %s with a 400', async (_, body, message) => {
      const user = await makeUser(t);
      const reply = await user.client.request('POST', '/api/push/subscriptions', body);
      expect([reply.status, reply.body]).toEqual([400, { message, code: 'validation.invalid' }]);
    });
  });

  describe('email for notifications left unread', () => {
    // Every registration above mailed a verification link, sent one a second: nobody here reads them, and they
    // would queue ahead of the mails this block waits for.
    beforeAll(() =>
      db.query(`DELETE FROM ${jobs} WHERE name = 'mail.send' AND state IN ('created', 'retry')`),
    );
    const emailOf = (who: TestUser) => `${who.user.username}@example.com`;
    const later = (minutes: number) => new Date(Date.now() + minutes * 60_000);
    /** Brings the user's pending mail job forward to now (it waits an hour). */
    const runMailJobNow = (who: TestUser) =>
      poll(
        async () =>
          (
            await db.query<[unknown[], number]>(
              `UPDATE ${jobs} SET start_after = now()
                WHERE name = 'push.mail-unread' AND state = 'created' AND data ->> 'userId' = $1 RETURNING id`,
              [who.user.id],
            )
          )[1],
        (moved) => moved === 1,
      );

    it('mails what is still unread an hour later, once, at most one mail an hour', async () => {
      const [reader, fan] = await Promise.all([makeUser(t), makeUser(t, { name: 'Aline' })]);
      await db.query(`UPDATE users SET "emailVerifiedAt" = now() WHERE "id" = $1`, [reader.user.id]);
      expect((await changeSettings(reader, { like: { email: true } })).body.like).toEqual({
        push: false,
        email: true,
      });
      const [first, second, third] = await Promise.all(
        ['Footwork ladder', 'Parry four drill', 'Lunge series'].map((content) =>
          makePost(reader, { content }),
        ),
      );

      await fan.client.post('/api/likes', { postId: first.id });
      const [{ digestAt }] = await db.query<{ digestAt: Date }[]>(
        `SELECT "digestAt" FROM notification_settings WHERE "userId" = $1`,
        [reader.user.id],
      );
      expect(new Date(digestAt).getTime()).toBeGreaterThan(later(59).getTime());

      jest.spyOn(Clock.prototype, 'now').mockReturnValue(later(61));
      await runMailJobNow(reader);
      const mail = await mailbox.waitForMail(emailOf(reader), (m) => m.subject === 'Aline liked your post');
      expect(mail.text).toContain('Aline liked your post: “Footwork ladder”');
      expect(mail.text).toContain(`${t.config.publicUrl}/notifications`);
      expect(mail.text).toContain('notification settings');
      expect(mail.html).toContain('Footwork ladder');

      // Two more likes: one is read in time, the other waits for the next mail, an hour after this one.
      jest.restoreAllMocks();
      await fan.client.post('/api/likes', { postId: second.id });
      await fan.client.post('/api/likes', { postId: third.id });
      const read = await latestNotification(reader);
      expect(read.postId).toBe(third.id);
      await reader.client.post('/api/notifications/read', { ids: [read.id] });
      const [next] = await db.query<{ digestAt: Date; lastDigestAt: Date }[]>(
        `SELECT "digestAt", "lastDigestAt" FROM notification_settings WHERE "userId" = $1`,
        [reader.user.id],
      );
      expect(new Date(next.digestAt).getTime()).toBe(new Date(next.lastDigestAt).getTime() + 60 * 60_000);

      jest.spyOn(Clock.prototype, 'now').mockReturnValue(later(125));
      await runMailJobNow(reader);
      const secondMail = await mailbox.waitForMail(emailOf(reader), (m) =>
        m.text.includes('Parry four drill'),
      );
      expect(secondMail.text).not.toContain('Footwork ladder');
      expect(secondMail.text).not.toContain('Lunge series');
      const aboutNotifications = mailbox.received.filter(
        (m) => m.to.includes(emailOf(reader)) && m.text.includes('notification settings'),
      );
      expect(aboutNotifications).toHaveLength(2);
      // Nothing is left to mail, and no job waits.
      const [after] = await db.query<{ digestAt: Date | null }[]>(
        `SELECT "digestAt" FROM notification_settings WHERE "userId" = $1`,
        [reader.user.id],
      );
      expect(after.digestAt).toBeNull();
    });

    it('mails them in the reader’s language', async () => {
      const [reader, fan] = await Promise.all([makeUser(t), makeUser(t, { name: 'Aline' })]);
      expect((await reader.client.put('/api/account/language', { language: 'fr' })).status).toBe(200);
      await db.query(`UPDATE users SET "emailVerifiedAt" = now() WHERE "id" = $1`, [reader.user.id]);
      await changeSettings(reader, { like: { email: true } });
      const posts = await Promise.all(
        ['Marche, fente, fleuret', 'Épée : coup double'].map((content) => makePost(reader, { content })),
      );
      for (const post of posts) await fan.client.post('/api/likes', { postId: post.id });

      jest.spyOn(Clock.prototype, 'now').mockReturnValue(later(61));
      await runMailJobNow(reader);
      const mail = await mailbox.waitForMail(emailOf(reader), (m) => m.text.includes('Aline'));
      expect(mail.subject).toBe('Vous avez 2 notifications non lues sur Piste');
      expect(mail.text).toContain('Aline a aimé votre publication : « Marche, fente, fleuret »');
      expect(mail.text).toContain('Aline a aimé votre publication : « Épée : coup double »');
      expect(mail.text).not.toContain('liked your post');
    });

    it('mails nothing to an address nobody confirmed, nor for types left off', async () => {
      const [unverified, fan] = await Promise.all([makeUser(t), makeUser(t)]);
      await changeSettings(unverified, { comment: { email: true } });
      const post = await makePost(unverified);
      await fan.client.post('/api/likes', { postId: post.id });
      expect(
        await db.query(`SELECT 1 FROM notifications WHERE "recipientId" = $1 AND "emailDueAt" IS NOT NULL`, [
          unverified.user.id,
        ]),
      ).toEqual([]);
      await fan.client.post('/api/comments', {
        postId: post.id,
        content: 'Due, but to an unconfirmed address',
      });

      jest.spyOn(Clock.prototype, 'now').mockReturnValue(later(61));
      await runMailJobNow(unverified);
      await poll(
        () =>
          db.query<{ state: string }[]>(
            `SELECT state FROM ${jobs} WHERE name = 'push.mail-unread' AND data ->> 'userId' = $1`,
            [unverified.user.id],
          ),
        (rows) => rows.length === 1 && rows[0].state === 'completed',
      );
      expect(
        await db.query(`SELECT 1 FROM notifications WHERE "recipientId" = $1 AND "emailDueAt" IS NOT NULL`, [
          unverified.user.id,
        ]),
      ).toEqual([]);
      const aboutNotifications = mailbox.received.filter(
        (m) => m.to.includes(emailOf(unverified)) && m.text.includes('notification settings'),
      );
      expect(aboutNotifications).toEqual([]);
    });
  });
});

describe('push endpoints outside tests', () => {
  const t = useTestApp();

  it.each([
    'https://127.0.0.1/push',
    'https://10.1.2.3/push',
    'https://192.168.0.10/push',
    'https://169.254.169.254/latest/meta-data',
    'https://[::1]/push',
    'https://[fd00::1]/push',
    'https://[::ffff:127.0.0.1]/push',
    'https://localhost/push',
    'https://push.localhost/push',
  ])('refuse %s: not a public address', async (endpoint) => {
    const user = await makeUser(t);
    const keys = {
      p256dh: Buffer.alloc(65, 4).toString('base64url'),
      auth: Buffer.alloc(16, 1).toString('base64url'),
    };
    const reply = await user.client.post('/api/push/subscriptions', { endpoint, keys });
    expect([reply.status, reply.body]).toEqual([
      400,
      { message: 'The push endpoint must be on a public address', code: 'request.invalid' },
    ]);
  });

  it('accept a push service on a public host name', async () => {
    const user = await makeUser(t);
    const keys = {
      p256dh: Buffer.alloc(65, 4).toString('base64url'),
      auth: Buffer.alloc(16, 1).toString('base64url'),
    };
    const endpoint = 'https://fcm.googleapis.com/fcm/send/abc:def';
    const reply = await user.client.post('/api/push/subscriptions', { endpoint, keys });
    expect([reply.status, reply.body]).toEqual([201, { endpoint }]);
  });
});
