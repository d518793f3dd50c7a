import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { GetObjectCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import sharp from 'sharp';
import { DataSource } from 'typeorm';
import type { FeedPost, UploadReply } from '@piste/contracts';
import { ObjectsService } from '../src/objects/objects.service';
import {
  ApiClient,
  makePost,
  makeUser,
  startTestApp,
  type TestApp,
  type TestUser,
  useTestApp,
} from './helpers';
import { S3Server } from './cluster/services';
import { makeGarbledPng, makeMp4, uploadFile } from './media-fixtures';

/** A photo-like JPEG: a gradient (so it does not compress to nothing), optionally with EXIF. */
function makePhoto(width: number, height: number, exif?: { orientation?: number; copyright?: string }) {
  const pixels = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const at = (y * width + x) * 3;
      pixels[at] = (x * 255) / width;
      pixels[at + 1] = (y * 255) / height;
      pixels[at + 2] = 128;
    }
  }
  let image = sharp(pixels, { raw: { width, height, channels: 3 } }).jpeg({ quality: 85 });
  if (exif?.copyright) image = image.withExif({ IFD0: { Copyright: exif.copyright } });
  if (exif?.orientation) image = image.withMetadata({ orientation: exif.orientation });
  return image.toBuffer();
}

/** An animated GIF of three 60×40 frames. */
async function makeAnimatedGif(): Promise<Buffer> {
  const frames = await Promise.all(
    ['#d33', '#3d3', '#33d'].map((colour) =>
      sharp({ create: { width: 60, height: 40, channels: 3, background: colour } })
        .png()
        .toBuffer(),
    ),
  );
  return sharp(frames, { join: { animated: true } })
    .gif({ delay: 200 })
    .toBuffer();
}

async function fetchAs(app: TestApp, user: TestUser, path: string) {
  const res = await fetch(app.url + path, { headers: { cookie: user.client.cookie } });
  return { status: res.status, headers: res.headers, bytes: Buffer.from(await res.arrayBuffer()) };
}

async function postImage(author: TestUser, objectPath: string): Promise<FeedPost> {
  return makePost(author, { mediaUrl: objectPath, mediaType: 'image' });
}

