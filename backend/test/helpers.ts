import 'reflect-metadata';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { RequestMethod, type INestApplication } from '@nestjs/common';
import { DiscoveryService, MetadataScanner, Reflector } from '@nestjs/core';
import { io, type Socket } from 'socket.io-client';
import { DataSource } from 'typeorm';
import {
  serverEventSchemas,
  type ConnectionRequest,
  type ClientToServerEvents,
  type CreatePostPayload,
  type FeedPost,
  type RegisterPayload,
  type ServerEventName,
  type ServerEventPayload,
  type ServerToClientEvents,
  type SessionUser,
  type SocketHandshake,
} from '@piste/contracts';
import { loadConfig, type AppConfig } from '../src/config/config';
import { createApp } from '../src/app.factory';
import type { DatabaseLocation } from '../src/database/data-source';
import { AuthService } from '../src/auth/auth.service';
import { guardTransactions, takeSecondConnectionQueries } from './transaction-guard';

/** True when tests must fail rather than skip for a missing service (CI). */
export const requireServices = process.env.REQUIRE_SERVICES === '1';
export const hasRedis = !!process.env.REDIS_URL;
/** `describe` for suites that need Redis: skipped without it, unless services are required. */
export const describeWithRedis = hasRedis || requireServices ? describe : describe.skip;

/**
 * Whether this run's database is the embedded PGlite: test/global-setup.ts gives it the `public` schema, and a
 * real PostgreSQL (DATABASE_URL) a fresh schema of its own.
 */
export const onEmbeddedDatabase = (process.env.DATABASE_SCHEMA ?? 'public') === 'public';
/** This run's database (see test/global-setup.ts). */
export const runDatabase = (): DatabaseLocation => ({
  url: process.env.DATABASE_URL!,
  embedded: onEmbeddedDatabase,
});
const SERIALISED = 'needs PostgreSQL (embedded PGlite serialises transactions)';
/**
 * `it` for tests of concurrent writes: PGlite runs one transaction at a time, so a race cannot happen there and
 * such a test would pass whatever the code does. Skipped there, saying why; with REQUIRE_SERVICES=1 (CI) the
 * database is always a real PostgreSQL, so they run.
 */
export function itRacing(name: string, test: () => Promise<void>, timeoutMs?: number): void {
  if (onEmbeddedDatabase) it.skip(`${name} — ${SERIALISED}`, test, timeoutMs);
  else it(name, test, timeoutMs);
}
/** `describe` for a block of such race tests. */
export function describeRacing(name: string, tests: () => void): void {
  if (onEmbeddedDatabase) describe.skip(`${name} — ${SERIALISED}`, tests);
  else describe(name, tests);
}

export interface TestApp {
  app: INestApplication;
  url: string;
  config: AppConfig;
  close(): Promise<void>;
}

/** Boots the whole app on a random loopback port against the run's database (see test/global-setup.ts). */
export async function startTestApp(
  env: Record<string, string> = {},
  database: DatabaseLocation = runDatabase(),
): Promise<TestApp> {
  guardTransactions();
  const config = loadConfig({ ...process.env, PORT: '0', SEED_DEMO: 'false', NODE_ENV: 'test', ...env });
  const app = await createApp(config, database);
  await app.listen(0, '127.0.0.1');
  const address = app.getHttpServer().address() as { port: number };
  const url = `http://127.0.0.1:${address.port}`;
  appsByUrl.set(url, app);
  const close = async () => {
    appsByUrl.delete(url);
    await app.close();
  };
  return { app, url, config, close };
}

/** The running test apps by their URL, and the URL each test socket connected to. */
const appsByUrl = new Map<string, INestApplication>();
const socketUrls = new WeakMap<TestSocket, string>();

/** The app (of this test process) that a socket opened by `connectSocket` is connected to, if it still runs. */
export function appOfSocket(socket: TestSocket): INestApplication | undefined {
  const url = socketUrls.get(socket);
  return url === undefined ? undefined : appsByUrl.get(url);
}

/**
 * One app for the enclosing describe block (or file): started before its tests, closed after them. The object is
 * filled in by `beforeAll`, so tests and fixtures may hold it from the start. With `ownDataDir` the app keeps its
 * uploads in a fresh temporary directory (`t.config.dataDir`), removed afterwards.
 */
export function useTestApp(env: Record<string, string> = {}, { ownDataDir = false } = {}): TestApp {
  const t = {} as TestApp;
  let dataDir: string | undefined;
  beforeAll(async () => {
    if (ownDataDir) dataDir = await mkdtemp(join(tmpdir(), 'piste-test-data-'));
    Object.assign(t, await startTestApp(dataDir ? { DATA_DIR: dataDir, ...env } : env));
  });
  // A query on a second connection inside a transaction waits for itself on the embedded database.
  afterEach(() => expect(takeSecondConnectionQueries()).toEqual([]));
  afterAll(async () => {
    await t.close?.();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });
  return t;
}

