import {
  FORGOT_PASSWORD_REPLY,
  INVALID_LINK_MESSAGE,
  WRONG_CURRENT_PASSWORD,
  type Account,
  type AccountSession,
  type SessionUser,
} from '@piste/contracts';
import { Clock } from '../src/common/clock';
import { DataSource } from 'typeorm';
import { jobsSchemaFor } from '../src/jobs/pg-boss';
import {
  ApiClient,
  describeWithRedis,
  makeUser,
  signInAgain,
  uniqueName,
  useTestApp,
  type TestApp,
  type TestUser,
} from './helpers';
import { linkIn, useMailbox, type ReceivedMail } from './mailbox';
import { disconnection, useSockets } from './sockets';

const PHONE =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';
const LAPTOP =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15';

describe('accounts', () => {
  const mailbox = useMailbox();
  // Every test here asks from 127.0.0.1; the per-address limit has its own test below.
  mailbox.env.RATE_LIMITS = `${process.env.RATE_LIMITS},password-forgot=1000/1h,account-links=1000/1h`;
  const t = useTestApp(mailbox.env);
  const socketOf = useSockets(t);

  const emailOf = (who: TestUser) => `${who.user.username}@example.com`;
  const signIn = (username: string, password: string, userAgent?: string) => {
    const client = new ApiClient(t.url);
    return client
      .request<SessionUser>(
        'POST',
        '/api/login',
        { username, password },
        userAgent ? { 'user-agent': userAgent } : {},
      )
      .then((res) => ({ res, client }));
  };
  const mailTo = (who: TestUser, subject: string): Promise<ReceivedMail> =>
    mailbox.waitForMail(emailOf(who), (mail) => mail.subject === subject);
  const resetLinkFor = async (who: TestUser, login = who.user.username): Promise<string> => {
    const before = mailbox.received.length;
    expect((await new ApiClient(t.url).post('/api/password/forgot', { login })).status).toBe(202);
    const mail = await mailbox.waitForMail(
      emailOf(who),
      (m) => m.subject === 'Reset your Piste password' && mailbox.received.indexOf(m) >= before,
    );
    return linkIn(mail, '/reset-password').searchParams.get('token')!;
  };

  afterEach(() => jest.restoreAllMocks());

  describe('password reset', () => {
    it('answers every login the same, and mails a link only to an account that exists', async () => {
      const fencer = await makeUser(t);
      const anon = new ApiClient(t.url);
      const known = await anon.post('/api/password/forgot', { login: fencer.user.username.toUpperCase() });
      const unknown = await anon.post('/api/password/forgot', { login: uniqueName('nobody') });
      const byEmail = await anon.post('/api/password/forgot', { login: emailOf(fencer) });
      for (const reply of [known, unknown, byEmail]) {
        expect(reply.status).toBe(202);
        expect(reply.body).toEqual({ message: FORGOT_PASSWORD_REPLY });
      }
      const mail = await mailTo(fencer, 'Reset your Piste password');
      expect(linkIn(mail, '/reset-password').origin).toBe(t.config.publicUrl);
      expect(mail.text).toContain('You get this email because');
      expect(mail.html).toContain('Choose a new password');
      expect((await anon.post('/api/password/forgot', { login: '' })).status).toBe(400);
    });

    it('sets a new password from the mailed link: the old password and every old session stop working, sockets too', async () => {
      const fencer = await makeUser(t);
      const phone = await signInAgain(t, fencer);
      const socket = await socketOf({ client: phone });
      const token = await resetLinkFor(fencer);

      const ended = disconnection(socket);
      const reset = await new ApiClient(t.url).post('/api/password/reset', {
        token,
        password: 'a-new-secret',
      });
      expect(reset.status).toBe(200);
      await expect(ended).resolves.toBe('io server disconnect');
      for (const old of [fencer.client, phone]) expect((await old.get('/api/user')).status).toBe(401);

      expect((await signIn(fencer.user.username, fencer.password)).res.status).toBe(401);
      expect((await signIn(fencer.user.username, 'a-new-secret')).res.status).toBe(200);
      const notice = await mailTo(fencer, 'Your Piste password was changed');
      expect(notice.text).toContain('was reset');

      const again = await new ApiClient(t.url).post('/api/password/reset', {
        token,
        password: 'another-one',
      });
      expect(again.status).toBe(400);
      expect(again.body).toEqual({ message: INVALID_LINK_MESSAGE, code: 'accounts.invalid_link' });
    });

    it('refuses a made-up, malformed or expired link, and a reset ends the user’s other links', async () => {
      const fencer = await makeUser(t);
      const anon = new ApiClient(t.url);
      for (const token of ['A'.repeat(43), 'short', '']) {
        const res = await anon.post('/api/password/reset', { token, password: 'whatever-1' });
        expect(res.status).toBe(400);
        // A well-formed token is looked up; a malformed one the schema refuses, with the same words.
        expect(res.body).toEqual({
          message: INVALID_LINK_MESSAGE,
          code: token.length === 43 ? 'accounts.invalid_link' : 'validation.invalid',
        });
      }

      const first = await resetLinkFor(fencer);
      const second = await resetLinkFor(fencer);
      const inAnHour = new Date(Date.now() + 61 * 60 * 1000);
      const later = jest.spyOn(Clock.prototype, 'now').mockReturnValue(inAnHour);
      expect((await anon.post('/api/password/reset', { token: second, password: 'too-late-1' })).status).toBe(
        400,
      );
      later.mockRestore();

      expect((await anon.post('/api/password/reset', { token: second, password: 'in-time-12' })).status).toBe(
        200,
      );
      expect((await anon.post('/api/password/reset', { token: first, password: 'older-one-1' })).status).toBe(
        400,
      );
      expect((await signIn(fencer.user.username, 'in-time-12')).res.status).toBe(200);
    });

    it('mails one account at most three reset links an hour, however often it is asked', async () => {
      const fencer = await makeUser(t);
      const before = mailbox.received.length;
      const anon = new ApiClient(t.url);
      for (let i = 0; i < 5; i++) {
        expect((await anon.post('/api/password/forgot', { login: fencer.user.username })).status).toBe(202);
      }
      await mailbox.waitForMail(
        emailOf(fencer),
        () => mailbox.received.filter(isResetTo(fencer)).length >= 3,
      );
      // The other two jobs ran too (they are in order behind the third), and mailed nothing.
      await resetsSettled(t);
      expect(mailbox.received.slice(before).filter(isResetTo(fencer))).toHaveLength(3);
    });
  });

  describe('password change', () => {
    it('needs the current password, ends every other session and rotates this one', async () => {
      const fencer = await makeUser(t);
      const phone = await signInAgain(t, fencer);
      const phoneSocket = await socketOf({ client: phone });
      const wrong = await fencer.client.post('/api/account/password', {
        currentPassword: 'not-it',
        newPassword: 'brand-new-1',
      });
      expect(wrong.status).toBe(400);
      expect(wrong.body).toEqual({ message: WRONG_CURRENT_PASSWORD, code: 'accounts.wrong_password' });

      const cookieBefore = fencer.client.cookie;
      const ended = disconnection(phoneSocket);
      const changed = await fencer.client.post('/api/account/password', {
        currentPassword: fencer.password,
        newPassword: 'brand-new-1',
      });
      expect(changed.status).toBe(200);
      await expect(ended).resolves.toBe('io server disconnect');
      expect(fencer.client.cookie).not.toBe(cookieBefore);
      expect((await fencer.client.get('/api/user')).status).toBe(200);
      expect((await phone.get('/api/user')).status).toBe(401);
      const stolen = new ApiClient(t.url);
      stolen.cookie = cookieBefore;
      expect((await stolen.get('/api/user')).status).toBe(401);
      expect((await signIn(fencer.user.username, 'brand-new-1')).res.status).toBe(200);
      await mailTo(fencer, 'Your Piste password was changed');
    });

    it('is for signed-in users only', async () => {
      const res = await new ApiClient(t.url).post('/api/account/password', {
        currentPassword: 'x',
        newPassword: 'brand-new-1',
      });
      expect(res.status).toBe(401);
    });
  });

  describe('sessions and devices', () => {
    it('lists where the user is signed in without ever showing a session id, and ends one or all others', async () => {
      const fencer = await makeUser(t);
      const { client: phone } = await signIn(fencer.user.username, fencer.password, PHONE);
      const { client: laptop } = await signIn(fencer.user.username, fencer.password, LAPTOP);

      const listed = await phone.get<AccountSession[]>('/api/account/sessions');
      expect(listed.status).toBe(200);
      expect(listed.body).toHaveLength(3);
      const [current, ...others] = listed.body;
      expect(current).toMatchObject({
        current: true,
        browser: 'Chrome 131',
        os: 'Android 14',
        ip: '127.0.0.x',
      });
      expect(others.map((s) => s.browser)).toEqual(expect.arrayContaining(['Safari 17']));
      const sessionIds = [fencer.client, phone, laptop].map((c) => decodeURIComponent(c.cookie));
      for (const s of listed.body) {
        for (const cookie of sessionIds) expect(cookie).not.toContain(s.id);
      }

      const laptopSession = others.find((s) => s.browser === 'Safari 17')!;
      const stranger = await makeUser(t);
      expect((await stranger.client.delete(`/api/account/sessions/${laptopSession.id}`)).status).toBe(404);
      expect((await laptop.get('/api/user')).status).toBe(200);
      expect((await phone.delete(`/api/account/sessions/${current.id}`)).status).toBe(400);
      expect((await phone.delete('/api/account/sessions/not-a-handle')).status).toBe(400);

      const laptopSocket = await socketOf({ client: laptop });
      const ended = disconnection(laptopSocket);
      expect((await phone.delete(`/api/account/sessions/${laptopSession.id}`)).status).toBe(200);
      await expect(ended).resolves.toBe('io server disconnect');
      expect((await laptop.get('/api/user')).status).toBe(401);

      expect((await phone.post('/api/account/sessions/revoke-others')).status).toBe(200);
      expect((await fencer.client.get('/api/user')).status).toBe(401);
      expect((await phone.get('/api/user')).status).toBe(200);
      expect((await phone.get<AccountSession[]>('/api/account/sessions')).body).toHaveLength(1);
    });
  });

  describe('email verification', () => {
    it('mails a link at registration; following it verifies the address, once', async () => {
      const fencer = await makeUser(t);
      expect(fencer.user.emailVerified).toBe(false);
      const mail = await mailTo(fencer, 'Confirm your email address for Piste');
      const token = linkIn(mail, '/verify-email').searchParams.get('token')!;

      // The link works signed out (another device), and only once.
      const anon = new ApiClient(t.url);
      expect((await anon.post('/api/account/verify-email', { token })).status).toBe(200);
      expect((await anon.post('/api/account/verify-email', { token })).status).toBe(400);
      expect((await fencer.client.get<SessionUser>('/api/user')).body.emailVerified).toBe(true);
      expect((await fencer.client.get<Account>('/api/account')).body).toMatchObject({ emailVerified: true });
      expect((await fencer.client.post('/api/account/verify-email/resend')).status).toBe(400);
    });

    it('resends a fresh link on request; the earlier one stops working', async () => {
      const fencer = await makeUser(t);
      const first = linkIn(await mailTo(fencer, 'Confirm your email address for Piste'), '/verify-email');
      const before = mailbox.received.length;
      expect((await fencer.client.post('/api/account/verify-email/resend')).status).toBe(202);
      const second = linkIn(
        await mailbox.waitForMail(emailOf(fencer), (m) => mailbox.received.indexOf(m) >= before),
        '/verify-email',
      );
      const verify = (url: URL) =>
        fencer.client.post('/api/account/verify-email', { token: url.searchParams.get('token') });
      expect((await verify(first)).status).toBe(400);
      expect((await verify(second)).status).toBe(200);
    });
  });

  describe('email change', () => {
    it('changes the address only from a link sent to the new one, and tells the old one', async () => {
      const fencer = await makeUser(t);
      const newEmail = `${uniqueName('moved')}@example.org`;
      const wrong = await fencer.client.post('/api/account/email', { password: 'nope', email: newEmail });
      expect(wrong.status).toBe(400);
      expect(wrong.body).toEqual({ message: WRONG_CURRENT_PASSWORD, code: 'accounts.wrong_password' });

      const asked = await fencer.client.post('/api/account/email', {
        password: fencer.password,
        email: newEmail,
      });
      expect(asked.status).toBe(202);
      expect((await fencer.client.get<Account>('/api/account')).body).toMatchObject({
        email: emailOf(fencer),
        pendingEmail: newEmail,
      });
      const notice = await mailTo(fencer, 'Your Piste email address is changing');
      expect(notice.text).toContain(newEmail);
      const confirm = linkIn(
        await mailbox.waitForMail(newEmail, (m) => m.subject === 'Confirm your new email address for Piste'),
        '/verify-email',
      );
      expect(confirm.searchParams.get('change')).toBe('1');

      const token = confirm.searchParams.get('token');
      expect((await new ApiClient(t.url).post('/api/account/email/confirm', { token })).status).toBe(200);
      expect((await fencer.client.get<Account>('/api/account')).body).toMatchObject({
        email: newEmail,
        emailVerified: true,
        pendingEmail: null,
      });
      expect((await new ApiClient(t.url).post('/api/account/email/confirm', { token })).status).toBe(400);
    });

    it('from the profile form: the new address must be verified, and the old one is told', async () => {
      const fencer = await makeUser(t);
      const newEmail = `${uniqueName('edited')}@example.org`;
      const edited = await fencer.client.put(`/api/users/${fencer.user.id}`, {
        name: fencer.user.name,
        email: newEmail,
      });
      expect(edited.status).toBe(200);
      expect((await fencer.client.get<SessionUser>('/api/user')).body.emailVerified).toBe(false);
      const notice = await mailTo(fencer, 'Your Piste email address was changed');
      expect(notice.text).toContain(newEmail);
      const link = linkIn(
        await mailbox.waitForMail(newEmail, (m) => m.subject === 'Confirm your email address for Piste'),
        '/verify-email',
      );
      expect(
        (
          await new ApiClient(t.url).post('/api/account/verify-email', {
            token: link.searchParams.get('token'),
          })
        ).status,
      ).toBe(200);
      expect((await fencer.client.get<Account>('/api/account')).body).toMatchObject({
        email: newEmail,
        emailVerified: true,
      });
      // Saving the profile again with the same address mails nothing more.
      const before = mailbox.received.length;
      await fencer.client.put(`/api/users/${fencer.user.id}`, { name: 'Renamed', email: newEmail });
      await new Promise((resolve) => setTimeout(resolve, 1500));
      const addresses = [newEmail, emailOf(fencer)].map((address) => address.toLowerCase());
      expect(mailbox.received.slice(before).filter((m) => m.to.some((to) => addresses.includes(to)))).toEqual(
        [],
      );
    });

    it('is a 409 when another account took the address before the link was followed', async () => {
      const fencer = await makeUser(t);
      const wanted = `${uniqueName('wanted')}@example.org`;
      await fencer.client.post('/api/account/email', { password: fencer.password, email: wanted });
      const link = linkIn(await mailbox.waitForMail(wanted), '/verify-email');
      await makeUser(t, { email: wanted });
      const res = await fencer.client.post('/api/account/email/confirm', {
        token: link.searchParams.get('token'),
      });
      expect(res.status).toBe(409);
      expect((await fencer.client.get<Account>('/api/account')).body.email).toBe(emailOf(fencer));
    });
  });
});

