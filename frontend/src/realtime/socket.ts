import type {
  ClientToServerEvents,
  ServerEventName,
  ServerEventPayload,
  ServerToClientEvents,
  SessionUser,
  SocketHandshake,
  Weapon,
} from '@piste/contracts';
import { io, type Socket } from 'socket.io-client';
import { create } from 'zustand';
import { fetchSessionUser } from '../api/auth';

export type PisteSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

/** What the socket needs of the session: who this tab thinks is signed in, and how to tell it otherwise. */
export interface SocketSession {
  userId(): string | null;
  /** The server says someone else (or nobody) is signed in now. */
  changed(user: SessionUser | null): void;
}

interface ConnectionStatus {
  connected: boolean;
  /** True once this sign-in's socket has connected; a later disconnect means "reconnecting". */
  everConnected: boolean;
}

export const useConnectionStatus = create<ConnectionStatus>()(() => ({
  connected: false,
  everConnected: false,
}));

type ServerEventHandler = (payload: unknown) => void;

let socket: PisteSocket | null = null;
let session: SocketSession | null = null;
/** The feed the UI shows; re-announced to the server after every (re)connect. */
let watchedWeapon: Weapon | null = null;
/** The club whose page the UI shows (its public posts come live); re-announced like the feed. */
let watchedClub: string | null = null;
const serverEventHandlers = new Map<string, Set<ServerEventHandler>>();
const rejoinHandlers = new Set<() => void>();
const reconnectHandlers = new Set<() => void>();

/** Our own retries, for the cases socket.io gives up on: the server closed the socket, or refused it. */
const RETRY_BASE_MS = 1000;
const RETRY_MAX_MS = 15_000;
let retryTimer: ReturnType<typeof setTimeout> | null = null;
let retryAttempt = 0;

function cancelRetry(): void {
  if (retryTimer !== null) clearTimeout(retryTimer);
  retryTimer = null;
}

/** Connects `target` again after a growing, jittered delay (1 s, 2 s, 4 s … up to 15 s). */
function scheduleRetry(target: PisteSocket): void {
  if (retryTimer !== null || socket !== target) return;
  const delay = Math.min(RETRY_MAX_MS, RETRY_BASE_MS * 2 ** retryAttempt) * (0.75 + Math.random() * 0.5);
  retryAttempt += 1;
  retryTimer = setTimeout(() => {
    retryTimer = null;
    if (socket === target && !target.connected && !target.active) target.connect();
  }, delay);
}

/**
 * The server refused the socket as signed out. Ask who is signed in: if nobody (or someone else, after a
 * sign-in in another tab), update the session so the app shows the right screen (and closes this socket);
 * if the session still holds, the refusal was transient, so try again later.
 */
function recheckSession(target: PisteSocket): void {
  fetchSessionUser().then(
    (user) => {
      if (socket !== target) return;
      if (!user || user.id !== session?.userId()) {
        session?.changed(user);
        return;
      }
      scheduleRetry(target);
    },
    () => scheduleRetry(target),
  );
}

function dispatchServerEvent(event: string, payload: unknown): void {
  serverEventHandlers.get(event)?.forEach((handler) => handler(payload));
}

