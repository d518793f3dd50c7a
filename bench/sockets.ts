import { io, type Socket } from 'socket.io-client';

export interface SocketIdentity {
  /** Piste authenticates the handshake with the session cookie. */
  cookie?: string;
  /** The bare baselines take the user from the query. */
  query?: Record<string, string>;
}

const CONNECT_TIMEOUT_MS = 20_000;

/** One real connection per socket (no shared Manager), websocket only, as Piste's client opens it. */
export function connectSocket(url: string, identity: SocketIdentity): Promise<Socket> {
  const socket = io(url, {
    transports: ['websocket'],
    forceNew: true,
    reconnection: false,
    timeout: CONNECT_TIMEOUT_MS,
    extraHeaders: identity.cookie ? { cookie: identity.cookie } : undefined,
    query: identity.query,
  });
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', (err) => {
      socket.close();
      reject(err);
    });
  });
}

/** `count` sockets, `batch` handshakes at a time, so neither side runs out of descriptors or backlog at once. */
export async function connectMany(
  url: string,
  count: number,
  identityOf: (index: number) => SocketIdentity,
  batch = 100,
): Promise<Socket[]> {
  const sockets: Socket[] = [];
  try {
    for (let start = 0; start < count; start += batch) {
      const size = Math.min(batch, count - start);
      const connected = await Promise.allSettled(
        Array.from({ length: size }, (_, i) => connectSocket(url, identityOf(start + i))),
      );
      for (const outcome of connected) if (outcome.status === 'fulfilled') sockets.push(outcome.value);
      const failed = connected.find((outcome) => outcome.status === 'rejected');
      if (failed) throw failed.reason;
    }
    return sockets;
  } catch (err) {
    closeAll(sockets);
    throw err;
  }
}

export function closeAll(sockets: Socket[]): void {
  for (const socket of sockets) socket.close();
}
