import type { UploadPurpose } from '@piste/contracts';
import { encodePng } from '../src/startup/seed-images';
import type { ApiClient } from './helpers';

/** Real, decodable media built byte by byte, and forged files, for the upload tests. */

/** A real RGB PNG: a diagonal gradient, `width` × `height`. */
export function makePng(width = 64, height = 48, rgb: [number, number, number] = [124, 58, 237]): Buffer {
  const rows: Buffer[] = [];
  for (let y = 0; y < height; y++) {
    const row = Buffer.alloc(1 + width * 3);
    for (let x = 0; x < width; x++) {
      const shade = (x + y) / (width + height);
      row[1 + x * 3] = Math.round(rgb[0] * (1 - shade) + 255 * shade);
      row[2 + x * 3] = Math.round(rgb[1] * (1 - shade) + 255 * shade);
      row[3 + x * 3] = Math.round(rgb[2] * (1 - shade) + 255 * shade);
    }
    rows.push(row);
  }
  return encodePng(width, height, Buffer.concat(rows));
}

/**
 * A PNG whose structure is sound (signature, header, data chunk) but whose image data is garbage: it passes the
 * check of its first bytes and fails only when decoded.
 */
export function makeGarbledPng(): Buffer {
  const png = makePng();
  const data = png.indexOf('IDAT', 0, 'latin1') + 4;
  return png.fill(7, data, data + png.readUInt32BE(data - 8));
}

/**
 * A real baseline JPEG: one 8×8 grey block. Quantisation all ones; the DC and AC Huffman tables each hold one
 * 1-bit code (DC category 0, AC end-of-block), so the scan is the bits `0 0` padded with ones: 0x3F.
 */
export function makeJpeg(): Buffer {
  const segment = (marker: number, data: number[]) => [
    0xff,
    marker,
    (data.length + 2) >> 8,
    (data.length + 2) & 0xff,
    ...data,
  ];
  const bits = (count: number) => [count, ...Array<number>(15).fill(0)]; // codes per length 1..16
  return Buffer.from([
    0xff, 0xd8, // SOI
    ...segment(0xe0, [0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00]), // JFIF
    ...segment(0xdb, [0x00, ...Array<number>(64).fill(1)]), // DQT
    ...segment(0xc0, [0x08, 0x00, 0x08, 0x00, 0x08, 0x01, 0x01, 0x11, 0x00]), // SOF0: 8×8, one component
    ...segment(0xc4, [0x00, ...bits(1), 0x00]), // DHT DC 0
    ...segment(0xc4, [0x10, ...bits(1), 0x00]), // DHT AC 0
    ...segment(0xda, [0x01, 0x01, 0x00, 0x00, 0x3f, 0x00]), // SOS
    0x3f, // entropy-coded data
    0xff, 0xd9, // EOI
  ]); // prettier-ignore
}

function box(type: string, payload: Buffer): Buffer {
  const size = Buffer.alloc(4);
  size.writeUInt32BE(8 + payload.length);
  return Buffer.concat([size, Buffer.from(type, 'latin1'), payload]);
}

/** The start of a real MP4 (ISO base media): an ftyp box naming isom/mp41, then a free box and an empty mdat. */
export function makeMp4(brand = 'isom', extraBytes = 0): Buffer {
  const ftyp = box(
    'ftyp',
    Buffer.concat([
      Buffer.from(brand, 'latin1'),
      Buffer.from([0, 0, 2, 0]),
      Buffer.from('isomiso2mp41', 'latin1'),
    ]),
  );
  return Buffer.concat([ftyp, box('free', Buffer.alloc(16)), box('mdat', Buffer.alloc(extraBytes))]);
}

/** The start of a real WebM: the EBML header with DocType "webm", then a Segment of unknown size. */
export function makeWebm(): Buffer {
  const element = (id: number[], data: number[]) => [...id, 0x80 | data.length, ...data];
  const header = [
    ...element([0x42, 0x86], [1]), // EBMLVersion
    ...element([0x42, 0xf7], [1]), // EBMLReadVersion
    ...element([0x42, 0xf2], [4]), // EBMLMaxIDLength
    ...element([0x42, 0xf3], [8]), // EBMLMaxSizeLength
    ...element([0x42, 0x82], [...Buffer.from('webm', 'latin1')]), // DocType
    ...element([0x42, 0x87], [2]), // DocTypeVersion
    ...element([0x42, 0x85], [2]), // DocTypeReadVersion
  ];
  return Buffer.from([
    0x1a, 0x45, 0xdf, 0xa3, 0x80 | header.length, ...header,
    0x18, 0x53, 0x80, 0x67, 0x01, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, // Segment, unknown size
    ...Array<number>(32).fill(0xec), // Void
  ]); // prettier-ignore
}

export const FORGED = {
  html: Buffer.from('<!DOCTYPE html><html><body><script>alert(document.cookie)</script></body></html>'),
  svg: Buffer.from(
    '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script><rect width="10" height="10"/></svg>',
  ),
  /** An AVIF image shares MP4's box layout but is not a video. */
  avif: box('ftyp', Buffer.from('avif\0\0\0\0avifmif1miaf', 'latin1')),
};

export interface Uploaded {
  objectPath: string;
  uploadUrl: string;
}

/** Asks for an upload URL and PUTs the bytes there; throws unless both steps succeed. */
export async function uploadFile(
  client: ApiClient,
  bytes: Buffer,
  contentType: string,
  purpose: UploadPurpose = 'post',
): Promise<Uploaded> {
  const ticket = await client.post<Uploaded>('/api/objects/upload', {
    filename: `file.${contentType.split('/')[1]}`,
    contentType,
    size: bytes.length,
    purpose,
  });
  if (ticket.status !== 201)
    throw new Error(`upload URL failed: ${ticket.status} ${JSON.stringify(ticket.body)}`);
  const put = await client.request('PUT', ticket.body.uploadUrl, new Uint8Array(bytes), {
    'content-type': contentType,
  });
  if (put.status !== 200) throw new Error(`upload failed: ${put.status} ${JSON.stringify(put.body)}`);
  return ticket.body;
}

/** PUTs the parts to an upload URL as one chunked body, without a Content-Length. */
export async function putStreamed(
  baseUrl: string,
  url: string,
  parts: Iterable<Buffer>,
  contentType: string,
) {
  const iterator = parts[Symbol.iterator]();
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      const next = iterator.next();
      if (next.done) controller.close();
      else controller.enqueue(new Uint8Array(next.value));
    },
  });
  const res = await fetch(baseUrl + url, {
    method: 'PUT',
    body: stream,
    headers: { 'content-type': contentType },
    duplex: 'half',
  } as RequestInit);
  return { status: res.status, body: (await res.json()) as { message?: string; objectPath?: string } };
}
