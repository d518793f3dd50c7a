import type { RecoveryCodes, SessionUser, TotpSetup, TwoFactorStatus } from '@piste/contracts';
import { Clock } from '../src/common/clock';
import { ApiClient, makeUser, useTestApp, type TestUser } from './helpers';

const t = useTestApp();

/** The server's clock, moved by the test: codes are made for the time it shows. */
let now = Date.parse('2026-11-26T12:00:00Z');
beforeEach(() => {
  now += 10 * 60 * 1000;
  jest.spyOn(t.app.get(Clock), 'now').mockImplementation(() => new Date(now));
});
afterEach(() => jest.restoreAllMocks());

/** The app's code at a moment (otplib is an ES module: imported as the server does). */
const codeAt = async (secret: string, at = now) => {
  const { generate } = await import('otplib');
  return generate({ secret, epoch: Math.floor(at / 1000) });
};

/** A fencer with TOTP on: their secret and recovery codes. */
async function withTotp(): Promise<{ fencer: TestUser; secret: string; recoveryCodes: string[] }> {
  const fencer = await makeUser(t);
  const setup = await fencer.client.post<TotpSetup>('/api/account/2fa/totp/setup');
  expect(setup.status).toBe(200);
  const enabled = await fencer.client.post<RecoveryCodes>('/api/account/2fa/totp/enable', {
    code: await codeAt(setup.body.secret),
  });
  expect(enabled.status).toBe(200);
  return { fencer, secret: setup.body.secret, recoveryCodes: enabled.body.recoveryCodes };
}

/** The password step in a fresh browser: it answers that a second factor is needed, and signs nobody in. */
async function passwordStep(fencer: TestUser): Promise<ApiClient> {
  const browser = new ApiClient(t.url);
  const res = await browser.post('/api/login', { username: fencer.user.username, password: fencer.password });
  expect(res.status).toBe(200);
  expect(res.body).toEqual({ twoFactorRequired: true, methods: ['totp', 'recovery'] });
  expect((await browser.get('/api/user')).status).toBe(401);
  return browser;
}

