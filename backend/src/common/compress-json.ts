import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { RequestHandler } from 'express';
import { preferredEncoding } from './content-encoding';

/** Smaller replies gain less from compression than its headers and CPU cost. */
export const JSON_COMPRESSION_THRESHOLD = 1024;

/**
 * Compresses JSON replies of at least `threshold` bytes when the client accepts brotli or gzip.
 * It only wraps `res.send`, which the API uses for finished JSON bodies: streamed replies (object
 * downloads with Range, Socket.IO) never pass through it, so nothing is buffered or re-encoded.
 * Brotli runs at a fast level, since each reply is compressed once, on the request's own time.
 */
export function compressJson(threshold = JSON_COMPRESSION_THRESHOLD): RequestHandler {
  return (req, res, next) => {
    const send = res.send.bind(res);
    res.send = (body?: unknown) => {
      if (!isJson(res.getHeader('Content-Type')) || res.getHeader('Content-Encoding')) return send(body);
      res.vary('Accept-Encoding');
      const plain = typeof body === 'string' ? Buffer.from(body) : Buffer.isBuffer(body) ? body : undefined;
      const encoding = preferredEncoding(req.headers['accept-encoding']);
      if (!plain || plain.length < threshold || !encoding) return send(body);
      res.setHeader('Content-Encoding', encoding);
      return send(
        encoding === 'br'
          ? brotliCompressSync(plain, {
              params: {
                [constants.BROTLI_PARAM_QUALITY]: 4,
                [constants.BROTLI_PARAM_SIZE_HINT]: plain.length,
              },
            })
          : gzipSync(plain),
      );
    };
    next();
  };
}

function isJson(contentType: unknown): boolean {
  return typeof contentType === 'string' && /^application\/([\w.-]+\+)?json\b/i.test(contentType);
}
