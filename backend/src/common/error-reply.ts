import { HttpException, HttpStatus, Logger } from '@nestjs/common';
import type { NextFunction, Request, Response } from 'express';
import type { Language } from '@piste/contracts';
import { QueryFailedError } from 'typeorm';
import { translate, type TextValues } from '../i18n/i18n';
import { requestLanguage } from '../i18n/request-language';
import { CodedException } from './coded-exception';
import { codeForStatus, RequestErrorCode } from './request.errors';
import { RequestValidationException, VALIDATION_CODE } from './zod.pipe';

/** How long a client should wait before retrying while a dependency (PostgreSQL, storage) is unreachable. */
export const RETRY_AFTER_SECONDS = 5;

/** What a failed request answers: the status and `{message, code}`, and what the log needs to know. */
export interface ErrorReply {
  status: number;
  /** The English text. */
  message: string;
  /** The stable code; when absent, the one the status stands for (`codeForStatus`). */
  code?: string;
  /** How to say `message` in another language: its catalogue key and values. Absent: it is said as it is. */
  text?: { key: string; values?: TextValues };
  /** Or, for a text no catalogue holds (zod's own), who says it in another language. */
  say?: (language: Language) => string;
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
// `timeout expired` alone is pg's Client giving up on opening a connection (CONNECT_TIMEOUT_MS).
const CONNECTION_MESSAGES =
  /connection terminated|timeout exceeded when trying to connect|^timeout expired$|client has encountered a connection error|connection is not established|the database system is (starting up|shutting down|in recovery mode)|terminating connection/i;

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
  if (exception instanceof CodedException) {
    return {
      status: exception.getStatus(),
      message: exception.message,
      code: exception.code,
      text: { key: exception.textKey, values: exception.values },
    };
  }
  if (exception instanceof RequestValidationException) {
    const { rule } = exception;
    return {
      status: exception.getStatus(),
      message: httpExceptionMessage(exception),
      code: VALIDATION_CODE,
      ...(rule
        ? { text: { key: `validation:${rule.key}`, values: { ...rule.values } } }
        : { say: (language: Language) => exception.inLanguage(language) }),
    };
  }
  if (exception instanceof HttpException) {
    const code = (exception.getResponse() as { code?: unknown }).code;
    return {
      status: exception.getStatus(),
      message: httpExceptionMessage(exception),
      ...(typeof code === 'string' ? { code } : {}),
    };
  }
  const e = (exception ?? {}) as ErrorWithDetails;
  if (e.type === 'entity.parse.failed') {
    return coded(HttpStatus.BAD_REQUEST, RequestErrorCode.MalformedJson);
  }
  if (e.type === 'entity.too.large') {
    return coded(HttpStatus.PAYLOAD_TOO_LARGE, RequestErrorCode.TooLarge);
  }
  const knownStatus = e.status ?? e.statusCode;
  if (typeof knownStatus === 'number' && knownStatus >= 400 && knownStatus < 500) {
    return { status: knownStatus, message: e.message || 'Bad request' };
  }
  const unavailable = unavailableCause(exception);
  if (unavailable) {
    return { ...coded(HttpStatus.SERVICE_UNAVAILABLE, RequestErrorCode.Unavailable), unavailable };
  }
  if (exception instanceof QueryFailedError) {
    const code = (exception.driverError as { code?: string } | undefined)?.code;
    if (code === '23505') return coded(HttpStatus.CONFLICT, RequestErrorCode.AlreadyExists);
    if (code === '23503') return coded(HttpStatus.NOT_FOUND, RequestErrorCode.NotFound);
    if (code === '22P02') return coded(HttpStatus.BAD_REQUEST, RequestErrorCode.InvalidId);
    // Text PostgreSQL cannot store (a NUL character) that a schema let through.
    if (code === '22021') return coded(HttpStatus.BAD_REQUEST, RequestErrorCode.NulCharacter);
  }
  return { ...coded(HttpStatus.INTERNAL_SERVER_ERROR, RequestErrorCode.Failed), unexpected: true };
}

/** A reply said with the `errors` catalogue's text for `code`. */
function coded(status: number, code: RequestErrorCode): ErrorReply {
  const key = `errors:${code}`;
  return { status, message: translate('en', key), code, text: { key } };
}

/**
 * Answers a failed request with `{message, code}`, the message in the request's language. An unreachable dependency is a 503 with Retry-After whose cause the
 * request's log line carries (one line, no stack); an unexpected error is logged once with its stack.
 */
export function sendError(exception: unknown, request: Request, response: Response, logger: Logger): void {
  const reply = describeError(exception);
  const requestId =
    typeof request.id === 'string' || typeof request.id === 'number' ? String(request.id) : '';
  if (reply.unavailable) response.locals.errorCause = reply.unavailable;
  if (reply.unexpected) {
    const line = `${request.method} ${request.originalUrl} [request ${requestId}]: ${exception instanceof Error ? exception.stack : String(exception)}`;
    // The request's own logger carries its id; one that never passed httpLogger has only Nest's.
    if (typeof request.log?.error === 'function') request.log.error({ context: 'HTTP' }, line);
    else logger.error(line);
    reply.text = { key: 'errors:request.failed_with_id', values: { requestId } };
  }
  if (response.headersSent) {
    response.end();
    return;
  }
  if (reply.unavailable) response.setHeader('Retry-After', String(RETRY_AFTER_SECONDS));
  const language = requestLanguage(request);
  const message = reply.text
    ? translate(language, reply.text.key, reply.text.values)
    : (reply.say?.(language) ?? reply.message);
  response.status(reply.status).json({ message, code: reply.code ?? codeForStatus(reply.status) });
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
