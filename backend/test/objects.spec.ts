import { mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DataSource } from 'typeorm';
import { AVATAR_MAX_BYTES, POST_MEDIA_MAX_BYTES, type UploadReply } from '@piste/contracts';
import { LocalDiskStorageDriver } from '../src/objects/local-disk.driver';
import { ApiClient, makeUser } from './helpers';
import { FORGED, makeJpeg, makeMp4, makePng, makeWebm, putStreamed, uploadFile } from './media-fixtures';
import { useUploads } from './uploads';

describe('LocalDiskStorageDriver.check', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'piste-objects-check-'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('creates the objects directory and resolves when it is writable', async () => {
    await expect(new LocalDiskStorageDriver(join(dir, 'fresh')).check()).resolves.toBeUndefined();
    expect((await stat(join(dir, 'fresh', 'objects'))).isDirectory()).toBe(true);
  });

  it('rejects when the objects directory cannot be created', async () => {
    await writeFile(join(dir, 'objects'), 'a file where the directory should be');
    await expect(new LocalDiskStorageDriver(dir).check()).rejects.toThrow();
  });
});

describe('objects: uploads', () => {
  const uploads = useUploads();
  const { t, ticket, put, fetchObject, partFiles } = uploads;

  describe('issuing upload URLs', () => {
    it('returns a single-use upload URL and the object path', async () => {
      const res = await ticket({ filename: 'a.png', contentType: 'image/png', size: 100, purpose: 'post' });
      expect(res.status).toBe(201);
      expect(res.body.uploadUrl).toMatch(/^\/api\/objects\/upload\/[a-f0-9]{64}$/);
      expect(res.body.objectPath).toMatch(/^\/objects\/post\/[a-f0-9]{32}$/);
    });

    it('treats an empty body as an avatar upload (the spec’s profile flow)', async () => {
      const res = await uploads.owner.client.post<UploadReply>('/api/objects/upload');
      expect(res.status).toBe(201);
      expect(res.body.objectPath).toMatch(/^\/objects\/avatar\//);
    });

    it('refuses SVG, HTML and other types, and videos for avatars, with the spec’s texts', async () => {
      const cases: [Record<string, unknown>, string][] = [
        [{ contentType: 'image/svg+xml', purpose: 'post' }, 'Please select an image or video file.'],
        [{ contentType: 'text/html', purpose: 'post' }, 'Please select an image or video file.'],
        [{ contentType: 'application/pdf', purpose: 'post' }, 'Please select an image or video file.'],
        [{ contentType: 'image/svg+xml', purpose: 'avatar' }, 'Please select an image file'],
        [{ contentType: 'video/mp4', purpose: 'avatar' }, 'Please select an image file'],
      ];
      for (const [body, message] of cases) {
        const res = await ticket(body);
        expect({ body, status: res.status, message: res.body }).toEqual({
          body,
          status: 400,
          message: { message, code: 'request.invalid' },
        });
      }
      const purpose = await ticket({ contentType: 'image/png', purpose: 'banner' });
      expect(purpose.status).toBe(400);
    });

    it('says the upload rules in the request’s language, with the same codes', async () => {
      const fr = { 'accept-language': 'fr' };
      const ask = (body: unknown) => uploads.owner.client.request('POST', '/api/objects/upload', body, fr);
      await expect(ask({ contentType: 'text/html', purpose: 'post' })).resolves.toEqual(
        expect.objectContaining({
          status: 400,
          body: { message: 'Veuillez choisir une image ou une vidéo.', code: 'request.invalid' },
        }),
      );
      await expect(ask({ contentType: 'video/mp4', purpose: 'avatar' })).resolves.toMatchObject({
        status: 400,
        body: { message: 'Veuillez choisir une image', code: 'request.invalid' },
      });
      await expect(
        ask({ contentType: 'video/mp4', size: POST_MEDIA_MAX_BYTES + 1, purpose: 'post' }),
      ).resolves.toMatchObject({
        status: 413,
        body: { message: 'Veuillez choisir un fichier de moins de 50 Mo.', code: 'request.too_large' },
      });

      // The file itself, refused while it streams in: the uploader's browser asked in French.
      const { body } = await ticket({ contentType: 'image/png', purpose: 'post' });
      const empty = await new ApiClient(t.url).request('PUT', body.uploadUrl, new Uint8Array(0), {
        'content-type': 'image/png',
        ...fr,
      });
      expect(empty).toMatchObject({
        status: 415,
        body: { message: 'Le fichier est vide', code: 'request.unsupported_type' },
      });
    });

    it('refuses a declared size over the purpose’s limit with 413', async () => {
      const overLimit: [string, number, 'post' | 'avatar', string][] = [
        ['video/mp4', POST_MEDIA_MAX_BYTES, 'post', 'Please select a file smaller than 50MB.'],
        ['image/png', AVATAR_MAX_BYTES, 'avatar', 'Please select an image smaller than 10MB'],
      ];
      for (const [contentType, limit, purpose, message] of overLimit) {
        await expect(ticket({ contentType, size: limit + 1, purpose })).resolves.toMatchObject({
          status: 413,
          body: { message },
        });
      }
      const fits = await ticket({ contentType: 'video/mp4', size: POST_MEDIA_MAX_BYTES, purpose: 'post' });
      expect(fits.status).toBe(201);
    });
  });

  describe('uploading', () => {
    const realFiles: [string, Buffer, string, 'post' | 'avatar'][] = [
      ['PNG', makePng(), 'image/png', 'post'],
      ['JPEG', makeJpeg(), 'image/jpeg', 'post'],
      [
        'GIF',
        Buffer.from(
          'GIF89a\x01\x00\x01\x00\x80\x00\x00\xff\xff\xff\x00\x00\x00!\xf9\x04\x01\x00\x00\x00\x00,\x00\x00\x00\x00\x01\x00\x01\x00\x00\x02\x02D\x01\x00;',
          'latin1',
        ),
        'image/gif',
        'post',
      ],
      ['MP4', makeMp4(), 'video/mp4', 'post'],
      ['QuickTime', makeMp4('qt  '), 'video/quicktime', 'post'],
      ['WebM', makeWebm(), 'video/webm', 'post'],
      ['PNG avatar', makePng(16, 16), 'image/png', 'avatar'],
      ['JPEG avatar', makeJpeg(), 'image/jpeg', 'avatar'],
    ];
    it.each(realFiles)(
      'stores a real %s and serves it back byte for byte',
      async (_name, bytes, contentType, purpose) => {
        const { objectPath } = await uploadFile(uploads.owner.client, bytes, contentType, purpose);
        const res = await fetchObject(objectPath);
        expect(res.status).toBe(200);
        expect(res.headers.get('content-type')).toBe(contentType);
        expect(res.headers.get('x-content-type-options')).toBe('nosniff');
        expect(res.headers.get('cache-control')).toMatch(/max-age=31536000/);
        expect(res.headers.get('accept-ranges')).toBe('bytes');
        expect(res.bytes.equals(bytes)).toBe(true);
      },
    );

    it('needs no session for the PUT (the token is the permission) and answers with the object path', async () => {
      const { body } = await ticket({ contentType: 'image/png', purpose: 'post' });
      const res = await put(body.uploadUrl, makePng(), 'image/png');
      expect(res).toMatchObject({ status: 200, body: { objectPath: body.objectPath } });
    });

    it('refuses forged files by their real bytes', async () => {
      const cases: [string, Buffer, string, 'post' | 'avatar'][] = [
        ['HTML renamed .png', FORGED.html, 'image/png', 'post'],
        ['SVG sent as PNG', FORGED.svg, 'image/png', 'post'],
        ['SVG sent as JPEG avatar', FORGED.svg, 'image/jpeg', 'avatar'],
        ['a PNG sent as JPEG', makePng(), 'image/jpeg', 'post'],
        ['an AVIF image sent as MP4', FORGED.avif, 'video/mp4', 'post'],
        ['HTML sent as WebM', FORGED.html, 'video/webm', 'post'],
      ];
      for (const [name, bytes, contentType, purpose] of cases) {
        const { body } = await ticket({ contentType, purpose });
        const res = await put(body.uploadUrl, bytes, contentType);
        expect({ name, status: res.status, message: res.body.message }).toEqual({
          name,
          status: 415,
          message: "The file's content does not match its type",
        });
        await expect(fetchObject(body.objectPath)).resolves.toMatchObject({ status: 404 });
      }
    });

    it('refuses a PUT whose content type is not allowed or differs from the declared one', async () => {
      const avatar = await ticket(undefined);
      const svg = await put(avatar.body.uploadUrl, FORGED.svg, 'image/svg+xml');
      expect(svg).toMatchObject({ status: 415, body: { message: 'Please select an image file' } });

      const html = await ticket({ purpose: 'post' });
      const htmlPut = await put(html.body.uploadUrl, FORGED.html, 'text/html');
      expect(htmlPut).toMatchObject({
        status: 415,
        body: { message: 'Please select an image or video file.' },
      });

      const declared = await ticket({ contentType: 'image/png', purpose: 'post' });
      const mismatch = await put(declared.body.uploadUrl, makeJpeg(), 'image/jpeg');
      expect(mismatch).toMatchObject({
        status: 415,
        body: { message: 'The file type does not match the upload request' },
      });

      const wrongPurpose = await ticket({ purpose: 'avatar' });
      const video = await put(wrongPurpose.body.uploadUrl, makeMp4(), 'video/mp4');
      expect(video).toMatchObject({ status: 415, body: { message: 'Please select an image file' } });
    });

    it('refuses an empty file', async () => {
      const { body } = await ticket({ contentType: 'image/png', purpose: 'post' });
      const res = await put(body.uploadUrl, Buffer.alloc(0), 'image/png');
      expect(res).toMatchObject({ status: 415, body: { message: 'The file is empty' } });
    });

    it('refuses a file over the limit by its Content-Length', async () => {
      const { body } = await ticket(undefined);
      const big = Buffer.concat([makePng(), Buffer.alloc(AVATAR_MAX_BYTES)]);
      const res = await put(body.uploadUrl, big, 'image/png');
      expect(res).toMatchObject({
        status: 413,
        body: { message: 'Please select an image smaller than 10MB' },
      });
    });

    it('stops a streamed upload (no Content-Length) as soon as it passes the limit, and keeps nothing', async () => {
      const { body } = await ticket(undefined);
      const chunk = Buffer.alloc(1024 * 1024, 0x41);
      let sent = 0;
      const stream = new ReadableStream<Uint8Array>({
        pull(controller) {
          if (sent === 0) controller.enqueue(new Uint8Array(makePng()));
          if (sent > AVATAR_MAX_BYTES + 2 * chunk.length) return controller.close();
          sent += chunk.length;
          controller.enqueue(new Uint8Array(chunk));
        },
      });
      const res = await fetch(t.url + body.uploadUrl, {
        method: 'PUT',
        body: stream,
        headers: { 'content-type': 'image/png' },
        duplex: 'half',
      } as RequestInit);
      expect(res.status).toBe(413);
      await expect(res.json()).resolves.toEqual({
        message: 'Please select an image smaller than 10MB',
        code: 'request.too_large',
      });
      await expect(partFiles('avatar')).resolves.toEqual([]);
      await expect(fetchObject(body.objectPath)).resolves.toMatchObject({ status: 404 });
    });

    it('uses each upload URL once', async () => {
      const { uploadUrl } = await uploadFile(uploads.owner.client, makePng(), 'image/png');
      const again = await put(uploadUrl, makePng(), 'image/png');
      expect(again).toMatchObject({
        status: 409,
        body: { message: 'This upload URL has already been used' },
      });
      // A refused file uses the URL up too.
      const { body } = await ticket({ contentType: 'image/png', purpose: 'post' });
      await put(body.uploadUrl, FORGED.html, 'image/png');
      const retry = await put(body.uploadUrl, makePng(), 'image/png');
      expect(retry.status).toBe(409);
    });

    it('refuses an expired or unknown upload URL', async () => {
      const { body } = await ticket({ contentType: 'image/png', purpose: 'post' });
      const token = body.uploadUrl.split('/').pop();
      await t.app
        .get(DataSource)
        .query(`UPDATE upload_tickets SET "expiresAt" = now() - interval '1 second' WHERE token = $1`, [
          token,
        ]);
      const expired = await put(body.uploadUrl, makePng(), 'image/png');
      expect(expired).toMatchObject({ status: 410, body: { message: 'This upload URL has expired' } });
      const unknown = await put(`/api/objects/upload/${'0'.repeat(64)}`, makePng(), 'image/png');
      expect(unknown).toMatchObject({ status: 404, body: { message: 'Upload URL not found' } });
      const malformed = await put('/api/objects/upload/..%2F..%2Fetc', makePng(), 'image/png');
      expect(malformed.status).toBe(404);
    });

    it('ties an upload to its uploads.owner: someone else’s upload cannot become my post’s media', async () => {
      const thief = await makeUser(t);
      const { objectPath } = await uploadFile(uploads.owner.client, makePng(), 'image/png');
      const stolen = await thief.client.post('/api/posts', {
        content: 'Look at this',
        weapon: 'epee',
        mediaUrl: objectPath,
        mediaType: 'image',
      });
      expect(stolen).toMatchObject({ status: 400, body: { message: 'Media must be a file you uploaded' } });
      // Someone else's ticket still works for its holder only by its secret token, which only the uploads.owner got.
      const own = await uploads.owner.client.post('/api/posts', {
        content: 'Mine',
        weapon: 'epee',
        mediaUrl: objectPath,
        mediaType: 'image',
      });
      expect(own.status).toBe(201);
    });
  });

  describe('the size the upload request declared', () => {
    const LARGER_THAN_DECLARED = 'The file is larger than the upload request declared';

    it('refuses a Content-Length over the declared size with 413 at once, and stores nothing', async () => {
      const png = makePng();
      const { body } = await ticket({ contentType: 'image/png', size: png.length - 1, purpose: 'post' });
      const res = await put(body.uploadUrl, png, 'image/png');
      expect(res).toMatchObject({ status: 413, body: { message: LARGER_THAN_DECLARED } });
      await expect(fetchObject(body.objectPath)).resolves.toMatchObject({ status: 404 });
    });

    it('stops a streamed body (no Content-Length) once it passes the declared size, and keeps nothing', async () => {
      const png = makePng();
      const { body } = await ticket({ contentType: 'image/png', size: png.length + 10, purpose: 'post' });
      const res = await putStreamed(
        t.url,
        body.uploadUrl,
        [png, Buffer.alloc(64 * 1024, 0x41), Buffer.alloc(64 * 1024, 0x42)],
        'image/png',
      );
      expect(res).toEqual({
        status: 413,
        body: { message: LARGER_THAN_DECLARED, code: 'request.too_large' },
      });
      await expect(partFiles('post')).resolves.toEqual([]);
      await expect(fetchObject(body.objectPath)).resolves.toMatchObject({ status: 404 });
    });

    it('accepts a file of exactly the declared size, streamed or not', async () => {
      const png = makePng();
      const sized = await ticket({ contentType: 'image/png', size: png.length, purpose: 'post' });
      await expect(put(sized.body.uploadUrl, png, 'image/png')).resolves.toMatchObject({ status: 200 });
      await expect(fetchObject(sized.body.objectPath)).resolves.toMatchObject({ status: 200, bytes: png });

      const streamed = await ticket({ contentType: 'image/png', size: png.length, purpose: 'post' });
      const halves = [png.subarray(0, 100), png.subarray(100)];
      await expect(putStreamed(t.url, streamed.body.uploadUrl, halves, 'image/png')).resolves.toEqual({
        status: 200,
        body: { objectPath: streamed.body.objectPath },
      });
      await expect(fetchObject(streamed.body.objectPath)).resolves.toMatchObject({ status: 200, bytes: png });
    });

    it('accepts a file smaller than the declared size', async () => {
      const jpeg = makeJpeg();
      const { body } = await ticket({
        contentType: 'image/jpeg',
        size: jpeg.length + 1000,
        purpose: 'avatar',
      });
      await expect(put(body.uploadUrl, jpeg, 'image/jpeg')).resolves.toMatchObject({ status: 200 });
      await expect(fetchObject(body.objectPath)).resolves.toMatchObject({ status: 200, bytes: jpeg });
    });

    it('keeps the purpose’s limit when no size was declared', async () => {
      const { body } = await ticket({ contentType: 'image/png', purpose: 'avatar' });
      const big = Buffer.concat([makePng(), Buffer.alloc(AVATAR_MAX_BYTES)]);
      const res = await put(body.uploadUrl, big, 'image/png');
      expect(res).toMatchObject({
        status: 413,
        body: { message: 'Please select an image smaller than 10MB' },
      });
    });
  });
});
