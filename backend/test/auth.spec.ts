import { ApiClient, makeUser, startTestApp, uniqueName, useTestApp } from './helpers';

describe('auth', () => {
  const t = useTestApp();

  it('registers, returns the session user and signs in', async () => {
    const client = new ApiClient(t.url);
    const username = uniqueName();
    const res = await client.post('/api/register', {
      username,
      email: `${username}@example.com`,
      name: 'Ada Lovelace',
      weaponSpecialty: 'foil',
      password: 'secret123',
      isAdmin: true,
      role: 'coach',
    });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      id: expect.any(String),
      username,
      name: 'Ada Lovelace',
      avatar: null,
      isAdmin: false,
      bannedUntil: null,
      emailVerified: false,
      role: 'coach',
      language: null,
    });
    expect(res.body).not.toHaveProperty('password');
    const cookie = res.headers.getSetCookie().join(';');
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);

    // Read back through the session cache: the same session user as registration made.
    const me = await client.get('/api/user');
    expect(me.status).toBe(200);
    expect(me.body).toEqual(res.body);
    const profile = await client.get('/api/current-user');
    expect(profile.body).toMatchObject({
      weaponSpecialty: 'foil',
      role: 'coach',
      isAdmin: false,
      postsCount: 0,
    });
  });

  it('refuses a taken username or email with 409, case-insensitively', async () => {
    const { user } = await makeUser(t);
    const other = new ApiClient(t.url);
    const dupName = await other.post('/api/register', {
      username: user.username.toUpperCase(),
      email: `${uniqueName()}@example.com`,
      name: 'X',
      password: 'secret123',
    });
    expect(dupName.status).toBe(409);
    expect(dupName.body.message).toBe('Username is already taken');
    const dupEmail = await other.post('/api/register', {
      username: uniqueName(),
      email: `${user.username}@EXAMPLE.com`,
      name: 'X',
      password: 'secret123',
    });
    expect(dupEmail.status).toBe(409);
    expect(dupEmail.body.message).toBe('Email is already registered');
  });

  it.each([
    [{ password: '123' }, 'Password must be at least 6 characters'],
    [{ email: 'not-an-email' }, 'Please enter a valid email address'],
    [{ weaponSpecialty: 'saber' }, 'Choose a weapon: epee, foil or sabre'],
    [{ username: '' }, 'Username must be at least 3 characters'],
  ])('validates registration %j', async (override, message) => {
    const username = uniqueName();
    const res = await new ApiClient(t.url).post('/api/register', {
      username,
      email: `${username}@example.com`,
      name: 'X',
      password: 'secret123',
      ...override,
    });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message, code: 'validation.invalid' });
  });

  it('logs in with the right password only, and regenerates the session id', async () => {
    const { user, password, client: registered } = await makeUser(t);
    const client = new ApiClient(t.url);
    expect((await client.post('/api/login', {})).body).toEqual({
      message: 'Username is required',
      code: 'validation.invalid',
    });
    expect((await client.post('/api/login', { username: user.username })).body).toEqual({
      message: 'Password is required',
      code: 'validation.invalid',
    });
    const wrong = await client.post('/api/login', { username: user.username, password: 'wrong-password' });
    expect(wrong.status).toBe(401);
    expect(wrong.body).toEqual({ message: 'Invalid username or password', code: 'auth.invalid_credentials' });

    const before = registered.cookie;
    const ok = await registered.post('/api/login', { username: user.username, password });
    expect(ok.status).toBe(200);
    expect(ok.body).toEqual(user);
    expect(registered.cookie).not.toBe(before);
    // the old session id no longer works
    const stale = new ApiClient(t.url);
    stale.cookie = before;
    expect((await stale.get('/api/user')).status).toBe(401);
  });

  it('logs out and closes the session', async () => {
    const { client } = await makeUser(t);
    const copy = new ApiClient(t.url);
    copy.cookie = client.cookie;
    expect((await client.post('/api/logout')).status).toBe(200);
    expect((await copy.get('/api/user')).status).toBe(401);
    expect((await copy.get('/api/current-user')).status).toBe(401);
  });

  it('answers malformed JSON and oversized bodies with a clear 4xx and no x-powered-by', async () => {
    const client = new ApiClient(t.url);
    const bad = await client.request('POST', '/api/login', '{"username": ', {
      'content-type': 'application/json',
    });
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({ message: 'Malformed JSON in request body', code: 'request.malformed_json' });
    expect(bad.headers.get('x-powered-by')).toBeNull();
    const huge = await client.request(
      'POST',
      '/api/login',
      JSON.stringify({ username: 'x'.repeat(400_000) }),
      {
        'content-type': 'application/json',
      },
    );
    expect(huge.status).toBe(413);
    expect(huge.body).toEqual({ message: 'Request body is too large', code: 'request.too_large' });
  });

  it('creates or promotes the admin from ADMIN_USERNAME/ADMIN_PASSWORD at start', async () => {
    const { user } = await makeUser(t);
    const second = await startTestApp({ ADMIN_USERNAME: user.username, ADMIN_PASSWORD: 'new-admin-pass' });
    try {
      const client = new ApiClient(second.url);
      const res = await client.post('/api/login', { username: user.username, password: 'new-admin-pass' });
      expect(res.status).toBe(200);
      expect(res.body.isAdmin).toBe(true);
    } finally {
      await second.close();
    }
  });
});
