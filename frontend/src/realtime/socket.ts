import type {
  ClientToServerEvents,
  ServerEventName,
  ServerEventPayload,
  ServerToClientEvents,
  Weapon,
} from '@piste/contracts';
import { io, type Socket } from 'socket.io-client';
import { create } from 'zustand';

export type PisteSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

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
/** The feed the UI shows; re-announced to the server after every (re)connect. */
let watchedWeapon: Weapon | null = null;
const serverEventHandlers = new Map<string, Set<ServerEventHandler>>();
const reconnectHandlers = new Set<() => void>();

function dispatchServerEvent(event: string, payload: unknown): void {
  serverEventHandlers.get(event)?.forEach((handler) => handler(payload));
}

/** Opens this tab's one connection (idempotent). The session cookie authenticates it. */
export function connectSocket(): PisteSocket {
  if (socket) {
    if (!socket.connected && !socket.active) socket.connect();
    return socket;
  }

  const created: PisteSocket = io({
    path: '/socket.io',
    withCredentials: true,
    forceNew: true,
    reconnection: true,
    reconnectionDelay: 500,
    reconnectionDelayMax: 5000,
  });

  created.on('connect', () => {
    const isReconnect = useConnectionStatus.getState().everConnected;
    useConnectionStatus.setState({ connected: true, everConnected: true });
    // Rooms do not survive a reconnect: join the shown feed again.
    if (watchedWeapon) created.emit('feed:watch', { weapon: watchedWeapon });
    // Events missed while offline are gone; stores refetch what they show.
    if (isReconnect) reconnectHandlers.forEach((handler) => handler());
  });

  created.on('disconnect', () => {
    useConnectionStatus.setState({ connected: false });
  });

  created.onAny((event: string, payload: unknown) => dispatchServerEvent(event, payload));

  socket = created;
  return created;
}

/** Closes the connection (on sign-out) and forgets its history, so the next sign-in starts fresh. */
export function disconnectSocket(): void {
  if (!socket) return;
  const closing = socket;
  socket = null;
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

/** Runs `handler` after each reconnect (not the first connect), so stores can refetch. */
export function onReconnect(handler: () => void): () => void {
  reconnectHandlers.add(handler);
  return () => {
    reconnectHandlers.delete(handler);
  };
}
