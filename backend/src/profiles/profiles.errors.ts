import { HttpStatus } from '@nestjs/common';
import { assertUnreachable, CodedException } from '../common/coded-exception';
import type { TextValues } from '../i18n/i18n';

/** The errors of profiles; each code's text is `errors:<code>` in `backend/src/i18n/locales`. */
export enum ProfileErrorCode {
  NotYourProfile = 'profiles.not_your_profile',
}

export function profileErrorStatus(code: ProfileErrorCode): HttpStatus {
  switch (code) {
    case ProfileErrorCode.NotYourProfile:
      return HttpStatus.FORBIDDEN;
    default:
      return assertUnreachable(code);
  }
}

export const profileError = (code: ProfileErrorCode, values?: TextValues): CodedException =>
  new CodedException(code, profileErrorStatus(code), values);
