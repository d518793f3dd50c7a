import { HttpStatus } from '@nestjs/common';
import { assertUnreachable, CodedException } from '../common/coded-exception';
import type { TextValues } from '../i18n/i18n';

/** The errors of uploads; each code's text is `errors:<code>` in `backend/src/i18n/locales`. */
export enum ObjectErrorCode {
  TicketNotFound = 'objects.ticket_not_found',
  TicketUsed = 'objects.ticket_used',
  TicketExpired = 'objects.ticket_expired',
  TypeMismatch = 'objects.type_mismatch',
  Incomplete = 'objects.incomplete',
  NotUploaded = 'objects.not_uploaded',
}

export function objectErrorStatus(code: ObjectErrorCode): HttpStatus {
  switch (code) {
    case ObjectErrorCode.TicketNotFound:
      return HttpStatus.NOT_FOUND;
    case ObjectErrorCode.TicketUsed:
      return HttpStatus.CONFLICT;
    case ObjectErrorCode.TicketExpired:
      return HttpStatus.GONE;
    case ObjectErrorCode.TypeMismatch:
      return HttpStatus.UNSUPPORTED_MEDIA_TYPE;
    case ObjectErrorCode.Incomplete:
    case ObjectErrorCode.NotUploaded:
      return HttpStatus.BAD_REQUEST;
    default:
      return assertUnreachable(code);
  }
}

export const objectError = (code: ObjectErrorCode, values?: TextValues): CodedException =>
  new CodedException(code, objectErrorStatus(code), values);
