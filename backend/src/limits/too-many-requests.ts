import { HttpStatus } from '@nestjs/common';
import type { Response } from 'express';
import { CodedException } from '../common/coded-exception';
import { RequestErrorCode } from '../common/request.errors';

/** A limit was reached: 429 `{message, code}` saying when to try again; `Retry-After` carries the same wait. */
export class TooManyRequestsException extends CodedException {
  readonly retryAfterSeconds: number;

  constructor(msBeforeNext: number) {
    const seconds = Math.max(1, Math.ceil(msBeforeNext / 1000));
    const [key, count] = waitText(seconds);
    super(RequestErrorCode.TooMany, HttpStatus.TOO_MANY_REQUESTS, { count }, key);
    this.retryAfterSeconds = seconds;
  }
}

/** Puts `Retry-After` on the reply when `error` is a limit's 429, and hands the error back for rethrowing. */
export function withRetryAfter(response: Response | undefined, error: unknown): unknown {
  if (error instanceof TooManyRequestsException && response && !response.headersSent) {
    response.setHeader('Retry-After', String(error.retryAfterSeconds));
  }
  return error;
}

/** The text's key (a wait in seconds, minutes or hours) and how many. */
function waitText(seconds: number): [string, number] {
  if (seconds < 60) return ['request.too_many_seconds', seconds];
  if (seconds < 60 * 60) return ['request.too_many_minutes', Math.ceil(seconds / 60)];
  return ['request.too_many_hours', Math.ceil(seconds / (60 * 60))];
}
