import { HttpStatus } from '@nestjs/common';
import { assertUnreachable, CodedException } from '../common/coded-exception';
import type { TextValues } from '../i18n/i18n';

/** The errors of passkeys; each code's text is `errors:<code>` in `backend/src/i18n/locales`. */
export enum PasskeyErrorCode {
  NotChecked = 'passkeys.not_checked',
  AlreadyAdded = 'passkeys.already_added',
  NotFound = 'passkeys.not_found',
  Unknown = 'passkeys.unknown',
  SignInNotChecked = 'passkeys.sign_in_not_checked',
  TooMany = 'passkeys.too_many',
}

export function passkeyErrorStatus(code: PasskeyErrorCode): HttpStatus {
  switch (code) {
    case PasskeyErrorCode.NotChecked:
      return HttpStatus.BAD_REQUEST;
    case PasskeyErrorCode.AlreadyAdded:
    case PasskeyErrorCode.TooMany:
      return HttpStatus.CONFLICT;
    case PasskeyErrorCode.NotFound:
      return HttpStatus.NOT_FOUND;
    case PasskeyErrorCode.Unknown:
    case PasskeyErrorCode.SignInNotChecked:
      return HttpStatus.UNAUTHORIZED;
    default:
      return assertUnreachable(code);
  }
}

export const passkeyError = (code: PasskeyErrorCode, values?: TextValues): CodedException =>
  new CodedException(code, passkeyErrorStatus(code), values);
