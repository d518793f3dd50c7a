/**
 * A stand-in for `realtime/socket` in store tests: it records what the app subscribes to, so a test can play
 * server events, reconnects and rejoins as if the server had sent them.
 *
 * In a test file (jest hoists `jest.mock` above the imports; the factory may only reach modules through `jest`):
 *
 *   jest.mock('../realtime/socket', () => jest.requireActual('../test-support/live-socket-mock').socketModule());
 *   const live = liveSocket();
 *   live.play('report:new', { report });
 */

type ServerEventHandler = (payload: unknown) => void;

/** The controls a test holds on the fake socket module. */
export interface LiveSocketControls {
  /** Plays one server event to every subscriber, as the socket would. */
  play(event: string, payload: unknown): void;
  /** True while something listens to `event`. */
  listens(event: string): boolean;
  /** The socket came back after a drop: every reconnect handler runs. */
  reconnect(): void;
  /** The socket (re)joined its rooms: every rejoin handler runs. */
  rejoin(): void;
  /** What the app emitted on the socket, e.g. typing. */
  emitted: jest.Mock;
}

/** The mocked module: the socket API the app imports, plus `live` for the test. */
export function socketModule() {
  const handlers = new Map<string, Set<ServerEventHandler>>();
  const reconnectHandlers = new Set<() => void>();
  const rejoinHandlers = new Set<() => void>();
  const emit = jest.fn();
  // Never connected, so nothing waits on it; typing still reaches `emit`.
  const socket = { connected: false, emit };

  const subscribe = (set: Set<() => void>, handler: () => void) => {
    set.add(handler);
    return () => void set.delete(handler);
  };

  const live: LiveSocketControls = {
    play: (event, payload) => [...(handlers.get(event) ?? [])].forEach((handler) => handler(payload)),
    listens: (event) => (handlers.get(event)?.size ?? 0) > 0,
    reconnect: () => [...reconnectHandlers].forEach((handler) => handler()),
    rejoin: () => [...rejoinHandlers].forEach((handler) => handler()),
    emitted: emit,
  };

  return {
    live,
    getSocket: () => socket,
    onServerEvent: (event: string, handler: ServerEventHandler) => {
      if (!handlers.has(event)) handlers.set(event, new Set());
      handlers.get(event)!.add(handler);
      return () => void handlers.get(event)?.delete(handler);
    },
    onReconnect: (handler: () => void) => subscribe(reconnectHandlers, handler),
    onRejoin: (handler: () => void) => subscribe(rejoinHandlers, handler),
    watchFeed: jest.fn(),
  };
}

/** The controls of the socket module this test file mocked with `socketModule()`. */
export function liveSocket(): LiveSocketControls {
  return jest.requireMock<ReturnType<typeof socketModule>>('../realtime/socket').live;
}

/** A stand-in for `lib/toast`: every toast is a mock a test can read. */
export function toastModule() {
  return { notify: { success: jest.fn(), error: jest.fn(), info: jest.fn() } };
}
