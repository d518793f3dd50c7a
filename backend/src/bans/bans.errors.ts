import { HttpStatus } from '@nestjs/common';
import { assertUnreachable, CodedException } from '../common/coded-exception';
import type { TextValues } from '../i18n/i18n';

/** The errors of bans; each code's text is `errors:<code>` in `backend/src/i18n/locales`. */
export enum BanErrorCode {
  Banned = 'bans.banned',
}

export function banErrorStatus(code: BanErrorCode): HttpStatus {
  switch (code) {
    case BanErrorCode.Banned:
      return HttpStatus.FORBIDDEN;
    default:
      return assertUnreachable(code);
  }
}

export const banError = (code: BanErrorCode, values?: TextValues): CodedException =>
  new CodedException(code, banErrorStatus(code), values);