describeWithRedis('account endings across replicas', () => {
  const mailbox = useMailbox();
  mailbox.env.RATE_LIMITS = `${process.env.RATE_LIMITS},password-forgot=1000/1h,account-links=1000/1h`;
  // Replicas share their configuration: either may send the mail.
  const a = useTestApp(mailbox.env);
  const b = useTestApp(mailbox.env);
  const socketOf = useSockets(b);

  it('a reset through one replica ends the sockets another replica holds', async () => {
    const fencer = await makeUser(a);
    const phone = await signInAgain(b, fencer);
    const sockets = [
      await socketOf(fencer, { url: b.url }),
      await socketOf({ client: phone }, { url: b.url }),
    ];
    const ended = Promise.all(sockets.map((socket) => disconnection(socket)));
    const asked = await new ApiClient(a.url).post('/api/password/forgot', { login: fencer.user.username });
    expect(asked.status).toBe(202);
    const mail = await mailbox.waitForMail(`${fencer.user.username}@example.com`, (m) =>
      m.subject.startsWith('Reset'),
    );
    const token = linkIn(mail, '/reset-password').searchParams.get('token');
    expect(
      (await new ApiClient(a.url).post('/api/password/reset', { token, password: 'fresh-one-1' })).status,
    ).toBe(200);
    await expect(ended).resolves.toEqual(['io server disconnect', 'io server disconnect']);
  });
});

