import type { ServerResponse } from 'node:http';

/** Writes `body` as JSON with its length, as Piste answers. */
export function reply(response: ServerResponse, status: number, body: unknown): void {
  const json = JSON.stringify(body);
  response.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(json),
  });
  response.end(json);
}