describe('display versions of post images (local disk)', () => {
  const t = useTestApp({}, { ownDataDir: true });
  let author: TestUser;
  let viewer: TestUser;
  beforeAll(async () => {
    [author, viewer] = await Promise.all([makeUser(t), makeUser(t)]);
  });

  const put = (url: string, bytes: Buffer, contentType: string) =>
    new ApiClient(t.url).request('PUT', url, new Uint8Array(bytes), { 'content-type': contentType });

  it('serves a large JPEG to the feed as a 1080 px wide WebP, and keeps the original byte for byte', async () => {
    const photo = await makePhoto(3000, 2000);
    const { objectPath } = await uploadFile(author.client, photo, 'image/jpeg');
    const created = await postImage(author, objectPath);
    expect(created).toMatchObject({
      mediaUrl: objectPath,
      mediaType: 'image',
      mediaWidth: 3000,
      mediaHeight: 2000,
      mediaDisplay: { url: `${objectPath}-display.webp`, width: 1080, height: 720 },
    });

    const feed = await viewer.client.get<FeedPost[]>('/api/posts/epee?limit=50');
    expect(feed.body.find((p) => p.id === created.id)).toMatchObject({
      mediaUrl: objectPath,
      mediaWidth: 3000,
      mediaHeight: 2000,
      mediaDisplay: created.mediaDisplay,
    });

    const display = await fetchAs(t, viewer, created.mediaDisplay!.url);
    expect(display.status).toBe(200);
    expect(display.headers.get('content-type')).toBe('image/webp');
    expect(display.headers.get('x-content-type-options')).toBe('nosniff');
    await expect(sharp(display.bytes).metadata()).resolves.toMatchObject({
      format: 'webp',
      width: 1080,
      height: 720,
    });
    expect(display.bytes.length).toBeLessThan(photo.length);

    const original = await fetchAs(t, viewer, objectPath);
    expect(original.status).toBe(200);
    expect(original.headers.get('content-type')).toBe('image/jpeg');
    expect(original.bytes.equals(photo)).toBe(true);
  });

  it('never enlarges a small image', async () => {
    const png = await sharp({ create: { width: 400, height: 300, channels: 4, background: '#7c3aedcc' } })
      .png()
      .toBuffer();
    const { objectPath } = await uploadFile(author.client, png, 'image/png');
    const post = await postImage(author, objectPath);
    expect(post).toMatchObject({
      mediaWidth: 400,
      mediaHeight: 300,
      mediaDisplay: { width: 400, height: 300 },
    });
    const display = await fetchAs(t, viewer, post.mediaDisplay!.url);
    await expect(sharp(display.bytes).metadata()).resolves.toMatchObject({
      format: 'webp',
      width: 400,
      height: 300,
      hasAlpha: true,
    });
  });

  it('turns the display version upright by its EXIF orientation and strips the metadata', async () => {
    // Stored 600×400 and tagged "rotate 90° clockwise": shown 400×600.
    const photo = await makePhoto(600, 400, { orientation: 6, copyright: 'Salle Martin' });
    await expect(sharp(photo).metadata()).resolves.toMatchObject({
      orientation: 6,
      exif: expect.any(Buffer),
    });
    const { objectPath } = await uploadFile(author.client, photo, 'image/jpeg');
    const post = await postImage(author, objectPath);
    expect(post).toMatchObject({
      mediaWidth: 400,
      mediaHeight: 600,
      mediaDisplay: { width: 400, height: 600 },
    });
    const display = await sharp((await fetchAs(t, viewer, post.mediaDisplay!.url)).bytes).metadata();
    expect(display).toMatchObject({ width: 400, height: 600 });
    expect(display.orientation).toBeUndefined();
    expect(display.exif).toBeUndefined();
    expect(display.icc).toBeUndefined();
  });

  it('keeps an animated GIF as it is, with its size and no display version', async () => {
    const gif = await makeAnimatedGif();
    const { objectPath } = await uploadFile(author.client, gif, 'image/gif');
    const post = await postImage(author, objectPath);
    expect(post).toMatchObject({ mediaWidth: 60, mediaHeight: 40, mediaDisplay: null });
    const original = await fetchAs(t, viewer, objectPath);
    expect(original.headers.get('content-type')).toBe('image/gif');
    expect(original.bytes.equals(gif)).toBe(true);
  });

  it('makes nothing for videos and avatars', async () => {
    const video = await uploadFile(author.client, makeMp4(), 'video/mp4');
    const videoPost = await makePost(author, { mediaUrl: video.objectPath, mediaType: 'video' });
    expect(videoPost).not.toHaveProperty('mediaDisplay');
    expect(videoPost).not.toHaveProperty('mediaWidth');

    const avatar = await uploadFile(author.client, await makePhoto(1600, 1600), 'image/jpeg', 'avatar');
    const res = await fetchAs(t, author, `${avatar.objectPath}-display.webp`);
    expect(res.status).toBe(404);
  });

  it.each([
    ['a PNG whose data is garbage', 'image/png', makeGarbledPng],
    ['a truncated JPEG', 'image/jpeg', async () => (await makePhoto(800, 600)).subarray(0, 6000)],
  ])('refuses %s with 415, keeps nothing, and no post can show it', async (_name, contentType, make) => {
    const bytes = await make();
    const { body } = await author.client.post<UploadReply>('/api/objects/upload', {
      contentType,
      size: bytes.length,
      purpose: 'post',
    });
    await expect(put(body.uploadUrl, bytes, contentType)).resolves.toMatchObject({
      status: 415,
      body: { message: 'The image could not be read' },
    });
    await expect(fetchAs(t, author, body.objectPath)).resolves.toMatchObject({ status: 404 });
    const post = await author.client.post('/api/posts', {
      content: 'Broken',
      weapon: 'epee',
      mediaUrl: body.objectPath,
      mediaType: 'image',
    });
    expect(post).toMatchObject({ status: 400, body: { message: 'Media must be a file you uploaded' } });
  });

  it('refuses an image of more than 40 megapixels with 413 before decoding it', async () => {
    // One colour compresses to a small file however many pixels it declares.
    const huge = await sharp({ create: { width: 8000, height: 6000, channels: 3, background: '#888' } })
      .png()
      .toBuffer();
    const { body } = await author.client.post<UploadReply>('/api/objects/upload', {
      contentType: 'image/png',
      size: huge.length,
      purpose: 'post',
    });
    await expect(put(body.uploadUrl, huge, 'image/png')).resolves.toMatchObject({
      status: 413,
      body: { message: 'Images can be at most 40 megapixels' },
    });
    await expect(fetchAs(t, author, body.objectPath)).resolves.toMatchObject({ status: 404 });
  });

  it('still shows an image uploaded before display versions existed, from its original', async () => {
    const { objectPath } = await uploadFile(author.client, await makePhoto(300, 200), 'image/jpeg');
    await t.app.get(DataSource).query(
      `UPDATE upload_tickets SET width = NULL, height = NULL, "displayPath" = NULL, "displayWidth" = NULL,
           "displayHeight" = NULL WHERE "objectPath" = $1`,
      [objectPath],
    );
    const post = await postImage(author, objectPath);
    expect(post).toMatchObject({ mediaUrl: objectPath, mediaType: 'image' });
    expect(post).not.toHaveProperty('mediaDisplay');
  });

  it('gives the pictures the server stores itself (the demo seed) a display version too', async () => {
    const picture = await makePhoto(1600, 900);
    const stored = await t.app
      .get(DataSource)
      .transaction((manager) =>
        t.app.get(ObjectsService).storeTrusted(manager, author.user.id, 'post', picture, 'image/jpeg'),
      );
    expect(stored.image).toEqual({
      width: 1600,
      height: 900,
      display: { path: `${stored.objectPath}-display.webp`, width: 1080, height: 608 },
    });
    const display = await fetchAs(t, viewer, stored.image!.display!.path);
    expect(display.headers.get('content-type')).toBe('image/webp');
  });
});

