import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import pino from 'pino';
import { httpLogger } from './logging';

/** A server whose every request passes `httpLogger` and is answered with the status its path names. */
async function loggedServer(
  level: pino.Level,
): Promise<{ url: string; lines: Record<string, unknown>[]; server: Server }> {
  const lines: Record<string, unknown>[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      lines.push(JSON.parse(chunk.toString()) as Record<string, unknown>);
      callback();
    },
  });
  const middleware = httpLogger(pino({ level }, sink));
  const server = createServer((req, res) =>
    middleware(req, res, () => {
      const status = Number(/\/status\/(\d+)/.exec(req.url ?? '')?.[1] ?? 200);
      if (req.url?.includes('/hang')) return;
      res.writeHead(status).end('{}');
    }),
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, lines, server };
}

describe('httpLogger', () => {
  let servers: Server[] = [];
  const start = async (level: pino.Level = 'info') => {
    const started = await loggedServer(level);
    servers.push(started.server);
    return started;
  };
  const settle = () => new Promise((resolve) => setTimeout(resolve, 50));

  afterEach(async () => {
    await Promise.all(servers.map((s) => new Promise((resolve) => s.close(resolve))));
    servers = [];
  });

  it('logs one line per request with its id, method, address, status and time, and sends the id back', async () => {
    const { url, lines } = await start();
    const reply = await fetch(`${url}/api/posts/epee?limit=10`);
    await settle();
    const id = reply.headers.get('x-request-id');
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(lines).toEqual([
      expect.objectContaining({
        level: 30,
        reqId: id,
        req: { id, method: 'GET', url: '/api/posts/epee?limit=10', remoteAddress: '127.0.0.1' },
        res: { statusCode: 200 },
        responseTime: expect.any(Number) as number,
        msg: 'GET /api/posts/epee?limit=10 200',
      }),
    ]);
  });

  it("keeps a proxy's well-formed id, refuses a malformed one, and hides upload tokens", async () => {
    const { url, lines } = await start();
    await fetch(`${url}/api/me`, { headers: { 'x-request-id': 'lb-req-0042abcd' } });
    const forged = await fetch(`${url}/api/objects/upload/secret-token`, {
      method: 'PUT',
      headers: { 'x-request-id': '<script>' },
    });
    await settle();
    expect(lines.map((line) => line.reqId)).toEqual(['lb-req-0042abcd', forged.headers.get('x-request-id')]);
    expect(lines[1].msg).toBe('PUT /api/objects/upload/[token] 200');
    expect(JSON.stringify(lines)).not.toContain('secret-token');
  });

  it('logs an unreachable dependency as a warning and a failure as an error, probes not at all', async () => {
    const { url, lines } = await start();
    await fetch(`${url}/api/posts/status/503`);
    await fetch(`${url}/api/posts/status/500`);
    await fetch(`${url}/health/ready`);
    await settle();
    expect(lines.map((line) => [line.level, line.msg])).toEqual([
      [40, 'GET /api/posts/status/503 503'],
      [50, 'GET /api/posts/status/500 500'],
    ]);
  });

  it('writes nothing below its level, and logs a request the client gave up on once', async () => {
    const quiet = await start('warn');
    await fetch(`${quiet.url}/api/me`);
    await fetch(`${quiet.url}/api/posts/status/503`);
    const { url, lines } = await start();
    const abort = new AbortController();
    const hung = fetch(`${url}/api/hang`, { signal: abort.signal });
    await settle();
    abort.abort();
    await expect(hung).rejects.toThrow();
    await settle();
    expect(quiet.lines.map((line) => line.msg)).toEqual(['GET /api/posts/status/503 503']);
    expect(lines.map((line) => line.msg)).toEqual(['GET /api/hang 200']);
  });
});
