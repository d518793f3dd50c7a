import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { createProxyServer } from 'http-proxy-3';

/** A replica behind the proxy. */
export interface Upstream {
  host: string;
  port: number;
}

export interface ProxyOptions {
  port: number;
  host?: string;
  upstreams: Upstream[];
}

export interface RunningProxy {
  url: string;
  port: number;
  /** Stops accepting and cuts the connections still open (HTTP and websockets). */
  close(): Promise<void>;
}

/**
 * A small load balancer for a local cluster (http-proxy-3), with X-Forwarded-For/-Proto/-Host, like
 * deploy/nginx.conf does in docker-compose: Socket.IO requests (long-polling and websocket upgrades) go to one
 * upstream per client address, everything else round-robin.
 */
export async function startProxy(options: ProxyOptions): Promise<RunningProxy> {
  const { upstreams } = options;
  if (!upstreams.length) throw new Error('the proxy needs at least one upstream');
  let turn = 0;
  const upstreamFor = (req: IncomingMessage) =>
    req.url?.startsWith('/socket.io/')
      ? pinnedUpstream(upstreams, req.socket.remoteAddress ?? '')
      : upstreams[turn++ % upstreams.length];
  const proxy = createProxyServer({ xfwd: true });
  const upgraded = new Set<Socket>();

  const server = createServer((req, res) => {
    proxy.web(req, res, { target: upstreamFor(req) }, () => unreachable(res));
  });
  server.on('upgrade', (req: IncomingMessage, client: Socket, head: Buffer) => {
    upgraded.add(client);
    client.on('close', () => upgraded.delete(client));
    proxy.ws(req, client, head, { target: upstreamFor(req) }, () => {
      if (client.writable)
        client.end('HTTP/1.1 502 Bad Gateway\r\ncontent-length: 0\r\nconnection: close\r\n\r\n');
      else client.destroy();
    });
  });

  const host = options.host ?? '127.0.0.1';
  await new Promise<void>((resolveListen, reject) => {
    server.once('error', reject);
    server.listen(options.port, host, () => {
      server.off('error', reject);
      resolveListen();
    });
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : options.port;
  return {
    url: `http://${host === '0.0.0.0' || host === '::' ? 'localhost' : host}:${port}`,
    port,
    close: () =>
      new Promise<void>((resolveClose) => {
        server.close(() => resolveClose());
        server.closeAllConnections();
        for (const socket of upgraded) socket.destroy();
        proxy.close();
      }),
  };
}

/** A replica that cannot be reached: a 502 with the contract's `{message}`, or a cut reply once it had begun. */
function unreachable(res: ServerResponse): void {
  if (res.headersSent || res.destroyed) {
    res.destroy();
    return;
  }
  res.writeHead(502, { 'content-type': 'application/json' });
  res.end(JSON.stringify({ message: 'The server is not reachable' }));
}

/**
 * The upstream that holds a client's Socket.IO sessions: a long-polling session is a series of requests, and
 * only the replica that opened it knows it. A stable hash of the client address, like deploy/nginx.conf's.
 */
export function pinnedUpstream(upstreams: Upstream[], clientAddress: string): Upstream {
  const hash = createHash('sha1').update(clientAddress).digest().readUInt32BE(0);
  return upstreams[hash % upstreams.length];
}