describe('TOTP two-factor sign-in', () => {
  it('is set up with a secret and turned on by the first code, with ten recovery codes shown once', async () => {
    const fencer = await makeUser(t);
    const setup = await fencer.client.post<TotpSetup>('/api/account/2fa/totp/setup');
    expect(setup.body.otpauthUrl).toBe(
      `otpauth://totp/Piste:${fencer.user.username}?secret=${setup.body.secret}&issuer=Piste`,
    );
    // Until the first code, nothing changes: signing in still takes the password alone.
    const plain = new ApiClient(t.url);
    expect(
      (
        await plain.post<SessionUser>('/api/login', {
          username: fencer.user.username,
          password: fencer.password,
        })
      ).body.id,
    ).toBe(fencer.user.id);

    const wrong = await fencer.client.post('/api/account/2fa/totp/enable', { code: '000000' });
    expect(wrong.status).toBe(400);
    expect((await fencer.client.post('/api/account/2fa/totp/enable', { code: '12ab56' })).status).toBe(400);
    const enabled = await fencer.client.post<RecoveryCodes>('/api/account/2fa/totp/enable', {
      code: await codeAt(setup.body.secret),
    });
    expect(enabled.body.recoveryCodes).toHaveLength(10);
    expect(new Set(enabled.body.recoveryCodes).size).toBe(10);
    expect((await fencer.client.get<TwoFactorStatus>('/api/account/2fa')).body).toEqual({
      totp: true,
      recoveryCodesLeft: 10,
    });
    expect((await fencer.client.post('/api/account/2fa/totp/setup')).status).toBe(409);
  });

  it('asks for a code after the password; a code works once, within a step either side of now', async () => {
    const { fencer, secret } = await withTotp();
    now += 5 * 60 * 1000;
    const browser = await passwordStep(fencer);

    // A code from two steps ago, or for two steps ahead, is refused; one step behind is accepted.
    expect((await browser.post('/api/login/2fa', { code: await codeAt(secret, now - 60_000) })).status).toBe(
      401,
    );
    expect((await browser.post('/api/login/2fa', { code: await codeAt(secret, now + 60_000) })).status).toBe(
      401,
    );
    const late = await codeAt(secret, now - 30_000);
    const signedIn = await browser.post<SessionUser>('/api/login/2fa', { code: late });
    expect(signedIn.status).toBe(200);
    expect(signedIn.body.id).toBe(fencer.user.id);
    expect((await browser.get<SessionUser>('/api/user')).body.id).toBe(fencer.user.id);

    // The same code, or one of an earlier step, never again: not even in another browser a moment later.
    const again = await passwordStep(fencer);
    const replay = await again.post('/api/login/2fa', { code: late });
    expect(replay.status).toBe(401);
    expect(replay.body).toEqual({
      message: 'That code is not right, or it was already used',
      code: 'auth.wrong_code',
    });
    expect((await again.post('/api/login/2fa', { code: await codeAt(secret) })).status).toBe(200);
  });

  it('takes a recovery code once, instead of a code', async () => {
    const { fencer, recoveryCodes } = await withTotp();
    const browser = await passwordStep(fencer);
    // As people type them: upper case, without the dash.
    const typed = recoveryCodes[3].replace('-', '').toUpperCase();
    expect((await browser.post('/api/login/2fa', { recoveryCode: typed })).status).toBe(200);
    const other = await passwordStep(fencer);
    expect((await other.post('/api/login/2fa', { recoveryCode: recoveryCodes[3] })).status).toBe(401);
    expect((await fencer.client.get<TwoFactorStatus>('/api/account/2fa')).body.recoveryCodesLeft).toBe(9);

    // New codes (with the password) replace the old ones.
    expect(
      (await fencer.client.post('/api/account/2fa/recovery-codes', { password: 'wrong-one' })).status,
    ).toBe(400);
    const fresh = await fencer.client.post<RecoveryCodes>('/api/account/2fa/recovery-codes', {
      password: fencer.password,
    });
    expect(fresh.body.recoveryCodes).toHaveLength(10);
    expect((await other.post('/api/login/2fa', { recoveryCode: recoveryCodes[0] })).status).toBe(401);
    expect((await other.post('/api/login/2fa', { recoveryCode: fresh.body.recoveryCodes[0] })).status).toBe(
      200,
    );
  });

  it('ends the attempt after five wrong codes, and the second step never starts without the first', async () => {
    const { fencer, secret } = await withTotp();
    const browser = await passwordStep(fencer);
    for (let i = 0; i < 4; i++) {
      expect((await browser.post('/api/login/2fa', { code: '000000' })).status).toBe(401);
    }
    const fifth = await browser.post('/api/login/2fa', { code: '000000' });
    expect(fifth.status).toBe(429);
    // Even the right code now needs the password again.
    expect((await browser.post('/api/login/2fa', { code: await codeAt(secret) })).status).toBe(401);
    // Starting over with the password buys few more guesses: ten attempts a quarter of an hour per account.
    const over = await passwordStep(fencer);
    for (let i = 0; i < 4; i++) {
      expect((await over.post('/api/login/2fa', { code: '000000' })).status).toBe(401);
    }
    expect((await over.post('/api/login/2fa', { code: '000000' })).status).toBe(429);
    const third = await passwordStep(fencer);
    const limited = await third.post<{ message: string }>('/api/login/2fa', { code: await codeAt(secret) });
    expect(limited.status).toBe(429);
    expect(limited.body.message).toMatch(/^Too many attempts\. Please try again in /);

    // Without the password step, or in another user's session, the code signs nobody in.
    const stranger = new ApiClient(t.url);
    const skipped = await stranger.post('/api/login/2fa', { code: await codeAt(secret) });
    expect(skipped.status).toBe(401);
    expect(skipped.body).toEqual({
      message: 'Sign in with your password first',
      code: 'auth.password_first',
    });
    const someoneElse = await makeUser(t);
    expect((await someoneElse.client.post('/api/login/2fa', { code: await codeAt(secret) })).status).toBe(
      401,
    );
    expect((await someoneElse.client.get<SessionUser>('/api/user')).body.id).toBe(someoneElse.user.id);

    // A half-signed-in session reaches nothing that needs a session.
    const half = await passwordStep(fencer);
    expect((await half.get('/api/account/2fa')).status).toBe(401);
    expect((await half.post('/api/posts', { content: 'x', weapon: 'epee' })).status).toBe(401);
  });

  it('turns off with the password and a current code', async () => {
    const { fencer, secret } = await withTotp();
    now += 60_000;
    expect(
      (
        await fencer.client.post('/api/account/2fa/totp/disable', {
          password: 'nope',
          code: await codeAt(secret),
        })
      ).status,
    ).toBe(400);
    expect(
      (
        await fencer.client.post('/api/account/2fa/totp/disable', {
          password: fencer.password,
          code: '000000',
        })
      ).status,
    ).toBe(400);
    const off = await fencer.client.post('/api/account/2fa/totp/disable', {
      password: fencer.password,
      code: await codeAt(secret),
    });
    expect(off.status).toBe(204);
    const plain = new ApiClient(t.url);
    expect(
      (
        await plain.post<SessionUser>('/api/login', {
          username: fencer.user.username,
          password: fencer.password,
        })
      ).body.id,
    ).toBe(fencer.user.id);
    expect((await fencer.client.get<TwoFactorStatus>('/api/account/2fa')).body).toEqual({
      totp: false,
      recoveryCodesLeft: 0,
    });
  });
});
