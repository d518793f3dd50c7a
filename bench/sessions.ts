import { BENCH_PASSWORD, username } from './dataset';

export interface SignedIn {
  userId: string;
  /** `piste.sid=…`, ready for a Cookie header. */
  cookie: string;
}

/**
 * Signs in as seeded users through `POST /api/login`, once per user for the whole run: sessions live in the
 * database, so a cookie stays good across the Piste processes the scenarios start.
 */
export class SignIns {
  private readonly byUser = new Map<number, Promise<SignedIn>>();

  as(url: string, user: number): Promise<SignedIn> {
    let signedIn = this.byUser.get(user);
    if (!signedIn) {
      signedIn = signIn(url, user);
      this.byUser.set(user, signedIn);
      // A failed sign-in is not cached: the next scenario may try again.
      signedIn.catch(() => this.byUser.delete(user));
    }
    return signedIn;
  }

  /** A few at a time: each sign-in costs the server an argon2 verification. */
  async all(url: string, users: number[]): Promise<SignedIn[]> {
    const result: SignedIn[] = [];
    for (let i = 0; i < users.length; i += 4) {
      result.push(...(await Promise.all(users.slice(i, i + 4).map((user) => this.as(url, user)))));
    }
    return result;
  }
}

async function signIn(url: string, user: number): Promise<SignedIn> {
  const res = await fetch(`${url}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: username(user), password: BENCH_PASSWORD }),
  });
  if (res.status !== 200)
    throw new Error(`signing in as ${username(user)}: ${res.status} ${await res.text()}`);
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .find((c) => c.startsWith('piste.sid='));
  if (!cookie) throw new Error(`signing in as ${username(user)}: no session cookie`);
  const body = (await res.json()) as { id: string };
  return { userId: body.id, cookie };
}
