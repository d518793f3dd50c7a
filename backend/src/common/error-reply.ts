import { HttpException, HttpStatus, Logger } from '@nestjs/common';
import type { NextFunction, Request, Response } from 'express';
import { QueryFailedError } from 'typeorm';
import { NUL_MESSAGE } from '@piste/contracts';

/** How long a client should wait before retrying while a dependency (PostgreSQL, storage) is unreachable. */
export const RETRY_AFTER_SECONDS = 5;

/** What a failed request answers: the status and `{message}`, and what the log needs to know. */
export interface ErrorReply {
  status: number;
  message: string;
  /** A dependency is unreachable: a 503 with Retry-After, logged as one line naming this cause. */
  unavailable?: string;
  /** Not an expected error: logged with its stack. */
  unexpected?: boolean;
}

interface ErrorWithDetails {
  type?: string;
  status?: number;
  statusCode?: number;
  code?: string;
  message?: string;
  driverError?: unknown;
  cause?: unknown;
}

/** Error codes of a connection that failed or a server that is not taking queries (Node and PostgreSQL). */
const CONNECTION_CODES = new Set([
  'ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN', 'EPIPE',
  '57P01', '57P02', '57P03', '53300', '08000', '08001', '08003', '08004', '08006',
]); // prettier-ignore
const CONNECTION_MESSAGES =
  /connection terminated|timeout exceeded when trying to connect|client has encountered a connection error|connection is not established|the database system is (starting up|shutting down|in recovery mode)|terminating connection/i;

/** The short cause when `error` (or what it wraps) means a dependency is unreachable, otherwise null. */
export function unavailableCause(error: unknown, depth = 0): string | null {
  if (!error || typeof error !== 'object' || depth > 3) return null;
  const e = error as ErrorWithDetails;
  if ((e.code && CONNECTION_CODES.has(e.code)) || (e.message && CONNECTION_MESSAGES.test(e.message))) {
    return [e.code, e.message].filter(Boolean).join(' ').slice(0, 200);
  }
  return unavailableCause(e.driverError, depth + 1) ?? unavailableCause(e.cause, depth + 1);
}

function httpExceptionMessage(exception: HttpException): string {
  const body = exception.getResponse();
  if (typeof body === 'string') return body;
  const message = (body as { message?: unknown }).message;
  if (typeof message === 'string') return message;
  if (Array.isArray(message)) return String(message[0]);
  return exception.message;
}

/** Maps any error to the reply the contract promises (DESIGN.md §4): never a stack, never a 500 for bad input. */
export function describeError(exception: unknown): ErrorReply {
  if (exception instanceof HttpException) {
    return { status: exception.getStatus(), message: httpExceptionMessage(exception) };
  }
  const e = (exception ?? {}) as ErrorWithDetails;
  if (e.type === 'entity.parse.failed') {
    return { status: HttpStatus.BAD_REQUEST, message: 'Malformed JSON in request body' };
  }
  if (e.type === 'entity.too.large') {
    return { status: HttpStatus.PAYLOAD_TOO_LARGE, message: 'Request body is too large' };
  }
  const knownStatus = e.status ?? e.statusCode;
  if (typeof knownStatus === 'number' && knownStatus >= 400 && knownStatus < 500) {
    return { status: knownStatus, message: e.message || 'Bad request' };
  }
  const unavailable = unavailableCause(exception);
  if (unavailable) {
    return {
      status: HttpStatus.SERVICE_UNAVAILABLE,
      message: 'Piste is briefly unavailable. Please try again in a moment.',
      unavailable,
    };
  }
  if (exception instanceof QueryFailedError) {
    const code = (exception.driverError as { code?: string } | undefined)?.code;
    if (code === '23505') return { status: HttpStatus.CONFLICT, message: 'Already exists' };
    if (code === '23503') return { status: HttpStatus.NOT_FOUND, message: 'Not found' };
    if (code === '22P02') return { status: HttpStatus.BAD_REQUEST, message: 'Invalid id' };
    // Text PostgreSQL cannot store (a NUL character) that a schema let through.
    if (code === '22021') return { status: HttpStatus.BAD_REQUEST, message: NUL_MESSAGE };
  }
  return { status: HttpStatus.INTERNAL_SERVER_ERROR, message: 'Something went wrong', unexpected: true };
}

/**
 * Answers a failed request with `{message}`. An unreachable dependency is a 503 with Retry-After whose cause the
 * request's log line carries (one line, no stack); an unexpected error is logged once with its stack.
 */
export function sendError(exception: unknown, request: Request, response: Response, logger: Logger): void {
  const reply = describeError(exception);
  const requestId =
    typeof request.id === 'string' || typeof request.id === 'number' ? String(request.id) : '';
  if (reply.unavailable) response.locals.errorCause = reply.unavailable;
  if (reply.unexpected) {
    logger.error(
      `${request.method} ${request.originalUrl} [request ${requestId}]: ${exception instanceof Error ? exception.stack : String(exception)}`,
    );
    reply.message = `Something went wrong (request ${requestId})`;
  }
  if (response.headersSent) {
    response.end();
    return;
  }
  if (reply.unavailable) response.setHeader('Retry-After', String(RETRY_AFTER_SECONDS));
  response.status(reply.status).json({ message: reply.message });
}

/** The same replies for errors raised by Express middleware (body parsing, sessions) before Nest's routes. */
export function expressErrorHandler(): (
  err: unknown,
  req: Request,
  res: Response,
  next: NextFunction,
) => void {
  const logger = new Logger('HTTP');
  return (err, req, res, _next) => sendError(err, req, res, logger);
}
