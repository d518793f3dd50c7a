/**
 * The floor of a cold start: a Node process with a bare `node:http` server that answers `/health/ready`.
 * Everything Piste's start takes beyond this is its own (loading modules, connecting, migrating).
 */
import { createServer } from 'node:http';

createServer((request, response) => {
  response.writeHead(request.url === '/health/ready' ? 200 : 404, { 'content-type': 'application/json' });
  response.end('{"status":"ok"}');
}).listen(Number(process.env.PORT), process.env.HOST ?? '127.0.0.1');
