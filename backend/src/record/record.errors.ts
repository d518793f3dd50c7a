import { HttpStatus } from '@nestjs/common';
import { assertUnreachable, CodedException } from '../common/coded-exception';
import type { TextValues } from '../i18n/i18n';

/** The errors of ratings and bouts; each code's text is `errors:<code>` in `backend/src/i18n/locales`. */
export enum RecordErrorCode {
  BoutInFuture = 'record.bout_in_future',
  BadDate = 'record.bad_date',
  BoutAgainstSelf = 'record.bout_against_self',
  UnknownEvent = 'record.unknown_event',
  BoutNotFound = 'record.bout_not_found',
  NotOpponent = 'record.not_opponent',
  AlreadyAnswered = 'record.already_answered',
  NotLogger = 'record.not_logger',
  UnknownCursor = 'record.unknown_cursor',
  HeadToHeadSelf = 'record.head_to_head_self',
  ConnectionsOnly = 'record.connections_only',
  Private = 'record.private',
}

export function recordErrorStatus(code: RecordErrorCode): HttpStatus {
  switch (code) {
    case RecordErrorCode.BoutInFuture:
    case RecordErrorCode.BadDate:
    case RecordErrorCode.BoutAgainstSelf:
    case RecordErrorCode.UnknownEvent:
    case RecordErrorCode.UnknownCursor:
    case RecordErrorCode.HeadToHeadSelf:
      return HttpStatus.BAD_REQUEST;
    case RecordErrorCode.BoutNotFound:
      return HttpStatus.NOT_FOUND;
    case RecordErrorCode.NotOpponent:
    case RecordErrorCode.NotLogger:
    case RecordErrorCode.ConnectionsOnly:
    case RecordErrorCode.Private:
      return HttpStatus.FORBIDDEN;
    case RecordErrorCode.AlreadyAnswered:
      return HttpStatus.CONFLICT;
    default:
      return assertUnreachable(code);
  }
}

export const recordError = (code: RecordErrorCode, values?: TextValues): CodedException =>
  new CodedException(code, recordErrorStatus(code), values);
