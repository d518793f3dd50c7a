import { HttpStatus } from '@nestjs/common';
import { assertUnreachable, CodedException } from '../common/coded-exception';
import type { TextValues } from '../i18n/i18n';

/** The errors of the account’s own settings and mailed links; each code's text is `errors:<code>` in `backend/src/i18n/locales`. */
export enum AccountErrorCode {
  WrongPassword = 'accounts.wrong_password',
  InvalidLink = 'accounts.invalid_link',
  SameEmail = 'accounts.same_email',
  AlreadyVerified = 'accounts.already_verified',
  SessionNotFound = 'accounts.session_not_found',
  CurrentSession = 'accounts.current_session',
}

export function accountErrorStatus(code: AccountErrorCode): HttpStatus {
  switch (code) {
    case AccountErrorCode.WrongPassword:
    case AccountErrorCode.InvalidLink:
    case AccountErrorCode.SameEmail:
    case AccountErrorCode.AlreadyVerified:
    case AccountErrorCode.CurrentSession:
      return HttpStatus.BAD_REQUEST;
    case AccountErrorCode.SessionNotFound:
      return HttpStatus.NOT_FOUND;
    default:
      return assertUnreachable(code);
  }
}

export const accountError = (code: AccountErrorCode, values?: TextValues): CodedException =>
  new CodedException(code, accountErrorStatus(code), values);
