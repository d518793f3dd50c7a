import { createHash } from 'node:crypto';
import { createServer, request, type IncomingHttpHeaders, type IncomingMessage } from 'node:http';
import { connect, type Socket } from 'node:net';

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

/** Connection-scoped headers a proxy must not pass on (RFC 9110 §7.6.1); websockets re-add their own. */
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'transfer-encoding',
  'te',
  'trailer',
  'upgrade',
]);

/**
 * A small load balancer for a local cluster, with X-Forwarded-For/-Proto/-Host, like deploy/nginx.conf does in
 * docker-compose: Socket.IO requests (long-polling and websocket upgrades) go to one upstream per client
 * address, everything else round-robin.
 */
export async function startProxy(options: ProxyOptions): Promise<RunningProxy> {
  const { upstreams } = options;
  if (!upstreams.length) throw new Error('the proxy needs at least one upstream');
  let turn = 0;
  const upstreamFor = (req: IncomingMessage) =>
    req.url?.startsWith('/socket.io/')
      ? pinnedUpstream(upstreams, req.socket.remoteAddress ?? '')
      : upstreams[turn++ % upstreams.length];
  const upgraded = new Set<Socket>();

  const server = createServer((req, res) => {
    const upstream = upstreamFor(req);
    const outgoing = request(
      {
        host: upstream.host,
        port: upstream.port,
        method: req.method,
        path: req.url,
        headers: forwardedHeaders(req),
        agent: false,
      },
      (reply) => {
        res.writeHead(reply.statusCode ?? 502, reply.statusMessage, endToEnd(reply.rawHeaders));
        reply.pipe(res);
      },
    );
    outgoing.on('error', () => {
      if (res.headersSent || res.destroyed) {
        res.destroy();
        return;
      }
      res.writeHead(502, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ message: 'The server is not reachable' }));
    });
    // A client that goes away mid-request takes its upstream request with it.
    res.on('close', () => {
      if (!res.writableFinished) outgoing.destroy();
    });
    req.pipe(outgoing);
  });

  server.on('upgrade', (req: IncomingMessage, client: Socket, head: Buffer) => {
    const upstream = upstreamFor(req);
    let connected = false;
    const backend = connect(upstream.port, upstream.host, () => {
      connected = true;
      const headers = forwardedHeaders(req);
      const lines = [`${req.method} ${req.url} HTTP/${req.httpVersion}`];
      for (const [name, value] of Object.entries(headers)) {
        for (const v of Array.isArray(value) ? value : [value])
          if (v !== undefined) lines.push(`${name}: ${v}`);
      }
      lines.push('connection: upgrade', `upgrade: ${req.headers.upgrade ?? 'websocket'}`);
      backend.write(`${lines.join('\r\n')}\r\n\r\n`);
      if (head.length) backend.write(head);
      backend.pipe(client);
      client.pipe(backend);
    });
    upgraded.add(client);
    const cut = () => {
      upgraded.delete(client);
      client.destroy();
      backend.destroy();
    };
    backend.on('error', () => {
      if (connected) return cut();
      upgraded.delete(client);
      client.end('HTTP/1.1 502 Bad Gateway\r\ncontent-length: 0\r\nconnection: close\r\n\r\n');
    });
    backend.on('close', () => {
      if (connected) cut();
    });
    client.on('error', cut);
    client.on('close', cut);
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
      }),
  };
}

/**
 * The upstream that holds a client's Socket.IO sessions: a long-polling session is a series of requests, and
 * only the replica that opened it knows it. A stable hash of the client address, like deploy/nginx.conf's.
 */
export function pinnedUpstream(upstreams: Upstream[], clientAddress: string): Upstream {
  const hash = createHash('sha1').update(clientAddress).digest().readUInt32BE(0);
  return upstreams[hash % upstreams.length];
}

/** The client's headers minus hop-by-hop ones, plus where the request came from. */
function forwardedHeaders(req: IncomingMessage): IncomingHttpHeaders {
  const headers: IncomingHttpHeaders = {};
  for (const [name, value] of Object.entries(req.headers)) {
    if (!HOP_BY_HOP.has(name)) headers[name] = value;
  }
  const clientIp = req.socket.remoteAddress ?? '';
  const prior = req.headers['x-forwarded-for'];
  headers['x-forwarded-for'] = prior ? `${String(prior)}, ${clientIp}` : clientIp;
  headers['x-forwarded-proto'] = req.headers['x-forwarded-proto'] ?? 'http';
  headers['x-forwarded-host'] = req.headers['x-forwarded-host'] ?? req.headers.host;
  return headers;
}

/** Raw reply headers (name, value, name, value …) without the hop-by-hop ones; keeps repeated Set-Cookie. */
function endToEnd(rawHeaders: string[]): string[] {
  const kept: string[] = [];
  for (let i = 0; i < rawHeaders.length; i += 2) {
    if (!HOP_BY_HOP.has(rawHeaders[i].toLowerCase())) kept.push(rawHeaders[i], rawHeaders[i + 1]);
  }
  return kept;
}
