import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { createServer, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { GetObjectCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { DataSource } from 'typeorm';
import { AVATAR_MAX_BYTES, type UploadReply } from '@piste/contracts';
import type { S3Config } from '../src/config/config';
import { ObjectsService } from '../src/objects/objects.service';
import { S3StorageDriver } from '../src/objects/s3.driver';
import { ApiClient, makeUser, startTestApp, type TestApp, type TestUser } from './helpers';
import { FORGED, makeJpeg, makeMp4, makePng, putStreamed, uploadFile } from './media-fixtures';

/** The part of s3rver's API this suite uses (the package ships no type declarations). */
interface S3rverServer {
  run(): Promise<{ port: number }>;
  close(): Promise<void>;
}
interface S3rverOptions {
  address: string;
  port: number;
  directory: string;
  silent: boolean;
  configureBuckets: { name: string }[];
}
// eslint-disable-next-line @typescript-eslint/no-require-imports
const S3rver = require('s3rver') as new (options: S3rverOptions) => S3rverServer;

const BUCKET = 'piste-objects';
const CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };
const LARGER_THAN_DECLARED = 'The file is larger than the upload request declared';

/** A port nothing listens on. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe('objects on S3-compatible storage (s3rver)', () => {
  let s3Dir: string;
  let s3rver: S3rverServer;
  let endpoint: string;
  let bucket: S3Client;
  let s3Config: S3Config;
  let dataDirs: string[];
  let t: TestApp;
  /** A second replica: its own data directory, the same database and bucket. */
  let replica: TestApp;
  let owner: TestUser;

  beforeAll(async () => {
    s3Dir = await mkdtemp(join(tmpdir(), 'piste-s3rver-'));
    s3rver = new S3rver({
      address: '127.0.0.1',
      port: 0,
      directory: s3Dir,
      silent: true,
      configureBuckets: [{ name: BUCKET }],
    });
    const { port } = await s3rver.run();
    endpoint = `http://127.0.0.1:${port}`;
    s3Config = {
      bucket: BUCKET,
      endpoint,
      region: 'us-east-1',
      credentials: CREDENTIALS,
      forcePathStyle: true,
    };
    bucket = new S3Client({
      endpoint,
      region: 'us-east-1',
      credentials: CREDENTIALS,
      forcePathStyle: true,
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
    dataDirs = await Promise.all([0, 1].map(() => mkdtemp(join(tmpdir(), 'piste-objects-s3-'))));
    const env = (dataDir: string) => ({
      DATA_DIR: dataDir,
      S3_BUCKET: BUCKET,
      S3_ENDPOINT: endpoint,
      S3_ACCESS_KEY_ID: CREDENTIALS.accessKeyId,
      S3_SECRET_ACCESS_KEY: CREDENTIALS.secretAccessKey,
      S3_FORCE_PATH_STYLE: 'true',
    });
    t = await startTestApp(env(dataDirs[0]));
    replica = await startTestApp(env(dataDirs[1]));
    owner = await makeUser(t);
  });

  afterAll(async () => {
    await Promise.all([t?.close(), replica?.close()]);
    bucket?.destroy();
    await s3rver?.close();
    await Promise.all([s3Dir, ...(dataDirs ?? [])].map((dir) => rm(dir, { recursive: true, force: true })));
  });

  const keyOf = (objectPath: string) => objectPath.slice('/objects/'.length);
  const ticket = (body?: unknown) => owner.client.post<UploadReply>('/api/objects/upload', body);
  const put = (url: string, bytes: Buffer, contentType: string) =>
    new ApiClient(t.url).request('PUT', url, new Uint8Array(bytes), { 'content-type': contentType });

  async function fetchObject(
    path: string,
    init: { headers?: Record<string, string>; method?: string } = {},
    app = t,
  ) {
    const res = await fetch(app.url + path, {
      method: init.method ?? 'GET',
      headers: { cookie: owner.client.cookie, ...init.headers },
    });
    return { status: res.status, headers: res.headers, bytes: Buffer.from(await res.arrayBuffer()) };
  }

  /** Every key in the bucket. */
  async function bucketKeys(): Promise<string[]> {
    const keys: string[] = [];
    let token: string | undefined;
    do {
      const page = await bucket.send(new ListObjectsV2Command({ Bucket: BUCKET, ContinuationToken: token }));
      keys.push(...(page.Contents ?? []).map((o) => o.Key!));
      token = page.NextContinuationToken;
    } while (token);
    return keys;
  }

  /** The object's bytes and type as the bucket holds them, read past the app. */
  async function bucketObject(key: string) {
    const reply = await bucket.send(new GetObjectCommand({ Bucket: BUCKET, Key: key }));
    return { contentType: reply.ContentType, bytes: Buffer.from(await reply.Body!.transformToByteArray()) };
  }

  describe('uploading and serving', () => {
    it('stores a real image in the bucket, not on local disk, and serves it back byte for byte', async () => {
      const png = makePng();
      const { objectPath } = await uploadFile(owner.client, png, 'image/png');

      await expect(bucketObject(keyOf(objectPath))).resolves.toEqual({
        contentType: 'image/png',
        bytes: png,
      });
      for (const dir of dataDirs) await expect(readdir(dir)).resolves.not.toContain('objects');

      const res = await fetchObject(objectPath);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('image/png');
      expect(res.headers.get('content-length')).toBe(String(png.length));
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('content-security-policy')).toBe("default-src 'none'; sandbox");
      expect(res.headers.get('cache-control')).toMatch(/max-age=31536000/);
      expect(res.headers.get('accept-ranges')).toBe('bytes');
      expect(res.bytes.equals(png)).toBe(true);
    });

    it('stores a video larger than one upload part and serves it whole and in ranges across parts', async () => {
      const video = Buffer.concat([makeMp4(), randomBytes(12 * 1024 * 1024)]);
      const { objectPath } = await uploadFile(owner.client, video, 'video/mp4');
      expect((await bucketObject(keyOf(objectPath))).bytes.equals(video)).toBe(true);

      const whole = await fetchObject(objectPath);
      expect(whole.status).toBe(200);
      expect(whole.bytes.equals(video)).toBe(true);

      const partBoundary = 5 * 1024 * 1024;
      const across = await fetchObject(objectPath, {
        headers: { range: `bytes=${partBoundary - 10}-${partBoundary + 9}` },
      });
      expect(across.status).toBe(206);
      expect(across.headers.get('content-range')).toBe(
        `bytes ${partBoundary - 10}-${partBoundary + 9}/${video.length}`,
      );
      expect(across.bytes.equals(video.subarray(partBoundary - 10, partBoundary + 10))).toBe(true);
    });

    it('serves byte ranges exactly (206) and answers 416 beyond the end', async () => {
      const video = makeMp4('isom', 1000);
      const size = video.length;
      const { objectPath } = await uploadFile(owner.client, video, 'video/mp4');

      const middle = await fetchObject(objectPath, { headers: { range: 'bytes=10-19' } });
      expect(middle.status).toBe(206);
      expect(middle.headers.get('content-range')).toBe(`bytes 10-19/${size}`);
      expect(middle.headers.get('content-length')).toBe('10');
      expect(middle.bytes.equals(video.subarray(10, 20))).toBe(true);

      const suffix = await fetchObject(objectPath, { headers: { range: 'bytes=-4' } });
      expect(suffix.headers.get('content-range')).toBe(`bytes ${size - 4}-${size - 1}/${size}`);
      expect(suffix.bytes.equals(video.subarray(size - 4))).toBe(true);

      const clamped = await fetchObject(objectPath, { headers: { range: `bytes=0-${size + 100}` } });
      expect(clamped.status).toBe(206);
      expect(clamped.bytes.equals(video)).toBe(true);

      const beyond = await fetchObject(objectPath, { headers: { range: `bytes=${size}-` } });
      expect(beyond.status).toBe(416);
      expect(beyond.headers.get('content-range')).toBe(`bytes */${size}`);
    });

    it('answers HEAD with the object’s headers and no body', async () => {
      const jpeg = makeJpeg();
      const { objectPath } = await uploadFile(owner.client, jpeg, 'image/jpeg', 'avatar');
      const res = await fetchObject(objectPath, { method: 'HEAD' });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('image/jpeg');
      expect(res.headers.get('content-length')).toBe(String(jpeg.length));
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.bytes.length).toBe(0);
    });

    it('answers a revalidation with 304', async () => {
      const { objectPath } = await uploadFile(owner.client, makePng(), 'image/png');
      const first = await fetchObject(objectPath);
      const etag = first.headers.get('etag')!;
      expect(etag).toBeTruthy();
      await expect(fetchObject(objectPath, { headers: { 'if-none-match': etag } })).resolves.toMatchObject({
        status: 304,
      });
    });

    it('answers 404 for an object the bucket does not hold', async () => {
      await expect(fetchObject('/objects/post/0123456789abcdef0123456789abcdef')).resolves.toMatchObject({
        status: 404,
      });
    });
  });

  describe('refused uploads leave nothing in the bucket', () => {
    it('uses each upload URL once', async () => {
      const { uploadUrl } = await uploadFile(owner.client, makePng(), 'image/png');
      await expect(put(uploadUrl, makePng(), 'image/png')).resolves.toMatchObject({
        status: 409,
        body: { message: 'This upload URL has already been used' },
      });
    });

    it('refuses an expired upload URL', async () => {
      const { body } = await ticket({ contentType: 'image/png', purpose: 'post' });
      await t.app
        .get(DataSource)
        .query(`UPDATE upload_tickets SET "expiresAt" = now() - interval '1 second' WHERE token = $1`, [
          body.uploadUrl.split('/').pop(),
        ]);
      await expect(put(body.uploadUrl, makePng(), 'image/png')).resolves.toMatchObject({
        status: 410,
        body: { message: 'This upload URL has expired' },
      });
      expect(await bucketKeys()).not.toContain(keyOf(body.objectPath));
    });

    it('refuses a file whose bytes are not its type with 415', async () => {
      const { body } = await ticket({ contentType: 'image/png', purpose: 'post' });
      await expect(put(body.uploadUrl, FORGED.html, 'image/png')).resolves.toMatchObject({
        status: 415,
        body: { message: "The file's content does not match its type" },
      });
      expect(await bucketKeys()).not.toContain(keyOf(body.objectPath));
      await expect(fetchObject(body.objectPath)).resolves.toMatchObject({ status: 404 });
    });

    it('stops a streamed upload past the limit with 413 midway through its multipart upload, storing nothing', async () => {
      const { body } = await ticket(undefined);
      const mebibyte = Buffer.alloc(1024 * 1024, 0x41);
      const chunks = function* () {
        yield makePng();
        for (let sent = 0; sent <= AVATAR_MAX_BYTES + 2 * mebibyte.length; sent += mebibyte.length)
          yield mebibyte;
      };
      await expect(putStreamed(t.url, body.uploadUrl, chunks(), 'image/png')).resolves.toEqual({
        status: 413,
        body: { message: 'Please select an image smaller than 10MB', code: 'request.too_large' },
      });
      expect(await bucketKeys()).not.toContain(keyOf(body.objectPath));
      await expect(fetchObject(body.objectPath)).resolves.toMatchObject({ status: 404 });
    });

    it('refuses a body larger than the declared size, by Content-Length or streamed', async () => {
      const png = makePng();
      const byLength = await ticket({ contentType: 'image/png', size: png.length - 1, purpose: 'post' });
      await expect(put(byLength.body.uploadUrl, png, 'image/png')).resolves.toMatchObject({
        status: 413,
        body: { message: LARGER_THAN_DECLARED },
      });

      const streamed = await ticket({ contentType: 'image/png', size: png.length + 10, purpose: 'post' });
      await expect(
        putStreamed(t.url, streamed.body.uploadUrl, [png, Buffer.alloc(64 * 1024, 0x41)], 'image/png'),
      ).resolves.toEqual({ status: 413, body: { message: LARGER_THAN_DECLARED, code: 'request.too_large' } });

      const keys = await bucketKeys();
      expect(keys).not.toContain(keyOf(byLength.body.objectPath));
      expect(keys).not.toContain(keyOf(streamed.body.objectPath));
      await expect(fetchObject(streamed.body.objectPath)).resolves.toMatchObject({ status: 404 });
    });

    it('accepts a streamed body of exactly the declared size', async () => {
      const png = makePng();
      const { body } = await ticket({ contentType: 'image/png', size: png.length, purpose: 'post' });
      await expect(
        putStreamed(t.url, body.uploadUrl, [png.subarray(0, 100), png.subarray(100)], 'image/png'),
      ).resolves.toEqual({ status: 200, body: { objectPath: body.objectPath } });
      await expect(fetchObject(body.objectPath)).resolves.toMatchObject({ status: 200, bytes: png });
    });
  });

  describe('replicas share the bucket', () => {
    it('serves an object from another instance with its own data directory, byte for byte', async () => {
      const video = makeMp4('isom', 4096);
      const uploadedHere = await uploadFile(owner.client, video, 'video/mp4');
      const there = await fetchObject(uploadedHere.objectPath, {}, replica);
      expect(there.status).toBe(200);
      expect(there.headers.get('content-type')).toBe('video/mp4');
      expect(there.bytes.equals(video)).toBe(true);
      const range = await fetchObject(
        uploadedHere.objectPath,
        { headers: { range: 'bytes=100-199' } },
        replica,
      );
      expect(range.bytes.equals(video.subarray(100, 200))).toBe(true);

      const png = makePng(32, 32);
      const uploadedThere = await uploadFile(owner.client.on(replica.url), png, 'image/png');
      await expect(fetchObject(uploadedThere.objectPath)).resolves.toMatchObject({ status: 200, bytes: png });
    });

    it('reports the storage up to the readiness probe', async () => {
      await expect(t.app.get(ObjectsService).checkStorage()).resolves.toBeUndefined();
      await expect(replica.app.get(ObjectsService).checkStorage()).resolves.toBeUndefined();
    });
  });

  describe('S3StorageDriver', () => {
    const drivers: S3StorageDriver[] = [];
    const driver = (config: Partial<S3Config> = {}) => {
      const created = new S3StorageDriver({ ...s3Config, ...config });
      drivers.push(created);
      return created;
    };
    afterAll(() => drivers.forEach((d) => d.onApplicationShutdown()));

    it('rejects with the body’s own error when the body fails after a part was uploaded, storing nothing', async () => {
      // s3rver cannot abort multipart uploads (it answers 405), so this also shows the body's error wins over
      // a failed abort: the objects service must still see why the upload was refused.
      const refusal = new Error('refused part-way');
      const body = Readable.from(
        (function* () {
          for (let i = 0; i < 7; i++) yield Buffer.alloc(1024 * 1024, i);
          throw refusal;
        })(),
      );
      const key = `post/${randomBytes(16).toString('hex')}`;
      await expect(driver().write(key, body, 'video/mp4')).rejects.toBe(refusal);
      await expect(driver().stat(key)).resolves.toBeNull();
      expect(await bucketKeys()).not.toContain(key);
    });

    it('check() resolves while the bucket answers and rejects for a missing bucket', async () => {
      await expect(driver().check()).resolves.toBeUndefined();
      await expect(driver({ bucket: 'no-such-bucket' }).check()).rejects.toThrow();
    });

    it('check() rejects at once when nothing listens at the endpoint', async () => {
      const down = driver({ endpoint: `http://127.0.0.1:${await closedPort()}` });
      const started = Date.now();
      await expect(down.check()).rejects.toThrow();
      expect(Date.now() - started).toBeLessThan(1000);
    });

    it('check() gives up within about a second when the endpoint accepts but never answers', async () => {
      const sockets: Socket[] = [];
      const silent: Server = createServer((socket) => sockets.push(socket));
      await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
      try {
        const { port } = silent.address() as { port: number };
        const started = Date.now();
        await expect(driver({ endpoint: `http://127.0.0.1:${port}` }).check()).rejects.toThrow();
        expect(Date.now() - started).toBeLessThan(1500);
      } finally {
        sockets.forEach((socket) => socket.destroy());
        await new Promise((resolve) => silent.close(resolve));
      }
    });
  });
});