describe('display versions of post images (S3-compatible storage)', () => {
  let s3: S3Server;
  let dataDir: string;
  let bucket: S3Client;
  let t: TestApp;
  let author: TestUser;
  beforeAll(async () => {
    [s3, dataDir] = await Promise.all([
      S3Server.start('piste-display'),
      mkdtemp(join(tmpdir(), 'piste-display-s3-')),
    ]);
    bucket = new S3Client({
      endpoint: s3.endpoint,
      region: 'us-east-1',
      credentials: { accessKeyId: s3.env.S3_ACCESS_KEY_ID, secretAccessKey: s3.env.S3_SECRET_ACCESS_KEY },
      forcePathStyle: true,
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
    t = await startTestApp({ DATA_DIR: dataDir, ...s3.env });
    author = await makeUser(t);
  });
  afterAll(async () => {
    await t?.close();
    bucket?.destroy();
    await s3?.dispose();
    await rm(dataDir, { recursive: true, force: true });
  });

  const keyOf = (path: string) => path.slice('/objects/'.length);

  async function bucketObject(key: string) {
    const reply = await bucket.send(new GetObjectCommand({ Bucket: s3.bucket, Key: key }));
    return { contentType: reply.ContentType, bytes: Buffer.from(await reply.Body!.transformToByteArray()) };
  }

  it('stores the display version in the bucket beside the original and serves both', async () => {
    const photo = await makePhoto(3000, 2000);
    const { objectPath } = await uploadFile(author.client, photo, 'image/jpeg');
    const post = await postImage(author, objectPath);
    expect(post.mediaDisplay).toEqual({ url: `${objectPath}-display.webp`, width: 1080, height: 720 });

    const stored = await bucketObject(keyOf(post.mediaDisplay!.url));
    expect(stored.contentType).toBe('image/webp');
    await expect(sharp(stored.bytes).metadata()).resolves.toMatchObject({ format: 'webp', width: 1080 });
    await expect(bucketObject(keyOf(objectPath))).resolves.toEqual({
      contentType: 'image/jpeg',
      bytes: photo,
    });

    const served = await fetchAs(t, author, post.mediaDisplay!.url);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/webp');
    expect(served.bytes.equals(stored.bytes)).toBe(true);
  });

  it('removes a refused image from the bucket', async () => {
    const bytes = makeGarbledPng();
    const { body } = await author.client.post<UploadReply>('/api/objects/upload', {
      contentType: 'image/png',
      size: bytes.length,
      purpose: 'post',
    });
    const res = await new ApiClient(t.url).request('PUT', body.uploadUrl, new Uint8Array(bytes), {
      'content-type': 'image/png',
    });
    expect(res.status).toBe(415);
    const listed = await bucket.send(new ListObjectsV2Command({ Bucket: s3.bucket }));
    expect((listed.Contents ?? []).map((o) => o.Key)).not.toContain(keyOf(body.objectPath));
  });
});
