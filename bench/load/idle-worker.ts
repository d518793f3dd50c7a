/**
 * A process of idle sockets for the `idle` scenario: it connects the sockets it is given (raw Socket.IO over
 * `ws`, see raw-socket.ts), keeps them open answering pings, and closes them when told.
 */
import { RawSocket } from './raw-socket';
import { serveRequests } from './worker-process';

export interface IdleSocketSpec {
  cookie?: string;
  query?: Record<string, string>;
}

const BATCH = 100;
let sockets: RawSocket[] = [];
let lost = 0;

async function connect(
  url: string,
  specs: IdleSocketSpec[],
  localAddress: string,
): Promise<{ connected: number; failed: string[]; seconds: number }> {
  const started = performance.now();
  const failed: string[] = [];
  for (let start = 0; start < specs.length; start += BATCH) {
    await Promise.all(
      specs.slice(start, start + BATCH).map(async (spec) => {
        const socket = new RawSocket({ url, ...spec, localAddress, onLost: () => lost++ });
        try {
          await socket.connected;
          sockets.push(socket);
        } catch (err) {
          failed.push(err instanceof Error ? err.message : String(err));
        }
      }),
    );
  }
  return { connected: sockets.length, failed, seconds: (performance.now() - started) / 1000 };
}

serveRequests(async (kind, body) => {
  switch (kind) {
    case 'connect':
      return connect(body.url as string, body.specs as IdleSocketSpec[], body.localAddress as string);
    case 'status':
      return { open: sockets.filter((s) => s.open).length, lost };
    case 'close':
      sockets.forEach((s) => s.close());
      sockets = [];
      lost = 0;
      return null;
    default:
      throw new Error(`unknown request ${kind}`);
  }
});
