import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Request, RequestHandler, Response } from 'express';
import { preferredEncoding } from './content-encoding';

/** Smaller replies gain less from compression than its headers and CPU cost. */
export const JSON_COMPRESSION_THRESHOLD = 1024;

const JSON_TYPE = 'application/json; charset=utf-8';

/**
 * Writes the API's JSON replies, compressed when they are at least `threshold` bytes and the client accepts
 * brotli or gzip. `res.json` serializes the body once and ends the response with it: Express's own goes through
 * `res.send`, which parses the content type again, copies the text into a buffer and asks whether the request is
 * fresh for an ETag the API never sets (no-store), all on every request. `res.send` with a JSON body (a finished
 * string or buffer) is compressed the same way; streamed replies (object downloads with Range, Socket.IO) pass
 * through neither, so nothing is buffered or re-encoded. Brotli runs at a fast level, since each reply is
 * compressed once, on the request's own time.
 */
export function compressJson(threshold = JSON_COMPRESSION_THRESHOLD): RequestHandler {
  return (req, res, next) => {
    const send = res.send.bind(res);
    res.json = (body?: unknown) => {
      const text = JSON.stringify(body) as string | undefined;
      if (text === undefined) return send();
      if (!res.hasHeader('Content-Type')) res.setHeader('Content-Type', JSON_TYPE);
      return reply(req, res, text, threshold);
    };
    res.send = (body?: unknown) => {
      if (!isJson(res.getHeader('Content-Type')) || res.getHeader('Content-Encoding')) return send(body);
      if (typeof body !== 'string' && !Buffer.isBuffer(body)) return send(body);
      return reply(req, res, body, threshold);
    };
    next();
  };
}

/** Ends the response with a JSON body: compressed when worth it and accepted, nothing for HEAD, 204 or 304. */
function reply(req: Request, res: Response, body: string | Buffer, threshold: number): Response {
  res.vary('Accept-Encoding');
  if (res.statusCode === 204 || res.statusCode === 304) {
    res.removeHeader('Content-Type');
    res.end();
    return res;
  }
  const length = typeof body === 'string' ? Buffer.byteLength(body) : body.length;
  const encoding = length >= threshold ? preferredEncoding(req.headers['accept-encoding']) : undefined;
  let payload = body;
  if (encoding) {
    const plain = typeof body === 'string' ? Buffer.from(body) : body;
    payload =
      encoding === 'br'
        ? brotliCompressSync(plain, {
            params: { [constants.BROTLI_PARAM_QUALITY]: 4, [constants.BROTLI_PARAM_SIZE_HINT]: length },
          })
        : gzipSync(plain);
    res.setHeader('Content-Encoding', encoding);
  }
  res.setHeader('Content-Length', typeof payload === 'string' ? length : payload.length);
  if (req.method === 'HEAD') res.end();
  else res.end(payload);
  return res;
}

function isJson(contentType: unknown): boolean {
  return typeof contentType === 'string' && /^application\/([\w.-]+\+)?json\b/i.test(contentType);
}
