import fs from 'node:fs';
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gzipSync, gunzipSync } from 'node:zlib';
import { makePost, makeUser, startTestApp, type TestApp } from './helpers';
import { rawRequest as rawGet } from './raw-request';

const IMMUTABLE = 'public, max-age=31536000, immutable';
const SCRIPT = `export const feed = ${JSON.stringify('fencing '.repeat(400))};\n`;
const INDEX_HTML =
  '<!doctype html><html><body><div id="root"></div><script src="/assets/x-abc123.js"></script></body></html>';

describe('serving the built frontend', () => {
  let dir: string;
  let t: TestApp;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'piste-dist-'));
    await mkdir(join(dir, 'assets'));
    await mkdir(join(dir, 'api'));
    await writeFile(join(dir, 'index.html'), INDEX_HTML);
    await writeFile(join(dir, 'assets/x-abc123.js'), SCRIPT);
    await writeFile(join(dir, 'assets/x-abc123.js.br'), brotliCompressSync(SCRIPT));
    await writeFile(join(dir, 'assets/x-abc123.js.gz'), gzipSync(SCRIPT));
    // A file named like an API path must never answer for the API.
    await writeFile(join(dir, 'api/user'), 'a file from the build');
    await writeFile(join(dir, 'sw.js'), 'self.addEventListener("fetch", () => {});');
    await writeFile(join(dir, 'manifest.webmanifest'), '{"name":"Piste"}');
    await writeFile(join(dir, 'robots.txt'), 'User-agent: *\nDisallow: /api/\n');
    t = await startTestApp({ FRONTEND_DIST: dir });
  });
  afterAll(async () => {
    await t?.close();
    await rm(dir, { recursive: true, force: true });
  });
  afterEach(() => jest.restoreAllMocks());

  it('sends the brotli file to clients that accept brotli', async () => {
    const res = await rawGet(`${t.url}/assets/x-abc123.js`, { 'accept-encoding': 'gzip, deflate, br' });
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.headers['cache-control']).toBe(IMMUTABLE);
    expect(res.headers['content-type']).toMatch(/^text\/javascript/);
    expect(res.body).toEqual(brotliCompressSync(SCRIPT));
    expect(brotliDecompressSync(res.body).toString()).toBe(SCRIPT);
  });

  it('sends the gzip file to clients that accept only gzip', async () => {
    const res = await rawGet(`${t.url}/assets/x-abc123.js`, { 'accept-encoding': 'gzip' });
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.headers['cache-control']).toBe(IMMUTABLE);
    expect(res.headers['content-type']).toMatch(/^text\/javascript/);
    expect(gunzipSync(res.body).toString()).toBe(SCRIPT);
  });

  it('sends the plain file without Accept-Encoding, or when brotli and gzip are refused', async () => {
    const refusals: Record<string, string>[] = [
      {},
      { 'accept-encoding': 'br;q=0, gzip;q=0' },
      { 'accept-encoding': 'identity' },
    ];
    for (const headers of refusals) {
      const res = await rawGet(`${t.url}/assets/x-abc123.js`, headers);
      expect(res.status).toBe(200);
      expect(res.headers['content-encoding']).toBeUndefined();
      expect(res.headers.vary).toMatch(/accept-encoding/i);
      expect(res.headers['cache-control']).toBe(IMMUTABLE);
      expect(res.body.toString()).toBe(SCRIPT);
    }
  });

  it('answers a revalidation of the same representation with 304', async () => {
    const first = await rawGet(`${t.url}/assets/x-abc123.js`, { 'accept-encoding': 'br' });
    const again = await rawGet(`${t.url}/assets/x-abc123.js`, {
      'accept-encoding': 'br',
      'if-none-match': String(first.headers.etag),
    });
    expect(again.status).toBe(304);
    const otherEncoding = await rawGet(`${t.url}/assets/x-abc123.js`, {
      'accept-encoding': 'gzip',
      'if-none-match': String(first.headers.etag),
    });
    expect(otherEncoding.status).toBe(200);
  });

  it('answers client-side routes with index.html that browsers revalidate', async () => {
    for (const path of ['/', '/messages', '/epee', '/index.html']) {
      const res = await rawGet(`${t.url}${path}`, { accept: 'text/html' });
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.body.toString()).toBe(INDEX_HTML);
    }
  });

  it('has the page preload who is signed in and, for a feed visited with a session, its first page', async () => {
    const preload = (url: string) => `<${url}>; rel=preload; as=fetch; crossorigin=use-credentials`;
    const page = async (path: string, cookie?: string) =>
      (await rawGet(`${t.url}${path}`, { accept: 'text/html', ...(cookie ? { cookie } : {}) })).headers.link;
    const session = 'theme=dark; piste.sid=s%3Aabc.def';

    expect(await page('/')).toBe(preload('/api/user'));
    expect(await page('/', session)).toBe(`${preload('/api/user')}, ${preload('/api/posts/epee?limit=10')}`);
    expect(await page('/foil', session)).toBe(
      `${preload('/api/user')}, ${preload('/api/posts/foil?limit=10')}`,
    );
    expect(await page('/messages', session)).toBe(preload('/api/user'));
    expect(await page('/kendo', session)).toBe(preload('/api/user'));
    expect(await page('/foil', 'piste.sidecar=1')).toBe(preload('/api/user'));
    // Files of the build preload nothing.
    const asset = await rawGet(`${t.url}/assets/x-abc123.js`);
    expect(asset.headers.link).toBeUndefined();
  });

  it('has browsers revalidate the service worker and the manifest, so a deploy reaches installed apps at once', async () => {
    const worker = await rawGet(`${t.url}/sw.js`, { accept: '*/*' });
    expect([worker.status, worker.headers['cache-control']]).toEqual([200, 'no-cache']);
    expect(worker.headers['content-type']).toMatch(/javascript/);
    const manifest = await rawGet(`${t.url}/manifest.webmanifest`, { accept: '*/*' });
    expect([manifest.status, manifest.headers['cache-control']]).toEqual([200, 'no-cache']);
    expect(manifest.headers['content-type']).toMatch(/^application\/manifest\+json/);
  });

  it('answers /robots.txt with the file, not the app’s page', async () => {
    const res = await rawGet(`${t.url}/robots.txt`, { accept: 'text/html,*/*' });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    expect(res.body.toString()).toContain('Disallow: /api/');
  });

  it('answers a missing asset with 404, not index.html', async () => {
    const res = await rawGet(`${t.url}/assets/x-old999.js`, { accept: '*/*' });
    expect(res.status).toBe(404);
    expect(res.body.toString()).not.toBe(INDEX_HTML);
  });

  it('never answers an app path from the build, nor looks at the filesystem for it', async () => {
    const stats = [
      jest.spyOn(fs, 'stat'),
      jest.spyOn(fs, 'statSync'),
      jest.spyOn(fs, 'lstat'),
      jest.spyOn(fs, 'open'),
      jest.spyOn(fs, 'createReadStream'),
      jest.spyOn(fs.promises, 'stat'),
      jest.spyOn(fs.promises, 'open'),
    ];
    // Signed out, the API itself answers (401 JSON), not the build's file nor index.html.
    const res = await rawGet(`${t.url}/api/user`, { accept: 'text/html,application/json' });
    expect(res.status).toBe(401);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.body.toString()).not.toContain('a file from the build');
    for (const path of ['/api/nowhere', '/objects/nowhere', '/health/nowhere', '/socket.io/nowhere']) {
      const missing = await rawGet(`${t.url}${path}`, { accept: 'text/html' });
      expect(missing.body.toString()).not.toBe(INDEX_HTML);
    }
    for (const stat of stats) expect(stat).not.toHaveBeenCalled();
  });

  it('compresses API JSON above the threshold when the client accepts it', async () => {
    const author = await makeUser(t);
    for (let i = 0; i < 6; i += 1)
      await makePost(author, { content: `A long bout report ${'touché '.repeat(40)}` });
    const cookie = { cookie: author.client.cookie };

    const br = await rawGet(`${t.url}/api/posts/epee`, { ...cookie, 'accept-encoding': 'gzip, br' });
    expect(br.status).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    const posts = JSON.parse(brotliDecompressSync(br.body).toString()) as unknown;
    expect(br.body.length).toBeLessThan(JSON.stringify(posts).length);

    const gzip = await rawGet(`${t.url}/api/posts/epee`, { ...cookie, 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzip.body).toString())).toEqual(posts);

    const plain = await rawGet(`${t.url}/api/posts/epee`, cookie);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(plain.body.toString())).toEqual(posts);
  });

  it('leaves small API JSON uncompressed', async () => {
    const res = await rawGet(`${t.url}/api/user`, { 'accept-encoding': 'br, gzip' });
    expect(res.status).toBe(401);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.body.length).toBeLessThan(1024);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(res.body.toString())).toBeDefined();
  });
});
