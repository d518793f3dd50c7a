import type { Passkey, PasskeyList, SessionUser, TotpSetup } from '@piste/contracts';
import { Clock } from '../src/common/clock';
import {
  ApiClient,
  makeAdmin,
  makeUser,
  startTestApp,
  useTestApp,
  type TestApp,
  type TestUser,
} from './helpers';
import { SoftAuthenticator } from './soft-authenticator';

const t = useTestApp();

let now = Date.parse('2026-11-26T12:00:00Z');
beforeEach(() => {
  now += 10 * 60 * 1000;
  jest.spyOn(t.app.get(Clock), 'now').mockImplementation(() => new Date(now));
});
afterEach(() => jest.restoreAllMocks());

/** A browser on the app's public address holding `authenticator`'s passkeys. */
const authenticatorFor = () => new SoftAuthenticator(new URL(t.config.publicUrl).origin);

async function addPasskey(
  fencer: TestUser,
  authenticator: SoftAuthenticator,
  name = 'Phone',
): Promise<Passkey> {
  const options = await fencer.client.post('/api/account/passkeys/options');
  expect(options.status).toBe(200);
  const added = await fencer.client.post<Passkey>('/api/account/passkeys', {
    response: authenticator.create(options.body),
    name,
  });
  expect(added.status).toBe(201);
  return added.body;
}

/** A passkey sign-in in a fresh browser: options, the authenticator's answer, the reply. */
async function signInWith(authenticator: SoftAuthenticator, app: TestApp = t) {
  const browser = new ApiClient(app.url);
  const options = await browser.post('/api/login/passkey/options');
  expect(options.status).toBe(200);
  const response = authenticator.get(options.body);
  const reply = await browser.post<SessionUser>('/api/login/passkey', { response });
  return { browser, reply, response };
}

