import { HttpStatus } from '@nestjs/common';
import { assertUnreachable, CodedException } from '../common/coded-exception';
import type { TextValues } from '../i18n/i18n';

/** The errors of accounts as people find and change them; each code's text is `errors:<code>` in `backend/src/i18n/locales`. */
export enum UserErrorCode {
  NotFound = 'users.not_found',
  UsernameTaken = 'users.username_taken',
  EmailTaken = 'users.email_taken',
  AvatarNotUploaded = 'users.avatar_not_uploaded',
}

export function userErrorStatus(code: UserErrorCode): HttpStatus {
  switch (code) {
    case UserErrorCode.NotFound:
      return HttpStatus.NOT_FOUND;
    case UserErrorCode.UsernameTaken:
    case UserErrorCode.EmailTaken:
      return HttpStatus.CONFLICT;
    case UserErrorCode.AvatarNotUploaded:
      return HttpStatus.BAD_REQUEST;
    default:
      return assertUnreachable(code);
  }
}

export const userError = (code: UserErrorCode, values?: TextValues): CodedException =>
  new CodedException(code, userErrorStatus(code), values);