/** A block written straight to the database, as if made long ago: no events, no requests withdrawn. */
export async function storeBlock(t: TestApp, blocker: TestUser, blocked: TestUser): Promise<void> {
  await t.app
    .get(DataSource)
    .query(`INSERT INTO blocked_users ("blockerId", "blockedId") VALUES ($1, $2)`, [
      blocker.user.id,
      blocked.user.id,
    ]);
}

export function uniqueName(prefix = 'user'): string {
  return `${prefix}_${randomBytes(5).toString('hex')}`;
}

export interface Reply<T = unknown> {
  status: number;
  body: T;
  headers: Headers;
}

/** An HTTP client with its own cookie jar: one signed-in browser. */
export class ApiClient {
  cookie = '';

  constructor(public baseUrl: string) {}

  async request<T = any>(
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<Reply<T>> {
    const init: RequestInit = { method, headers: { ...headers } };
    if (this.cookie) (init.headers as Record<string, string>).cookie = this.cookie;
    if (body !== undefined) {
      if (typeof body === 'string' || body instanceof Uint8Array) {
        init.body = body as BodyInit;
      } else {
        init.body = JSON.stringify(body);
        (init.headers as Record<string, string>)['content-type'] = 'application/json';
      }
    }
    const res = await fetch(this.baseUrl + path, init);
    const setCookie = res.headers.getSetCookie().find((c) => c.startsWith('piste.sid='));
    if (setCookie) this.cookie = setCookie.split(';')[0]!;
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      /* not JSON */
    }
    return { status: res.status, body: parsed as T, headers: res.headers };
  }

  get<T = any>(path: string) {
    return this.request<T>('GET', path);
  }
  post<T = any>(path: string, body?: unknown) {
    return this.request<T>('POST', path, body ?? {});
  }
  put<T = any>(path: string, body?: unknown) {
    return this.request<T>('PUT', path, body ?? {});
  }
  patch<T = any>(path: string, body?: unknown) {
    return this.request<T>('PATCH', path, body ?? {});
  }
  delete<T = any>(path: string) {
    return this.request<T>('DELETE', path);
  }

  /** A client on another instance that shares this one's session. */
  on(baseUrl: string): ApiClient {
    const other = new ApiClient(baseUrl);
    other.cookie = this.cookie;
    return other;
  }
}

export interface TestUser {
  client: ApiClient;
  user: SessionUser;
  password: string;
}

/** What a test user registers with: a fresh username, and the rest derived from it unless `overrides` say. */
export function registration(
  overrides: Partial<RegisterPayload> = {},
): RegisterPayload & { password: string } {
  const username = overrides.username ?? uniqueName();
  return {
    username,
    email: `${username}@example.com`,
    name: `Fencer ${username}`,
    weaponSpecialty: 'epee',
    ...overrides,
    password: overrides.password ?? 'secret123',
  };
}

/** Registers a fresh user and returns its signed-in client. */
export async function makeUser(
  app: TestApp | string,
  overrides: Partial<RegisterPayload> = {},
): Promise<TestUser> {
  const client = new ApiClient(typeof app === 'string' ? app : app.url);
  const payload = registration(overrides);
  const res = await client.post<SessionUser>('/api/register', payload);
  if (res.status !== 201) throw new Error(`register failed: ${res.status} ${JSON.stringify(res.body)}`);
  return { client, user: res.body, password: payload.password };
}

/** The same user signed in a second time: another browser, with a session of its own. */
export async function signInAgain(t: TestApp, who: TestUser): Promise<ApiClient> {
  const client = new ApiClient(t.url);
  const res = await client.post('/api/login', { username: who.user.username, password: who.password });
  if (res.status !== 200) throw new Error(`sign-in failed: ${res.status}`);
  return client;
}

/** Creates (or promotes) an admin through the same code path as ADMIN_USERNAME, then signs in. */
export async function makeAdmin(app: TestApp): Promise<TestUser> {
  const username = uniqueName('admin');
  const password = 'admin-secret';
  await app.app.get(AuthService).ensureAdmin(username, password);
  const client = new ApiClient(app.url);
  const res = await client.post<SessionUser>('/api/login', { username, password });
  if (res.status !== 200) throw new Error(`admin login failed: ${res.status}`);
  return { client, user: res.body, password };
}

