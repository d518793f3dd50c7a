import { HttpStatus } from '@nestjs/common';
import { assertUnreachable, CodedException } from '../common/coded-exception';
import type { TextValues } from '../i18n/i18n';

/** The errors of admins’ work on accounts; each code's text is `errors:<code>` in `backend/src/i18n/locales`. */
export enum AdminErrorCode {
  UnknownAuditCursor = 'admin.unknown_audit_cursor',
  UnknownCursor = 'admin.unknown_cursor',
  BeingDeleted = 'admin.being_deleted',
  AlreadySuspended = 'admin.already_suspended',
  NotSuspended = 'admin.not_suspended',
  AlreadyBeingDeleted = 'admin.already_being_deleted',
  UnsuspendFirst = 'admin.unsuspend_first',
  LiftBanFirst = 'admin.lift_ban_first',
  LastAdmin = 'admin.last_admin',
  BanNotFound = 'admin.ban_not_found',
  BanAlreadyLifted = 'admin.ban_already_lifted',
  BanAlreadyEnded = 'admin.ban_already_ended',
  DemoteBeforeSuspending = 'admin.demote_before_suspending',
  DemoteBeforeDeleting = 'admin.demote_before_deleting',
}

export function adminErrorStatus(code: AdminErrorCode): HttpStatus {
  switch (code) {
    case AdminErrorCode.UnknownAuditCursor:
    case AdminErrorCode.UnknownCursor:
      return HttpStatus.BAD_REQUEST;
    case AdminErrorCode.BeingDeleted:
    case AdminErrorCode.AlreadySuspended:
    case AdminErrorCode.NotSuspended:
    case AdminErrorCode.AlreadyBeingDeleted:
    case AdminErrorCode.UnsuspendFirst:
    case AdminErrorCode.LiftBanFirst:
    case AdminErrorCode.LastAdmin:
    case AdminErrorCode.BanAlreadyLifted:
    case AdminErrorCode.BanAlreadyEnded:
    case AdminErrorCode.DemoteBeforeSuspending:
    case AdminErrorCode.DemoteBeforeDeleting:
      return HttpStatus.CONFLICT;
    case AdminErrorCode.BanNotFound:
      return HttpStatus.NOT_FOUND;
    default:
      return assertUnreachable(code);
  }
}

export const adminError = (code: AdminErrorCode, values?: TextValues): CodedException =>
  new CodedException(code, adminErrorStatus(code), values);
