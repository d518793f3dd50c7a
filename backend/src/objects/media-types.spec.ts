import sharp from 'sharp';
import { FORGED, makeGarbledPng, makeJpeg, makeMp4, makePng, makeWebm } from '../../test/media-fixtures';
import { signatureMatches } from './media-types';

/** A tiny real image of another format, encoded by sharp. */
function encoded(format: 'gif' | 'webp'): Promise<Buffer> {
  const raw = { width: 4, height: 4, channels: 3 as const };
  return sharp(Buffer.alloc(4 * 4 * 3, 200), { raw })
    .toFormat(format)
    .toBuffer();
}

/** An ISO base media file whose `ftyp` box names `brand` (an image or audio brand as well as video ones). */
const isoFile = (brand: string) => makeMp4(brand);

describe('the check of a file by its first bytes', () => {
  it.each([
    ['a JPEG', 'image/jpeg', makeJpeg],
    ['a JPEG sent as image/jpg', 'image/jpg', makeJpeg],
    ['a PNG', 'image/png', makePng],
    ['a PNG whose image data is garbage (the decoder refuses it)', 'image/png', makeGarbledPng],
    ['a GIF', 'image/gif', () => encoded('gif')],
    ['a WebP', 'image/webp', () => encoded('webp')],
    ['an MP4', 'video/mp4', () => isoFile('isom')],
    ['a QuickTime movie', 'video/quicktime', () => isoFile('qt  ')],
    ['a QuickTime movie sent as MP4', 'video/mp4', () => isoFile('qt  ')],
    ['an MP4 sent as QuickTime', 'video/quicktime', () => isoFile('mp42')],
    ['an M4V', 'video/mp4', () => isoFile('M4V ')],
    ['a 3GP video', 'video/mp4', () => isoFile('3gp5')],
    ['a WebM', 'video/webm', makeWebm],
  ])('accepts %s', async (_case, contentType, make) => {
    await expect(signatureMatches(contentType, await make())).resolves.toBe(true);
  });

  it.each([
    ['HTML sent as PNG', 'image/png', FORGED.html],
    ['SVG sent as PNG', 'image/png', FORGED.svg],
    ['SVG declared as SVG', 'image/svg+xml', FORGED.svg],
    ['a PNG sent as JPEG', 'image/jpeg', makePng()],
    [
      'the PNG signature followed by garbage',
      'image/png',
      Buffer.concat([makePng().subarray(0, 8), Buffer.alloc(64, 7)]),
    ],
    ['an AVIF image sent as MP4', 'video/mp4', FORGED.avif],
    ['a HEIC image sent as QuickTime', 'video/quicktime', isoFile('heic')],
    ['an M4A recording sent as MP4', 'video/mp4', isoFile('M4A ')],
    ['an MP4 sent as WebM', 'video/webm', isoFile('isom')],
    ['a WebM sent as MP4', 'video/mp4', makeWebm()],
    ['nothing', 'image/png', Buffer.alloc(0)],
  ])('refuses %s', async (_case, contentType, bytes) => {
    await expect(signatureMatches(contentType, bytes)).resolves.toBe(false);
  });
});
