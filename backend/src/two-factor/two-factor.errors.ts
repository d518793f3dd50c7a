import { HttpStatus } from '@nestjs/common';
import { assertUnreachable, CodedException } from '../common/coded-exception';
import type { TextValues } from '../i18n/i18n';

/** The errors of the second factor; each code's text is `errors:<code>` in `backend/src/i18n/locales`. */
export enum TwoFactorErrorCode {
  AlreadyOn = 'two_factor.already_on',
  SetupFirst = 'two_factor.setup_first',
  WrongCode = 'two_factor.wrong_code',
  Off = 'two_factor.off',
}

export function twoFactorErrorStatus(code: TwoFactorErrorCode): HttpStatus {
  switch (code) {
    case TwoFactorErrorCode.AlreadyOn:
      return HttpStatus.CONFLICT;
    case TwoFactorErrorCode.SetupFirst:
    case TwoFactorErrorCode.WrongCode:
    case TwoFactorErrorCode.Off:
      return HttpStatus.BAD_REQUEST;
    default:
      return assertUnreachable(code);
  }
}

export const twoFactorError = (code: TwoFactorErrorCode, values?: TextValues): CodedException =>
  new CodedException(code, twoFactorErrorStatus(code), values);
