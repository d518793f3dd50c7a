import { BadRequestException } from '@nestjs/common';
import { QueryFailedError } from 'typeorm';
import { describeError, unavailableCause } from './error-reply';

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
    expect(unavailableCause(undefined)).toBeNull();
  });
});
