import { HttpStatus } from '@nestjs/common';
import { assertUnreachable, CodedException } from '../common/coded-exception';
import type { TextValues } from '../i18n/i18n';

/** The errors of search; each code's text is `errors:<code>` in `backend/src/i18n/locales`. */
export enum SearchErrorCode {
  UnknownCursor = 'search.unknown_cursor',
}

export function searchErrorStatus(code: SearchErrorCode): HttpStatus {
  switch (code) {
    case SearchErrorCode.UnknownCursor:
      return HttpStatus.BAD_REQUEST;
    default:
      return assertUnreachable(code);
  }
}

export const searchError = (code: SearchErrorCode, values?: TextValues): CodedException =>
  new CodedException(code, searchErrorStatus(code), values);
