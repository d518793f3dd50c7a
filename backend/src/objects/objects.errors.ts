import { HttpStatus } from '@nestjs/common';
import type { ValidationKey } from '@piste/contracts';
import { assertUnreachable, CodedException } from '../common/coded-exception';
import { requestErrorStatus, type RequestErrorCode } from '../common/request.errors';
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

/**
 * The text of an upload rule a file broke (its type, its size, its content): one the contracts word for the
 * app's file pickers too (`validation:uploads.tooLargeImage`), or one only the server says (`objects.empty`).
 */
export type UploadRuleText =
  | `validation:${ValidationKey}`
  | 'objects.content_mismatch'
  | 'objects.empty'
  | 'objects.larger_than_declared'
  | 'objects.too_many_open'
  | 'objects.too_many_pixels'
  | 'objects.unreadable_image';

/** A file an upload rule refused: the request's code for it (`request.too_large`) and the rule's own text. */
export const uploadRefused = (
  code: RequestErrorCode,
  text: UploadRuleText,
  values?: TextValues,
): CodedException => new CodedException(code, requestErrorStatus(code), values, text);
