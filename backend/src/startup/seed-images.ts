import { deflateSync } from 'node:zlib';

/**
 * Small PNG pictures drawn in code for the demo posts: a weapon-coloured gradient with a fencing piste. The
 * encoder is shared with the upload tests' fixtures.
 */

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Buffer): number {
  let c = 0xffffffff;
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/**
 * Encodes 8-bit RGB pixels as a PNG. `rows` holds `height` scanlines of `1 + width * 3` bytes each, every one
 * starting with its filter byte (0: none).
 */
export function encodePng(width: number, height: number, rows: Uint8Array): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // colour type: RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows, { level: 6 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

type Rgb = [number, number, number];

/**
 * A 16:9 picture: a diagonal gradient from `from` to `to`, a lighter piste across the lower third with its
 * centre line and on-guard lines, and a soft glow.
 */
export function pistePicture(from: Rgb, to: Rgb, width = 480, height = 270): Buffer {
  const stride = width * 3 + 1;
  const raw = new Uint8Array(stride * height);
  const pisteTop = Math.round(height * 0.62);
  const pisteBottom = Math.round(height * 0.8);
  const pisteLeft = Math.round(width * 0.08);
  const pisteRight = width - pisteLeft;
  const lines = [0.42, 0.5, 0.58].map((f) => Math.round(pisteLeft + (pisteRight - pisteLeft) * f));
  for (let y = 0; y < height; y++) {
    const onPiste = y >= pisteTop && y < pisteBottom;
    const dy = (y - height * 0.25) / height;
    for (let x = 0; x < width; x++) {
      const t = (x / width) * 0.6 + (y / height) * 0.4;
      const dx = (x - width * 0.7) / width;
      // How much white to lay over the gradient: the glow, then the piste and its lines.
      let white = Math.max(0, 0.35 - Math.sqrt(dx * dx + dy * dy)) * 0.9;
      if (onPiste && x >= pisteLeft && x < pisteRight) {
        const line = lines.some((lx) => Math.abs(x - lx) <= 1);
        white = 1 - (1 - white) * (line ? 0.09 : 0.45);
      }
      const offset = y * stride + 1 + x * 3;
      for (let c = 0; c < 3; c++) {
        const base = from[c] + (to[c] - from[c]) * t;
        raw[offset + c] = Math.round(base + (255 - base) * white);
      }
    }
  }
  return encodePng(width, height, raw);
}
