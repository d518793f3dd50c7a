import { HttpStatus } from '@nestjs/common';
import { assertUnreachable, CodedException } from '../common/coded-exception';
import type { TextValues } from '../i18n/i18n';

/** The errors of notifications; each code's text is `errors:<code>` in `backend/src/i18n/locales`. */
export enum NotificationErrorCode {
  UnknownCursor = 'notifications.unknown_cursor',
  NotFound = 'notifications.not_found',
}

export function notificationErrorStatus(code: NotificationErrorCode): HttpStatus {
  switch (code) {
    case NotificationErrorCode.UnknownCursor:
      return HttpStatus.BAD_REQUEST;
    case NotificationErrorCode.NotFound:
      return HttpStatus.NOT_FOUND;
    default:
      return assertUnreachable(code);
  }
}

export const notificationError = (code: NotificationErrorCode, values?: TextValues): CodedException =>
  new CodedException(code, notificationErrorStatus(code), values);