/** Opens this tab's one connection (idempotent). The session cookie authenticates it. */
export function connectSocket(forSession: SocketSession): PisteSocket {
  session = forSession;
  if (socket) {
    if (!socket.connected && !socket.active) socket.connect();
    return socket;
  }

  const created: PisteSocket = io({
    path: '/socket.io',
    // WebSocket first: one connection to one replica. Polling only as a fallback, for networks that block
    // websockets; the load balancer keeps its requests on one replica (deploy/nginx.conf).
    transports: ['websocket', 'polling'],
    tryAllTransports: true,
    withCredentials: true,
    forceNew: true,
    reconnection: true,
    reconnectionDelay: 500,
    reconnectionDelayMax: 5000,
    // The counts of the posts on screen as one frame now and then, rather than one frame a post.
    auth: { batchedCounts: true } satisfies SocketHandshake,
  });

  /** The first connect came after failed attempts (a start without network): what shows may be old. */
  let failedFirst = false;

  created.on('connect', () => {
    cancelRetry();
    retryAttempt = 0;
    const isReconnect = useConnectionStatus.getState().everConnected || failedFirst;
    useConnectionStatus.setState({ connected: true, everConnected: true });
    // Rooms do not survive a reconnect: join the shown feed and posts again.
    if (watchedWeapon) created.emit('feed:watch', { weapon: watchedWeapon });
    if (watchedClub) created.emit('club:watch', { clubId: watchedClub });
    rejoinHandlers.forEach((handler) => handler());
    // Events missed while offline are gone; stores refetch what they show.
    if (isReconnect) reconnectHandlers.forEach((handler) => handler());
  });

  // A replica lost live events (its Redis link was down): refetch what is shown, as after a reconnect, and
  // tell the server again what this tab follows.
  created.on('resync', () => {
    rejoinHandlers.forEach((handler) => handler());
    reconnectHandlers.forEach((handler) => handler());
  });

  created.on('disconnect', (reason) => {
    useConnectionStatus.setState({ connected: false });
    // socket.io reconnects by itself after transport failures (a server restart looks like one), but not
    // after the server closed this socket on purpose (a sign-out elsewhere, a shutdown): try again anyway;
    // the handshake tells whether the session still holds.
    if (reason === 'io server disconnect') scheduleRetry(created);
  });

  created.on('connect_error', (error) => {
    if (!useConnectionStatus.getState().everConnected) failedFirst = true;
    // While `active`, socket.io is still retrying with its own backoff. Otherwise the server's middleware
    // refused the handshake.
    if (created.active) return;
    if (error.message === 'Not signed in') recheckSession(created);
    else scheduleRetry(created);
  });

  // Only reached if reconnection attempts are ever limited: keep trying at our slower pace.
  created.io.on('reconnect_failed', () => scheduleRetry(created));

  created.onAny((event: string, payload: unknown) => dispatchServerEvent(event, payload));

  socket = created;
  return created;
}

/** Closes the connection (on sign-out) and forgets its history, so the next sign-in starts fresh. */
export function disconnectSocket(): void {
  if (!socket) return;
  const closing = socket;
  socket = null;
  cancelRetry();
  retryAttempt = 0;
  closing.removeAllListeners();
  closing.offAny();
  closing.disconnect();
  useConnectionStatus.setState({ connected: false, everConnected: false });
}

export function getSocket(): PisteSocket | null {
  return socket;
}

/** Follows the live feed of `weapon` (null: none), leaving the previously watched one. */
export function watchFeed(weapon: Weapon | null): void {
  if (weapon === watchedWeapon) return;
  const previous = watchedWeapon;
  watchedWeapon = weapon;
  // While offline, emit nothing: the connect handler announces the current feed.
  if (!socket?.connected) return;
  if (previous) socket.emit('feed:unwatch', { weapon: previous });
  if (weapon) socket.emit('feed:watch', { weapon });
}

/** Follows the public posts of the club whose page is shown (null: none), leaving the previous one. */
export function watchClub(clubId: string | null): void {
  if (clubId === watchedClub) return;
  const previous = watchedClub;
  watchedClub = clubId;
  if (!socket?.connected) return;
  if (previous) socket.emit('club:unwatch', { clubId: previous });
  if (clubId) socket.emit('club:watch', { clubId });
}

/** Subscribes to one server event; returns the unsubscribe function. Survives sign-out and sign-in. */
export function onServerEvent<E extends ServerEventName>(
  event: E,
  handler: (payload: ServerEventPayload<E>) => void,
): () => void {
  let handlers = serverEventHandlers.get(event);
  if (!handlers) {
    handlers = new Set();
    serverEventHandlers.set(event, handlers);
  }
  const untyped = handler as ServerEventHandler;
  handlers.add(untyped);
  return () => {
    handlers.delete(untyped);
  };
}

/**
 * Runs `handler` whenever the server should be told again which rooms this tab follows: after every connect
 * (the first one included: rooms do not survive a reconnect) and on `resync`.
 */
export function onRejoin(handler: () => void): () => void {
  rejoinHandlers.add(handler);
  return () => {
    rejoinHandlers.delete(handler);
  };
}

/** Runs `handler` after each reconnect (not the first connect) and on `resync`, so stores can refetch. */
export function onReconnect(handler: () => void): () => void {
  reconnectHandlers.add(handler);
  return () => {
    reconnectHandlers.delete(handler);
  };
}
