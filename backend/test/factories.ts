import { randomBytes } from 'node:crypto';
import { DataSource } from 'typeorm';
import { registerPayloadSchema, type Language, type RegisterPayload } from '@piste/contracts';
import { AuthService } from '../src/auth/auth.service';
import { Clock } from '../src/common/clock';
import { hashPassword } from '../src/users/password';
import { ApiClient, makeUser, registration, type TestApp, type TestUser } from './helpers';
import {
  copySessions,
  sessionTemplate,
  signedSessionCookie,
  type RunQuery,
  type SessionTemplate,
} from './minted-sessions';

/**
 * Fixtures written without the API, for tests whose subject is not signing up: a user costs a few inserts
 * instead of an argon2 hash and a sign-in. The rows are the ones the app writes:
 * - the account goes through `AuthService.createAccount`, the registration's own code (defaults, registration
 *   steps such as the verification mail), with a password hash computed once;
 * - its session is a copy of the session a real registration (the first user of each app) stored, with its own
 *   id and user, and its cookie is signed with the app's secret, so it works over HTTP and sockets alike;
 * - the sign-in's side effects are copied too: `lastActiveAt`, the browser language and the known sign-in.
 * What differs from a registration through the API: the session remembers the first user's sign-in time (its
 * browser and address are the same: every ApiClient is the same Node fetch on loopback), the known sign-in has a
 * device hash of its own (no device cookie reaches the client). A sign-in listener added to `AuthService` later
 * needs its rows copied here too.
 * Tests about registration, sign-in or sessions keep using `makeUser`.
 */

interface AppTemplate {
  session: SessionTemplate;
  browserLanguage: Language | null;
  /** The browser and network its registration made known (`known_sign_ins`). */
  knownSignIn: { network: string; browser: string } | undefined;
}

const templates = new WeakMap<TestApp, Promise<AppTemplate>>();
const hashes = new Map<string, Promise<string>>();

const queryOf =
  (t: TestApp): RunQuery =>
  (sql, params) =>
    t.app.get(DataSource).query(sql, params);

/** The first user of the app, registered and signed in through the API: the model of every fixture after it. */
async function templateOf(t: TestApp, first: TestUser): Promise<AppTemplate> {
  const query = queryOf(t);
  const [account] = await query<{ password: string; browserLanguage: Language | null }>(
    `SELECT "password", "browserLanguage" FROM users WHERE "id" = $1`,
    [first.user.id],
  );
  if (!account) throw new Error('the registration left no account to copy');
  // Its hash serves every fixture with the same password: no argon2 beyond the registration's.
  hashes.set(first.password, Promise.resolve(account.password));
  const [knownSignIn] = await query<{ network: string; browser: string }>(
    `SELECT "network", "browser" FROM known_sign_ins WHERE "userId" = $1`,
    [first.user.id],
  );
  return {
    session: await sessionTemplate(query, first.client.cookie),
    browserLanguage: account.browserLanguage,
    knownSignIn,
  };
}

function passwordHash(password: string): Promise<string> {
  let hash = hashes.get(password);
  if (!hash) hashes.set(password, (hash = hashPassword(password)));
  return hash;
}

/**
 * A registered, signed-in user, as `makeUser` makes one (same default fields and password), written to the
 * database: `client` carries its session cookie for HTTP and `connectSocket`.
 */
export async function insertUser(t: TestApp, overrides: Partial<RegisterPayload> = {}): Promise<TestUser> {
  const known = templates.get(t);
  if (!known) {
    const first = makeUser(t, overrides);
    const template = first.then((user) => templateOf(t, user));
    templates.set(t, template);
    // Copied before the test can touch the first user's session (sign it out, say).
    await template;
    return first;
  }
  const template = await known;
  const { password, ...fields } = registerPayloadSchema.parse(registration(overrides));
  const user = await t.app
    .get(AuthService)
    .createAccount(fields, await passwordHash(password), template.browserLanguage);
  const query = queryOf(t);
  const [sid] = await copySessions(query, template.session, [user.id]);
  // What the sign-in wrote besides its session: the account's last activity and its browser, as known.
  await query(`UPDATE users SET "lastActiveAt" = now() WHERE "id" = $1`, [user.id]);
  if (template.knownSignIn) {
    const { network, browser } = template.knownSignIn;
    await query(
      `INSERT INTO known_sign_ins ("userId", "deviceHash", "network", "browser", "lastSeenAt")
       VALUES ($1, $2, $3, $4, $5)`,
      [user.id, randomBytes(32).toString('hex'), network, browser, t.app.get(Clock).now()],
    );
  }
  const client = new ApiClient(t.url);
  client.cookie = signedSessionCookie(t.config.sessionSecret, sid);
  return { client, user, password };
}