describe('passkeys', () => {
  let fencer: TestUser;
  let other: TestUser;
  let phone: SoftAuthenticator;
  let passkey: Passkey;

  beforeAll(async () => {
    [fencer, other] = [await makeUser(t), await makeUser(t)];
    phone = authenticatorFor();
  });

  it('are added with registration options for a discoverable, verified credential', async () => {
    const options = await fencer.client.post('/api/account/passkeys/options');
    expect(options.body).toMatchObject({
      rp: { name: 'Piste', id: new URL(t.config.publicUrl).hostname },
      user: { name: fencer.user.username },
      authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
      attestation: 'none',
    });
    const added = await fencer.client.post<Passkey>('/api/account/passkeys', {
      response: phone.create(options.body),
      name: '  Pixel 9  ',
    });
    expect(added.status).toBe(201);
    passkey = added.body;
    expect(passkey).toEqual({
      id: expect.any(String),
      name: 'Pixel 9',
      createdAt: expect.any(String),
      lastUsedAt: null,
      backedUp: false,
    });
    const list = await fencer.client.get<PasskeyList>('/api/account/passkeys');
    expect(list.body.passkeys).toEqual([passkey]);
    expect((await other.client.get<PasskeyList>('/api/account/passkeys')).body.passkeys).toEqual([]);
  });

  it('sign in alone, with no username or password typed, and the answer works once', async () => {
    const { browser, reply, response } = await signInWith(phone);
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({ id: fencer.user.id, username: fencer.user.username });
    expect((await browser.get<SessionUser>('/api/user')).body.id).toBe(fencer.user.id);
    const [listed] = (await fencer.client.get<PasskeyList>('/api/account/passkeys')).body.passkeys;
    expect(listed.lastUsedAt).not.toBeNull();

    // The same signed answer again (its challenge is spent), in another browser.
    const replay = await new ApiClient(t.url).post('/api/login/passkey', { response });
    expect(replay.status).toBe(401);
  });

  it('count as both factors: an account with TOTP on signs in with a passkey and no code', async () => {
    const setup = await fencer.client.post<TotpSetup>('/api/account/2fa/totp/setup');
    const { generate } = await import('otplib');
    const code = await generate({ secret: setup.body.secret, epoch: Math.floor(now / 1000) });
    expect((await fencer.client.post('/api/account/2fa/totp/enable', { code })).status).toBe(200);
    const { reply } = await signInWith(phone);
    expect(reply.status).toBe(200);
    expect(reply.body.id).toBe(fencer.user.id);
  });

  it('refuse a challenge that has expired, was never given, or was given for adding a passkey', async () => {
    const browser = new ApiClient(t.url);
    const options = await browser.post('/api/login/passkey/options');
    now += 6 * 60 * 1000;
    expect((await browser.post('/api/login/passkey', { response: phone.get(options.body) })).status).toBe(
      401,
    );

    const invented = { challenge: Buffer.from('not from the server').toString('base64url') };
    expect((await browser.post('/api/login/passkey', { response: phone.get(invented) })).status).toBe(401);

    const registration = await fencer.client.post('/api/account/passkeys/options');
    expect(
      (await browser.post('/api/login/passkey', { response: phone.get(registration.body) })).status,
    ).toBe(401);
  });

  it('refuse an answer signed for another site, or naming another account', async () => {
    const browser = new ApiClient(t.url);
    const options = await browser.post('/api/login/passkey/options');
    const phished = phone.on('http://evil.example').get(options.body);
    expect((await browser.post('/api/login/passkey', { response: phished })).status).toBe(401);

    const again = await browser.post('/api/login/passkey/options');
    const swapped = phone.get(again.body);
    swapped.response.userHandle = Buffer.from(other.user.id.replace(/-/g, ''), 'hex').toString('base64url');
    expect((await browser.post('/api/login/passkey', { response: swapped })).status).toBe(401);
  });

  it('refuse a cloned authenticator replaying an old signature count', async () => {
    const browser = new ApiClient(t.url);
    const options = await browser.post('/api/login/passkey/options');
    // The server has seen higher counts than this copy of the key now sends.
    phone.credentials[0].counter = 0;
    expect((await browser.post('/api/login/passkey', { response: phone.get(options.body) })).status).toBe(
      401,
    );
    phone.credentials[0].counter = 100;
  });

  it("are added only with the user's own challenge, and once", async () => {
    const mine = await fencer.client.post('/api/account/passkeys/options');
    const laptop = authenticatorFor();
    const response = laptop.create(mine.body);
    // Another user cannot use this challenge; its owner can, once.
    expect((await other.client.post('/api/account/passkeys', { response, name: 'Stolen' })).status).toBe(400);
    expect((await other.client.get<PasskeyList>('/api/account/passkeys')).body.passkeys).toEqual([]);
    expect((await fencer.client.post('/api/account/passkeys', { response, name: 'Laptop' })).status).toBe(
      201,
    );
    expect((await fencer.client.post('/api/account/passkeys', { response, name: 'Laptop' })).status).toBe(
      400,
    );
  });

  it('are renamed and removed by their owner only; a removed passkey signs nobody in', async () => {
    const renamed = await fencer.client.patch<Passkey>(`/api/account/passkeys/${passkey.id}`, {
      name: 'Work phone',
    });
    expect(renamed.body.name).toBe('Work phone');
    expect((await other.client.patch(`/api/account/passkeys/${passkey.id}`, { name: 'Mine' })).status).toBe(
      404,
    );
    expect((await other.client.delete(`/api/account/passkeys/${passkey.id}`)).status).toBe(404);
    expect((await fencer.client.patch(`/api/account/passkeys/${passkey.id}`, { name: '' })).status).toBe(400);
    expect(
      (await fencer.client.patch(`/api/account/passkeys/${passkey.id}`, { name: 'x'.repeat(61) })).status,
    ).toBe(400);
    expect((await fencer.client.delete('/api/account/passkeys/not-an-id')).status).toBe(400);

    expect((await fencer.client.delete(`/api/account/passkeys/${passkey.id}`)).status).toBe(204);
    expect((await fencer.client.delete(`/api/account/passkeys/${passkey.id}`)).status).toBe(404);
    const { reply } = await signInWith(
      Object.assign(authenticatorFor(), { credentials: [phone.credentials[0]] }),
    );
    expect(reply.status).toBe(401);
    expect(reply.body).toEqual({
      message: 'This passkey is not known to Piste. Sign in with your password.',
      code: 'passkeys.unknown',
    });
  });

  it('are closed to the signed-out, and a garbled answer is a 400', async () => {
    const nobody = new ApiClient(t.url);
    expect((await nobody.get('/api/account/passkeys')).status).toBe(401);
    expect((await nobody.post('/api/account/passkeys/options')).status).toBe(401);
    expect((await nobody.post('/api/account/passkeys', { response: {}, name: 'x' })).status).toBe(401);
    expect((await nobody.post('/api/login/passkey', { response: { id: 'x' } })).status).toBe(400);
    expect((await nobody.post('/api/login/passkey', {})).status).toBe(400);
    expect((await fencer.client.post('/api/account/passkeys', { response: 'x', name: 'x' })).status).toBe(
      400,
    );
    const options = await fencer.client.post('/api/account/passkeys/options');
    const garbled = phone.create(options.body);
    garbled.response.attestationObject = 'AAAA';
    expect((await fencer.client.post('/api/account/passkeys', { response: garbled, name: 'x' })).status).toBe(
      400,
    );
  });

  it('tell a suspended account so, and sign it in again once it is unsuspended', async () => {
    const suspended = await makeUser(t);
    const key = authenticatorFor();
    await addPasskey(suspended, key);
    const admin = await makeAdmin(t);
    const reason = { reason: 'Spam links in every comment' };
    expect((await admin.client.post(`/api/admin/users/${suspended.user.id}/suspend`, reason)).status).toBe(
      200,
    );
    const refused = (await signInWith(key)).reply;
    expect(refused).toMatchObject({ status: 403, body: { message: 'This account is suspended' } });
    expect((await admin.client.post(`/api/admin/users/${suspended.user.id}/unsuspend`, reason)).status).toBe(
      200,
    );
    expect((await signInWith(key)).reply.status).toBe(200);
  });

  it('sign nobody in once the account is deleted', async () => {
    const leaver = await makeUser(t);
    const key = authenticatorFor();
    await addPasskey(leaver, key);
    expect((await signInWith(key)).reply.status).toBe(200);
    expect((await leaver.client.post('/api/account/delete', { password: leaver.password })).status).toBe(202);
    expect((await signInWith(key)).reply.status).toBe(401);
  });
});

describe('passkey challenges across replicas', () => {
  let second: TestApp;
  beforeAll(async () => {
    second = await startTestApp({ PUBLIC_URL: t.config.publicUrl });
  });
  beforeEach(() => jest.spyOn(second.app.get(Clock), 'now').mockImplementation(() => new Date(now)));
  afterAll(() => second?.close());

  it('are given by one replica and taken by another, once', async () => {
    const fencer = await makeUser(t);
    const key = authenticatorFor();
    await addPasskey(fencer, key);
    const browser = new ApiClient(t.url);
    const options = await browser.post('/api/login/passkey/options');
    const response = key.get(options.body);
    const onSecond = await browser.on(second.url).post<SessionUser>('/api/login/passkey', { response });
    expect(onSecond.status).toBe(200);
    expect(onSecond.body.id).toBe(fencer.user.id);
    expect((await browser.post('/api/login/passkey', { response })).status).toBe(401);
  });
});
