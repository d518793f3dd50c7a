import sharp, { type Metadata } from 'sharp';
import { UploadRejectedError } from './media-types';

/** The display version's greatest width: a feed column on a high-density phone screen. */
const DISPLAY_MAX_WIDTH = 1080;
/**
 * Images with more pixels are refused before any pixel is decoded, since a small file can declare a huge canvas.
 * 40 MP is more than any phone camera takes, and bounds the memory one decode can take.
 */
const MAX_IMAGE_PIXELS = 40_000_000;
export const DISPLAY_CONTENT_TYPE = 'image/webp';
const DISPLAY_QUALITY = 80;

// Every upload is decoded once, so libvips' cache of recent operations would only hold memory.
sharp.cache(false);

export interface ImageSize {
  width: number;
  height: number;
}

/** An uploaded image: its size as shown (EXIF orientation applied) and, unless it is animated, its display version. */
export interface PreparedImage extends ImageSize {
  display: (ImageSize & { bytes: Buffer }) | null;
}

/**
 * Makes the display version of an image: at most DISPLAY_MAX_WIDTH wide (never enlarged), upright, WebP, with no
 * metadata (EXIF, GPS, ICC) left in it. Animations are kept as they are: a still version would lose them.
 * Rejects with an UploadRejectedError when the image has too many pixels (413) or cannot be decoded (415).
 */
export async function prepareImage(original: Buffer): Promise<PreparedImage> {
  const metadata = await readHeader(original);
  const { width, height } = metadata.autoOrient;
  if (width * height > MAX_IMAGE_PIXELS)
    throw new UploadRejectedError(413, 'objects.too_many_pixels', {
      megapixels: MAX_IMAGE_PIXELS / 1_000_000,
    });
  if ((metadata.pages ?? 1) > 1) return { width, height, display: null };
  try {
    const { data, info } = await sharp(original, {
      limitInputPixels: MAX_IMAGE_PIXELS,
      // Refuses what cannot be decoded; tolerates the harmless warnings some cameras' files raise.
      failOn: 'error',
    })
      .autoOrient()
      .resize({ width: DISPLAY_MAX_WIDTH, withoutEnlargement: true })
      .webp({ quality: DISPLAY_QUALITY })
      .toBuffer({ resolveWithObject: true });
    return { width, height, display: { bytes: data, width: info.width, height: info.height } };
  } catch {
    throw new UploadRejectedError(415, 'objects.unreadable_image');
  }
}

/** The image's header only: no pixel is decoded, so it is safe before the pixel count is known. */
async function readHeader(original: Buffer): Promise<Metadata> {
  try {
    return await sharp(original, { limitInputPixels: false }).metadata();
  } catch {
    throw new UploadRejectedError(415, 'objects.unreadable_image');
  }
}
