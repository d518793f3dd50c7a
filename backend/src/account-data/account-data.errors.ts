import { HttpStatus } from '@nestjs/common';
import { assertUnreachable, CodedException } from '../common/coded-exception';
import type { TextValues } from '../i18n/i18n';

/** The errors of exports and deletion; each code's text is `errors:<code>` in `backend/src/i18n/locales`. */
export enum AccountDataErrorCode {
  ExportPending = 'account_data.export_pending',
  ExportTooSoon = 'account_data.export_too_soon',
  ExportNotFound = 'account_data.export_not_found',
  OnlyAdmin = 'account_data.only_admin',
}

export function accountDataErrorStatus(code: AccountDataErrorCode): HttpStatus {
  switch (code) {
    case AccountDataErrorCode.ExportPending:
    case AccountDataErrorCode.ExportTooSoon:
      return HttpStatus.TOO_MANY_REQUESTS;
    case AccountDataErrorCode.ExportNotFound:
      return HttpStatus.NOT_FOUND;
    case AccountDataErrorCode.OnlyAdmin:
      return HttpStatus.CONFLICT;
    default:
      return assertUnreachable(code);
  }
}

export const accountDataError = (code: AccountDataErrorCode, values?: TextValues): CodedException =>
  new CodedException(code, accountDataErrorStatus(code), values);