describe('account limits', () => {
  const t = useTestApp({
    RATE_LIMITS: `${process.env.RATE_LIMITS},password-forgot=2/1h,password-change=2/1h`,
    // Counts of its own, apart from the other apps of the run (they share Redis).
    REDIS_KEY_PREFIX: uniqueName('account-limits'),
  });

  it('limits reset requests per address and password guesses per user', async () => {
    const anon = new ApiClient(t.url);
    const forgot = () => anon.post('/api/password/forgot', { login: uniqueName('someone') });
    expect([(await forgot()).status, (await forgot()).status, (await forgot()).status]).toEqual([
      202, 202, 429,
    ]);

    const fencer = await makeUser(t);
    const guess = () =>
      fencer.client.post('/api/account/password', { currentPassword: 'guess', newPassword: 'new-secret-1' });
    expect([(await guess()).status, (await guess()).status, (await guess()).status]).toEqual([400, 400, 429]);
  });
});

const isResetTo = (who: TestUser) => (mail: ReceivedMail) =>
  mail.subject === 'Reset your Piste password' && mail.to.includes(`${who.user.username}@example.com`);

/** Waits until no reset-link job waits or runs (each one has mailed its link, or decided not to). */
async function resetsSettled(t: TestApp): Promise<void> {
  const schema = jobsSchemaFor(t.config.databaseSchema);
  for (;;) {
    const [{ n }]: { n: number }[] = await t.app
      .get(DataSource)
      .query(
        `SELECT count(*)::int AS n FROM "${schema}".job WHERE name = 'accounts.mail-reset-link' AND state IN ('created', 'retry', 'active')`,
      );
    if (n === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
