import { BadRequestException } from '@nestjs/common';
import { QueryFailedError } from 'typeorm';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import express from 'express';
import pino from 'pino';
import { describeError, expressErrorHandler, unavailableCause } from './error-reply';
import { httpLogger } from './logging';

function pgError(message: string, code?: string): Error & { code?: string } {
  return Object.assign(new Error(message), code ? { code } : {});
}

describe('describeError', () => {
  it.each([
    ['a refused connection', pgError('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED')],
    ['a server shutting down', pgError('terminating connection due to administrator command', '57P01')],
    ['a server starting up', pgError('the database system is starting up', '57P03')],
    ['a dropped connection', pgError('Connection terminated unexpectedly')],
    ['a pool that cannot connect in time', pgError('timeout exceeded when trying to connect')],
    ['a connection that cannot open in time', pgError('timeout expired')],
    [
      'a query whose connection dropped',
      new QueryFailedError('SELECT 1', [], pgError('Connection terminated unexpectedly')),
    ],
  ])('answers 503 with a cause for %s', (_, error) => {
    const reply = describeError(error);
    expect(reply.status).toBe(503);
    expect(reply.message).toMatch(/try again/);
    expect(reply.unavailable).toBeTruthy();
    expect(reply.unexpected).toBeUndefined();
  });

  it('keeps the contract statuses of other errors', () => {
    expect(describeError(new BadRequestException('Bad weapon'))).toEqual({
      status: 400,
      message: 'Bad weapon',
    });
    expect(describeError({ type: 'entity.parse.failed' }).status).toBe(400);
    expect(describeError(new QueryFailedError('INSERT', [], pgError('dup', '23505'))).status).toBe(409);
    expect(describeError(new Error('boom'))).toMatchObject({ status: 500, unexpected: true });
  });

  it('does not take an ordinary error for an outage', () => {
    expect(unavailableCause(new Error('relation "posts" does not exist'))).toBeNull();
    expect(unavailableCause(new Error('The upload ticket timeout expired on Tuesday'))).toBeNull();
    expect(unavailableCause(undefined)).toBeNull();
  });
});

describe('expressErrorHandler', () => {
  const lines: Record<string, unknown>[] = [];
  let server: Server;
  beforeAll(async () => {
    const sink = new Writable({
      write(chunk: Buffer, _encoding, callback) {
        lines.push(JSON.parse(chunk.toString()) as Record<string, unknown>);
        callback();
      },
    });
    const app = express();
    app.use(httpLogger(pino({ level: 'info' }, sink)));
    app.get('/api/boom', () => {
      throw new Error('the blade broke');
    });
    app.use(expressErrorHandler());
    await new Promise<void>((resolve) => {
      server = app.listen(0, '127.0.0.1', () => resolve());
    });
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));

  it("logs an unexpected error once, with its stack, on the request's own logger, which carries its id", async () => {
    const { port } = server.address() as AddressInfo;
    const reply = await fetch(`http://127.0.0.1:${port}/api/boom`);
    const id = reply.headers.get('x-request-id');
    expect(reply.status).toBe(500);
    await expect(reply.json()).resolves.toMatchObject({ message: expect.stringContaining(id!) as string });
    await new Promise((resolve) => setTimeout(resolve, 50));
    const errors = lines.filter((line) => line.context === 'HTTP');
    expect(errors).toEqual([
      expect.objectContaining({
        level: 50,
        reqId: id,
        msg: expect.stringMatching(
          /^GET \/api\/boom \[request [0-9a-f-]{36}\]: Error: the blade broke\n\s+at /,
        ) as string,
      }),
    ]);
  });
});
