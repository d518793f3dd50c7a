import { HttpStatus } from '@nestjs/common';
import { assertUnreachable, CodedException } from '../common/coded-exception';
import type { TextValues } from '../i18n/i18n';

/** The errors of signing in; each code's text is `errors:<code>` in `backend/src/i18n/locales`. */
export enum AuthErrorCode {
  InvalidCredentials = 'auth.invalid_credentials',
  Suspended = 'auth.suspended',
  PasswordFirst = 'auth.password_first',
  TooManyWrongCodes = 'auth.too_many_wrong_codes',
  WrongCode = 'auth.wrong_code',
}

export function authErrorStatus(code: AuthErrorCode): HttpStatus {
  switch (code) {
    case AuthErrorCode.InvalidCredentials:
    case AuthErrorCode.PasswordFirst:
    case AuthErrorCode.WrongCode:
      return HttpStatus.UNAUTHORIZED;
    case AuthErrorCode.Suspended:
      return HttpStatus.FORBIDDEN;
    case AuthErrorCode.TooManyWrongCodes:
      return HttpStatus.TOO_MANY_REQUESTS;
    default:
      return assertUnreachable(code);
  }
}

export const authError = (code: AuthErrorCode, values?: TextValues): CodedException =>
  new CodedException(code, authErrorStatus(code), values);
