import { HttpStatus } from '@nestjs/common';
import { assertUnreachable, CodedException } from '../common/coded-exception';
import type { TextValues } from '../i18n/i18n';

/** The errors of saved posts, drills and tags; each code's text is `errors:<code>` in `backend/src/i18n/locales`. */
export enum LibraryErrorCode {
  AlreadySaved = 'library.already_saved',
  NotSaved = 'library.not_saved',
  BadTag = 'library.bad_tag',
  UnknownCursor = 'library.unknown_cursor',
}

export function libraryErrorStatus(code: LibraryErrorCode): HttpStatus {
  switch (code) {
    case LibraryErrorCode.AlreadySaved:
      return HttpStatus.CONFLICT;
    case LibraryErrorCode.NotSaved:
      return HttpStatus.NOT_FOUND;
    case LibraryErrorCode.BadTag:
    case LibraryErrorCode.UnknownCursor:
      return HttpStatus.BAD_REQUEST;
    default:
      return assertUnreachable(code);
  }
}

export const libraryError = (code: LibraryErrorCode, values?: TextValues): CodedException =>
  new CodedException(code, libraryErrorStatus(code), values);
