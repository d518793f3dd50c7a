import { makeMp4, makePng, uploadFile } from './media-fixtures';
import { useUploads } from './uploads';

describe('objects: serving', () => {
  const uploads = useUploads();
  const { t, fetchObject } = uploads;

  describe('serving', () => {
    it('requires a session', async () => {
      const { objectPath } = await uploadFile(uploads.owner.client, makePng(), 'image/png');
      const res = await fetch(t.url + objectPath);
      expect(res.status).toBe(401);
    });

    it('answers 404 for unknown or malformed paths', async () => {
      for (const path of [
        '/objects/post/0123456789abcdef0123456789abcdef',
        '/objects/post/x',
        '/objects/post%2F..%2F..%2Fpackage.json',
        '/objects/post/0123456789abcdef0123456789abcdef.meta.json',
      ]) {
        const res = await fetchObject(path);
        expect({ path, status: res.status }).toEqual({ path, status: 404 });
      }
    });

    it('serves byte ranges so videos can seek', async () => {
      const video = makeMp4('isom', 1000);
      const { objectPath } = await uploadFile(uploads.owner.client, video, 'video/mp4');
      const size = video.length;

      const middle = await fetchObject(objectPath, { range: 'bytes=10-19' });
      expect(middle.status).toBe(206);
      expect(middle.headers.get('content-range')).toBe(`bytes 10-19/${size}`);
      expect(middle.headers.get('content-length')).toBe('10');
      expect(middle.bytes.equals(video.subarray(10, 20))).toBe(true);

      const open = await fetchObject(objectPath, { range: `bytes=${size - 5}-` });
      expect(open.status).toBe(206);
      expect(open.bytes.equals(video.subarray(size - 5))).toBe(true);

      const suffix = await fetchObject(objectPath, { range: 'bytes=-4' });
      expect(suffix.headers.get('content-range')).toBe(`bytes ${size - 4}-${size - 1}/${size}`);
      expect(suffix.bytes.equals(video.subarray(size - 4))).toBe(true);

      const clamped = await fetchObject(objectPath, { range: `bytes=0-${size + 100}` });
      expect(clamped.status).toBe(206);
      expect(clamped.bytes.equals(video)).toBe(true);

      const beyond = await fetchObject(objectPath, { range: `bytes=${size}-` });
      expect(beyond.status).toBe(416);
      expect(beyond.headers.get('content-range')).toBe(`bytes */${size}`);

      const garbage = await fetchObject(objectPath, { range: 'pages=1-2' });
      expect(garbage.status).toBe(200);
      expect(garbage.bytes.equals(video)).toBe(true);
    });

    it('answers HEAD with the object’s headers and no body', async () => {
      const png = makePng();
      const { objectPath } = await uploadFile(uploads.owner.client, png, 'image/png');
      const res = await fetch(t.url + objectPath, {
        method: 'HEAD',
        headers: { cookie: uploads.owner.client.cookie },
      });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('image/png');
      expect(res.headers.get('content-length')).toBe(String(png.length));
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('accept-ranges')).toBe('bytes');
      expect((await res.arrayBuffer()).byteLength).toBe(0);
    });

    it('answers a revalidation with 304', async () => {
      const { objectPath } = await uploadFile(uploads.owner.client, makePng(), 'image/png');
      const first = await fetchObject(objectPath);
      const etag = first.headers.get('etag')!;
      expect(etag).toBeTruthy();
      const again = await fetchObject(objectPath, { 'if-none-match': etag });
      expect(again.status).toBe(304);
    });
  });
});
