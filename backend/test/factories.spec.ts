import { DataSource } from 'typeorm';
import type { SessionUser } from '@piste/contracts';
import { insertUser } from './factories';
import { makeUser, signInAgain, useTestApp, type TestUser } from './helpers';
import { useSockets } from './sockets';

/** The fixtures other suites build their world with must be the users a registration makes. */
describe('test factories', () => {
  const t = useTestApp();
  const connect = useSockets(t);

  /** What a user's registration left in the database, without what is theirs alone (ids, names, times). */
  async function footprint({ user }: TestUser) {
    const db = t.app.get(DataSource);
    const [account] = await db.query<Record<string, unknown>[]>(`SELECT * FROM users WHERE "id" = $1`, [
      user.id,
    ]);
    const { id, username, email, name, password, createdAt, updatedAt, lastActiveAt, ...fields } = account;
    const sessions = await db.query<{ sess: { cookie: object; device: object; passport: object } }[]>(
      `SELECT sess FROM sessions WHERE sess -> 'passport' ->> 'user' = $1`,
      [user.id],
    );
    const knownSignIns = await db.query<unknown[]>(
      `SELECT "network", "browser" FROM known_sign_ins WHERE "userId" = $1`,
      [user.id],
    );
    const links = await db.query<unknown[]>(
      `SELECT "purpose", "email" = $2 AS "toTheirAddress" FROM account_links WHERE "userId" = $1`,
      [user.id, email],
    );
    return {
      fields,
      identity: { id, username, email, name },
      hashed: typeof password === 'string' && password.startsWith('$argon2id$'),
      dated: [createdAt, updatedAt, lastActiveAt].every((at) => at instanceof Date),
      passports: sessions.map(({ sess }) => sess.passport),
      sessions: sessions.map(({ sess: { cookie, device, passport: _theirs, ...rest } }) => ({
        ...rest,
        cookie: { ...cookie, expires: typeof (cookie as { expires?: unknown }).expires },
        device: { ...device, signedInAt: typeof (device as { signedInAt?: unknown }).signedInAt },
      })),
      knownSignIns,
      links,
    };
  }

  it('writes the rows a registration writes, but its own user, session and names', async () => {
    // The first user of an app is registered through the API: the model of every one after it.
    await insertUser(t);
    const registered = await makeUser(t, { role: 'youth', title: 'Cadet' });
    const inserted = await insertUser(t, { role: 'youth', title: 'Cadet' });

    const expected = await footprint(registered);
    const actual = await footprint(inserted);
    expect(actual.identity.id).not.toBe(expected.identity.id);
    expect(actual.identity).toEqual({
      id: inserted.user.id,
      username: inserted.user.username,
      email: `${inserted.user.username}@example.com`,
      name: `Fencer ${inserted.user.username}`,
    });
    expect(actual.passports).toEqual([{ user: inserted.user.id }]);
    // Part by part, so a failure names the part that differs.
    const { identity: _ours, passports: _ourPassports, ...ours } = actual;
    const { identity: _theirs, passports: _theirPassports, ...theirs } = expected;
    for (const part of Object.keys(theirs) as (keyof typeof theirs)[]) {
      expect({ [part]: ours[part] }).toEqual({ [part]: theirs[part] });
    }
    expect(Object.keys(ours)).toEqual(Object.keys(theirs));
    expect(actual.hashed && actual.dated).toBe(true);
  });

  it('signs the user in for HTTP and sockets, and keeps their password', async () => {
    const fencer = await insertUser(t, { name: 'Inserted Ines', password: 'another-secret' });
    const me = await fencer.client.get<SessionUser>('/api/user');
    expect(me.status).toBe(200);
    expect(me.body).toEqual(fencer.user);
    await expect(connect(fencer)).resolves.toMatchObject({ connected: true });
    const again = await signInAgain(t, fencer);
    await expect(again.get<SessionUser>('/api/user')).resolves.toMatchObject({
      body: { id: fencer.user.id },
    });
  });
});
