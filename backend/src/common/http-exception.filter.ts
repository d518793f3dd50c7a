import { ArgumentsHost, Catch, ExceptionFilter, HttpException, HttpStatus, Logger } from '@nestjs/common';
import type { Request, Response } from 'express';
import { randomUUID } from 'node:crypto';
import { QueryFailedError } from 'typeorm';

interface BodyParserError {
  type?: string;
  status?: number;
  statusCode?: number;
}

/** Turns every error into `{ message }` with the right status; unexpected ones are logged with a request id. */
@Catch()
export class HttpExceptionFilter implements ExceptionFilter {
  private readonly logger = new Logger('HTTP');

  catch(exception: unknown, host: ArgumentsHost): void {
    const ctx = host.switchToHttp();
    const response = ctx.getResponse<Response>();
    const request = ctx.getRequest<Request>();
    const { status, message } = this.describe(exception, request);
    if (response.headersSent) {
      response.end();
      return;
    }
    response.status(status).json({ message });
  }

  private describe(exception: unknown, request: Request): { status: number; message: string } {
    if (exception instanceof HttpException) {
      const body = exception.getResponse();
      const message =
        typeof body === 'string'
          ? body
          : typeof (body as { message?: unknown }).message === 'string'
            ? (body as { message: string }).message
            : Array.isArray((body as { message?: unknown }).message)
              ? String((body as { message: unknown[] }).message[0])
              : exception.message;
      return { status: exception.getStatus(), message };
    }
    const parserError = exception as BodyParserError;
    if (parserError?.type === 'entity.parse.failed') {
      return { status: HttpStatus.BAD_REQUEST, message: 'Malformed JSON in request body' };
    }
    if (parserError?.type === 'entity.too.large') {
      return { status: HttpStatus.PAYLOAD_TOO_LARGE, message: 'Request body is too large' };
    }
    const knownStatus = parserError?.status ?? parserError?.statusCode;
    if (typeof knownStatus === 'number' && knownStatus >= 400 && knownStatus < 500) {
      return { status: knownStatus, message: (exception as Error).message || 'Bad request' };
    }
    if (exception instanceof QueryFailedError) {
      const code = (exception.driverError as { code?: string } | undefined)?.code;
      if (code === '23505') return { status: HttpStatus.CONFLICT, message: 'Already exists' };
      if (code === '23503') return { status: HttpStatus.NOT_FOUND, message: 'Not found' };
      if (code === '22P02') return { status: HttpStatus.BAD_REQUEST, message: 'Invalid id' };
    }
    const requestId = randomUUID();
    this.logger.error(
      `[${requestId}] ${request.method} ${request.url}: ${exception instanceof Error ? exception.stack : String(exception)}`,
    );
    return {
      status: HttpStatus.INTERNAL_SERVER_ERROR,
      message: `Something went wrong (request ${requestId})`,
    };
  }
}
