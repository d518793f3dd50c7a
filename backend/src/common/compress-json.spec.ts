import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import express, { type Response } from 'express';
import { rawRequest } from '../../test/raw-request';
import { compressJson } from './compress-json';

/** An Express app with `compressJson` in front of routes that each reply one way. */
function startApp(routes: Record<string, (res: Response) => void>): Promise<Server> {
  const app = express();
  app.use(compressJson(1024));
  for (const [path, handle] of Object.entries(routes)) app.all(path, (_req, res) => handle(res));
  return new Promise((resolve) => {
    const server = app.listen(0, '127.0.0.1', () => resolve(server));
  });
}

function call(server: Server, path: string, headers: Record<string, string> = {}, method = 'GET') {
  const { port } = server.address() as AddressInfo;
  return rawRequest(`http://127.0.0.1:${port}${path}`, headers, method);
}

const small = { message: 'Touché — à la lame' };
const large = {
  posts: Array.from({ length: 40 }, (_, i) => ({ id: i, content: 'Parry, riposte, touché. ' })),
};

describe('compressJson', () => {
  let server: Server;
  beforeAll(async () => {
    server = await startApp({
      '/small': (res) => res.status(201).json(small),
      '/large': (res) => res.json(large),
      '/problem': (res) => res.type('application/problem+json').json(small),
      '/nothing': (res) => res.json(undefined),
      '/no-content': (res) => res.status(204).json(small),
      '/sent-text': (res) => res.type('json').send(JSON.stringify(large)),
      '/html': (res) => res.send(`<p>${'touché '.repeat(400)}</p>`),
    });
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));

  it('writes a small reply as it is, its length counted in bytes', async () => {
    const res = await call(server, '/small', { 'accept-encoding': 'br, gzip' });
    expect(res.status).toBe(201);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(Number(res.headers['content-length'])).toBe(res.body.length);
    expect(JSON.parse(res.body.toString())).toEqual(small);
  });

  it('compresses a large reply with what the client accepts, and not for one that accepts neither', async () => {
    const br = await call(server, '/large', { 'accept-encoding': 'gzip, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(Number(br.headers['content-length'])).toBe(br.body.length);
    expect(JSON.parse(brotliDecompressSync(br.body).toString())).toEqual(large);

    const gzip = await call(server, '/large', { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzip.body).toString())).toEqual(large);

    const plain = await call(server, '/large', { 'accept-encoding': 'identity' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
    expect(JSON.parse(plain.body.toString())).toEqual(large);
  });

  it('keeps a JSON type the route chose', async () => {
    const res = await call(server, '/problem');
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(JSON.parse(res.body.toString())).toEqual(small);
  });

  it('sends no body for HEAD, for 204 and for nothing to serialize', async () => {
    const head = await call(server, '/large', { 'accept-encoding': 'br' }, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.body.length).toBe(0);
    expect(Number(head.headers['content-length'])).toBeGreaterThan(0);

    const noContent = await call(server, '/no-content');
    expect(noContent.status).toBe(204);
    expect(noContent.body.length).toBe(0);
    expect(noContent.headers['content-type']).toBeUndefined();

    const nothing = await call(server, '/nothing');
    expect(nothing.status).toBe(200);
    expect(nothing.body.length).toBe(0);
  });

  it('compresses JSON handed to res.send, and leaves other types to Express', async () => {
    const sent = await call(server, '/sent-text', { 'accept-encoding': 'br' });
    expect(sent.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(sent.body).toString())).toEqual(large);

    const html = await call(server, '/html', { 'accept-encoding': 'br' });
    expect(html.headers['content-encoding']).toBeUndefined();
    expect(html.headers['content-type']).toMatch(/^text\/html/);
  });
});
