import { HttpException, HttpStatus } from '@nestjs/common';
import type { Response } from 'express';

/** A limit was reached: 429 `{message}` saying when to try again; `Retry-After` carries the same wait. */
export class TooManyRequestsException extends HttpException {
  readonly retryAfterSeconds: number;

  constructor(msBeforeNext: number) {
    const seconds = Math.max(1, Math.ceil(msBeforeNext / 1000));
    super(`Too many attempts. Please try again in ${waitText(seconds)}.`, HttpStatus.TOO_MANY_REQUESTS);
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

function waitText(seconds: number): string {
  if (seconds < 60) return plural(seconds, 'second');
  if (seconds < 60 * 60) return plural(Math.ceil(seconds / 60), 'minute');
  return plural(Math.ceil(seconds / (60 * 60)), 'hour');
}

const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'}`;