export async function makePost(
  author: TestUser,
  overrides: Partial<CreatePostPayload> = {},
): Promise<FeedPost> {
  const res = await author.client.post<FeedPost>('/api/posts', {
    content: `A post ${uniqueName('p')}`,
    type: 'general',
    weapon: 'epee',
    ...overrides,
  });
  if (res.status !== 201) throw new Error(`post failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

export type TestSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

/**
 * Opens a socket with the client's session cookie (and what its handshake says, as the web client's does); resolves
 * once connected (rejects on refusal).
 */
export function connectSocket(
  baseUrl: string,
  client?: ApiClient,
  auth?: SocketHandshake,
): Promise<TestSocket> {
  const socket: TestSocket = io(baseUrl, {
    path: '/socket.io',
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
    extraHeaders: client?.cookie ? { cookie: client.cookie } : {},
    ...(auth ? { auth } : {}),
  });
  socketUrls.set(socket, baseUrl);
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', (err) => {
      socket.close();
      reject(err);
    });
  });
}

/** Resolves with the next payload of `event` that matches, or rejects after `timeoutMs`. */
export function nextEvent<E extends ServerEventName>(
  socket: TestSocket,
  event: E,
  match: (payload: ServerEventPayload<E>) => boolean = () => true,
  timeoutMs = 5000,
): Promise<ServerEventPayload<E>> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      socket.off(event, handler as never);
      reject(new Error(`no '${event}' within ${timeoutMs} ms`));
    }, timeoutMs);
    const handler = (payload: ServerEventPayload<E>) => {
      if (!match(payload)) return;
      clearTimeout(timer);
      socket.off(event, handler as never);
      // Every payload a test receives must match the event's contract schema.
      const checked = serverEventSchemas[event].safeParse(payload);
      if (checked.success) resolve(payload);
      else reject(new Error(`'${event}' payload breaks its contract: ${checked.error.message}`));
    };
    socket.on(event, handler as never);
  });
}

/** Lets real time pass, for tests whose subject is time itself (a window closing, a session expiring). */
export async function waitFor(ms: number): Promise<void> {
  await new Promise((r) => setTimeout(r, ms));
}

/** Reads until `done` holds (every 200 ms), or fails after `timeoutMs` showing the last value read. */
export async function poll<T>(
  read: () => Promise<T>,
  done: (value: T) => boolean,
  timeoutMs = 20_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`Still waiting: ${JSON.stringify(value)}`);
    await waitFor(200);
  }
}

/** Sends a connection request from `from` to `to` through the API; it must be accepted as pending (201). */
export async function requestConnection(from: TestUser, to: TestUser): Promise<ConnectionRequest> {
  const res = await from.client.post<ConnectionRequest>('/api/friend-requests', { receiverId: to.user.id });
  if (res.status !== 201) throw new Error(`friend request failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

/** Makes two users connected through the API: `a` sends a connection request and `b` accepts it. */
export async function connectUsers(_t: TestApp, a: TestUser, b: TestUser): Promise<void> {
  const request = await requestConnection(a, b);
  const accepted = await b.client.put(`/api/friend-requests/${request.id}`, { status: 'accepted' });
  if (accepted.status !== 200) {
    throw new Error(`accepting failed: ${accepted.status} ${JSON.stringify(accepted.body)}`);
  }
}

/** One route of the running app, found by walking its controllers. */
export interface AppRoute {
  /** e.g. 'POST /api/posts' */
  route: string;
  method: string;
  path: string;
  /** Whether the handler or its controller carries this metadata (e.g. IS_PUBLIC). */
  marked(key: string): boolean;
}

/** Every route the app serves, so tests can check that each carries the markers it should. */
export function appRoutes(t: TestApp): AppRoute[] {
  const discovery = t.app.get(DiscoveryService);
  const scanner = t.app.get(MetadataScanner);
  const reflector = t.app.get(Reflector);
  const found: AppRoute[] = [];
  for (const wrapper of discovery.getControllers()) {
    const instance = wrapper.instance as Record<string, unknown> | undefined;
    const controller = wrapper.metatype;
    if (!instance || !controller) continue;
    const base = String(Reflect.getMetadata('path', controller) ?? '');
    for (const name of scanner.getAllMethodNames(Object.getPrototypeOf(instance))) {
      const handler = instance[name] as object;
      const paths = Reflect.getMetadata('path', handler) as string | string[] | undefined;
      const method = Reflect.getMetadata('method', handler) as RequestMethod | undefined;
      if (paths === undefined || method === undefined) continue;
      const marked = (key: string) =>
        !!reflector.getAllAndOverride<boolean>(key, [handler as never, controller]);
      for (const path of [paths].flat()) {
        const full = `/${[base, path]
          .map((part) => part.replace(/^\/|\/$/g, ''))
          .filter(Boolean)
          .join('/')}`;
        found.push({
          route: `${RequestMethod[method]} ${full}`,
          method: RequestMethod[method],
          path: full,
          marked,
        });
      }
    }
  }
  return found;
}
