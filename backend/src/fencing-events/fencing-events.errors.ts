import { HttpStatus } from '@nestjs/common';
import { assertUnreachable, CodedException } from '../common/coded-exception';
import type { TextValues } from '../i18n/i18n';

/** The errors of events and calendars; each code's text is `errors:<code>` in `backend/src/i18n/locales`. */
export enum EventErrorCode {
  CalendarNotFound = 'events.calendar_not_found',
  NotClubStaff = 'events.not_club_staff',
  UnknownCursor = 'events.unknown_cursor',
  NotYoursToChange = 'events.not_yours_to_change',
  EndsBeforeStart = 'events.ends_before_start',
  NotYoursToCancel = 'events.not_yours_to_cancel',
  NotFound = 'events.not_found',
}

export function eventErrorStatus(code: EventErrorCode): HttpStatus {
  switch (code) {
    case EventErrorCode.CalendarNotFound:
    case EventErrorCode.NotFound:
      return HttpStatus.NOT_FOUND;
    case EventErrorCode.NotClubStaff:
    case EventErrorCode.NotYoursToChange:
    case EventErrorCode.NotYoursToCancel:
      return HttpStatus.FORBIDDEN;
    case EventErrorCode.UnknownCursor:
    case EventErrorCode.EndsBeforeStart:
      return HttpStatus.BAD_REQUEST;
    default:
      return assertUnreachable(code);
  }
}

export const eventError = (code: EventErrorCode, values?: TextValues): CodedException =>
  new CodedException(code, eventErrorStatus(code), values);
