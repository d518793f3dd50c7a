import { randomUUID } from 'node:crypto';
import type { ClientToServerEvents, ServerEventName, ServerEventPayload, Weapon } from '@piste/contracts';
import { connectSocket, type TestApp, type TestSocket, type TestUser } from './helpers';

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

/**
 * Resolves once every event the server sent these sockets before the call has arrived, so that a test may then
 * check that something did NOT arrive. Each socket gets an acknowledged round trip: the server writes one
 * socket's packets in order, and it publishes synchronously (an HTTP reply or an acknowledgement is sent after
 * the events its work published), so an answer on socket S comes after every event emitted to S before the
 * message was handled. It holds within one process: across instances, wait on a following event instead.
 */
export async function barrier(...sockets: TestSocket[]): Promise<void> {
  // Leaving a post room the socket never joined changes nothing.
  await Promise.all(
    sockets.map((socket) => emitHandled(socket, 'posts:unwatch', { postIds: [randomUUID()] })),
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
  return async (user, { url = t.url, weapon, posts } = {}) => {
    const socket = await connectSocket(url, user.client.on(url));
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
