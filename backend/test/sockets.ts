import { randomUUID } from 'node:crypto';
import type { ClientToServerEvents, ServerEventName, ServerEventPayload, Weapon } from '@piste/contracts';
import { RealtimePublisher } from '../src/publisher/realtime.publisher';
import { appOfSocket, connectSocket, type TestApp, type TestSocket, type TestUser } from './helpers';

/** How long a test waits for the server to acknowledge a message. */
const ACK_TIMEOUT_MS = 5000;

type ClientEventName = keyof ClientToServerEvents;

/** Emits a client message and resolves once the server has handled it (it acknowledges every message). */
export async function emitHandled<E extends ClientEventName>(
  socket: TestSocket,
  event: E,
  payload: Parameters<ClientToServerEvents[E]>[0],
): Promise<void> {
  // The event map's optional acknowledgement is more than socket.io's typing follows through a generic event.
  const acknowledged = socket.timeout(ACK_TIMEOUT_MS) as unknown as {
    emitWithAck(event: E, payload: unknown): Promise<unknown>;
  };
  await acknowledged.emitWithAck(event, payload);
}

/** Follows posts as a client does when they come on screen, once the server has joined their rooms. */
export async function watchPosts(socket: TestSocket, ...postIds: string[]): Promise<void> {
  await emitHandled(socket, 'posts:watch', { postIds });
}

/** Follows posts with their comments shown, as an opened thread or a post's page does (once joined). */
export async function watchThreads(socket: TestSocket, ...postIds: string[]): Promise<void> {
  await emitHandled(socket, 'posts:watch', { postIds });
  await emitHandled(socket, 'comments:watch', { postIds });
}

/** An event outside the contract, sent only to the socket waiting at a `barrier`. */
const BARRIER_EVENT = 'test:barrier' as ServerEventName;

/**
 * Resolves once every event the server sent these sockets before the call has arrived, so that a test may then
 * check that something did NOT arrive. Each socket gets two round trips, as events take two paths:
 * - an acknowledged message: the server writes one socket's packets in order, so the answer comes after every
 *   event the socket's own handlers emitted to it, and after the events an HTTP reply's work published locally;
 * - an event published to the socket through the app's publisher: with the Redis adapter a published event
 *   reaches even this replica's sockets only once Redis has taken it (the adapter waits for the publish), and
 *   Redis answers one connection's publishes in order, so this one arrives after every event published before it.
 * It holds for what the socket's own app published: across instances, wait on a following event instead.
 */
export async function barrier(...sockets: TestSocket[]): Promise<void> {
  await Promise.all(
    sockets.map(async (socket) => {
      // Leaving a post room the socket never joined changes nothing.
      await emitHandled(socket, 'posts:unwatch', { postIds: [randomUUID()] });
      const app = appOfSocket(socket);
      if (!app) throw new Error('barrier: the socket was not opened by connectSocket on a running test app');
      const arrived = new Promise<void>((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`barrier: nothing published arrived in ${ACK_TIMEOUT_MS} ms`)),
          ACK_TIMEOUT_MS,
        );
        socket.once(BARRIER_EVENT, () => {
          clearTimeout(timer);
          resolve();
        });
      });
      app.get(RealtimePublisher).publish(socket.id!, BARRIER_EVENT, {});
      await arrived;
    }),
  );
}

/** Collects every payload of one event (that matches), to prove after a `barrier` that none arrived. */
export function record<E extends ServerEventName>(
  socket: TestSocket,
  event: E,
  match: (payload: ServerEventPayload<E>) => boolean = () => true,
): ServerEventPayload<E>[] {
  const seen: ServerEventPayload<E>[] = [];
  socket.on(event, ((payload: ServerEventPayload<E>) => {
    if (match(payload)) seen.push(payload);
  }) as never);
  return seen;
}

export interface SocketOptions {
  /** The instance to connect to (default: the fixture's app). */
  url?: string;
  /** A feed to watch, as the feed page does. */
  weapon?: Weapon;
  /** Posts to watch, as if on screen. */
  posts?: string[];
  /** Takes counts in batches (`posts:counts`), as the web client does. */
  batchedCounts?: boolean;
}

/**
 * The sockets of one describe block (like the journeys' fixture for browsers): `socketOf(user)` opens one with
 * the session cookie of a user (or of any signed-in client: `{ client }`), watching what it is told to once the server has handled it, and every socket it
 * opened is closed after each test.
 */
export function useSockets(
  t: TestApp,
): (user: Pick<TestUser, 'client'>, options?: SocketOptions) => Promise<TestSocket> {
  const open: TestSocket[] = [];
  afterEach(() => {
    open.splice(0).forEach((socket) => socket.close());
  });
  return async (user, { url = t.url, weapon, posts, batchedCounts } = {}) => {
    const socket = await connectSocket(
      url,
      user.client.on(url),
      batchedCounts ? { batchedCounts } : undefined,
    );
    open.push(socket);
    if (weapon) await emitHandled(socket, 'feed:watch', { weapon });
    if (posts?.length) await watchPosts(socket, ...posts);
    return socket;
  };
}

/** Resolves with the reason once the socket is disconnected, or rejects after `timeoutMs`. */
export function disconnection(socket: TestSocket, timeoutMs = 5000): Promise<string> {
  if (socket.disconnected) return Promise.resolve('already');
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`still connected after ${timeoutMs} ms`)), timeoutMs);
    socket.once('disconnect', (reason) => {
      clearTimeout(timer);
      resolve(reason);
    });
  });
}
