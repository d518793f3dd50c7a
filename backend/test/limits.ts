import { randomBytes } from 'node:crypto';
import type { SessionUser } from '@piste/contracts';
import { DEFAULT_RATE_LIMITS, type RateLimitName } from '../src/config/rate-limits';
import { ApiClient, uniqueName, type Reply, type TestApp, type TestUser } from './helpers';

/**
 * The abuse limits at their real defaults (SECURITY.md, "Abuse limits"). The rest of the suite raises the
 * registrations-per-IP limit and the burst limits (test/global-setup.ts), so these apps clear RATE_LIMITS. Each
 * app trusts one proxy and every scenario sends its own X-Forwarded-For, so scenarios never share a client
 * address; each app also gets a Redis key prefix of its own, so no other suite's counts reach it.
 */
export const LIMITS = DEFAULT_RATE_LIMITS;

export function limitedAppEnv(
  prefix = `${process.env.REDIS_KEY_PREFIX ?? 'piste'}-limits-${randomBytes(4).toString('hex')}`,
): Record<string, string> {
  return { TRUST_PROXY: 'true', RATE_LIMITS: '', REDIS_KEY_PREFIX: prefix };
}

/** The limits over seconds beside those over minutes of posts, comments and messages. */
export const BURST_LIMITS = [
  'posts-burst',
  'comments-burst',
  'messages-burst',
] as const satisfies readonly RateLimitName[];
export type BurstLimit = (typeof BURST_LIMITS)[number];

/**
 * An app as `limitedAppEnv` makes it, with the burst limits out of the way: a test then reaches a limit over
 * minutes (30 posts, 120 messages) within seconds rather than at a person's pace.
 */
export function limitedAppEnvWithoutBursts(): Record<string, string> {
  return { ...limitedAppEnv(), RATE_LIMITS: BURST_LIMITS.map((name) => `${name}=100000/1s`).join(',') };
}

let lastAddress = 0;
/** A client address of its own (198.18.0.0/15 is reserved for tests). */
export function newIp(): string {
  lastAddress += 1;
  return `198.18.${lastAddress >> 8}.${lastAddress & 255}`;
}

/** A browser at one client address: every request carries it as X-Forwarded-For. */
export class ClientAt extends ApiClient {
  constructor(
    baseUrl: string,
    readonly ip: string,
  ) {
    super(baseUrl);
  }

  override request<T = any>(
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<Reply<T>> {
    return super.request<T>(method, path, body, { 'x-forwarded-for': this.ip, ...headers });
  }
}

export function register(client: ApiClient, username = uniqueName()): Promise<Reply<SessionUser>> {
  return client.post<SessionUser>('/api/register', {
    username,
    email: `${username}@example.com`,
    name: `Fencer ${username}`,
    password: 'secret123',
    weaponSpecialty: 'foil',
  });
}

/** A fresh user registered from an address of its own, signed in. */
export async function signUp(t: TestApp, ip = newIp()): Promise<TestUser> {
  const client = new ClientAt(t.url, ip);
  const res = await register(client);
  if (res.status !== 201) throw new Error(`register failed: ${res.status} ${JSON.stringify(res.body)}`);
  return { client, user: res.body, password: 'secret123' };
}

export function logIn(t: TestApp, ip: string, username: string, password: string): Promise<Reply> {
  return new ClientAt(t.url, ip).post('/api/login', { username, password });
}

export function expectTooMany(res: Reply): void {
  expect({ status: res.status, body: res.body }).toEqual({
    status: 429,
    body: {
      message: expect.stringMatching(
        /^Too many attempts\. Please try again in \d+ (second|minute|hour)s?\.$/,
      ) as unknown,
      code: 'request.too_many',
    },
  });
  expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
}

/** Makes `allowed` calls (none may be refused), then one more, which must be a 429. */
export async function expectLimitedAfter(allowed: number, call: () => Promise<Reply>): Promise<number[]> {
  const statuses: number[] = [];
  for (let i = 0; i < allowed; i++) statuses.push((await call()).status);
  expect(statuses.filter((s) => s === 429 || s >= 500)).toEqual([]);
  expectTooMany(await call());
  return statuses;
}
