import { HttpStatus } from '@nestjs/common';
import { assertUnreachable, CodedException } from '../common/coded-exception';
import type { TextValues } from '../i18n/i18n';

/** The errors of clubs and their members; each code's text is `errors:<code>` in `backend/src/i18n/locales`. */
export enum ClubErrorCode {
  UnknownCursor = 'clubs.unknown_cursor',
  LogoNotUploaded = 'clubs.logo_not_uploaded',
  NotAdminToChange = 'clubs.not_admin_to_change',
  NotOwnerToDelete = 'clubs.not_owner_to_delete',
  NotFound = 'clubs.not_found',
  NotAdminToAnswer = 'clubs.not_admin_to_answer',
  AlreadyMember = 'clubs.already_member',
  CannotJoin = 'clubs.cannot_join',
  AlreadyAsked = 'clubs.already_asked',
  UnknownMemberCursor = 'clubs.unknown_member_cursor',
  NoRequest = 'clubs.no_request',
  NotAdminToChangeRoles = 'clubs.not_admin_to_change_roles',
  NotAMember = 'clubs.not_a_member',
  OwnerRoleFixed = 'clubs.owner_role_fixed',
  NotOwnerForAdmins = 'clubs.not_owner_for_admins',
  NotAdminToRemove = 'clubs.not_admin_to_remove',
  NotOwnerToRemoveAdmin = 'clubs.not_owner_to_remove_admin',
  OwnerCannotLeave = 'clubs.owner_cannot_leave',
}

export function clubErrorStatus(code: ClubErrorCode): HttpStatus {
  switch (code) {
    case ClubErrorCode.UnknownCursor:
    case ClubErrorCode.LogoNotUploaded:
    case ClubErrorCode.UnknownMemberCursor:
      return HttpStatus.BAD_REQUEST;
    case ClubErrorCode.NotAdminToChange:
    case ClubErrorCode.NotOwnerToDelete:
    case ClubErrorCode.NotAdminToAnswer:
    case ClubErrorCode.CannotJoin:
    case ClubErrorCode.NotAdminToChangeRoles:
    case ClubErrorCode.NotOwnerForAdmins:
    case ClubErrorCode.NotAdminToRemove:
    case ClubErrorCode.NotOwnerToRemoveAdmin:
      return HttpStatus.FORBIDDEN;
    case ClubErrorCode.NotFound:
    case ClubErrorCode.NoRequest:
    case ClubErrorCode.NotAMember:
      return HttpStatus.NOT_FOUND;
    case ClubErrorCode.AlreadyMember:
    case ClubErrorCode.AlreadyAsked:
    case ClubErrorCode.OwnerRoleFixed:
    case ClubErrorCode.OwnerCannotLeave:
      return HttpStatus.CONFLICT;
    default:
      return assertUnreachable(code);
  }
}

export const clubError = (code: ClubErrorCode, values?: TextValues): CodedException =>
  new CodedException(code, clubErrorStatus(code), values);
