import { HttpStatus } from '@nestjs/common';
import { assertUnreachable, CodedException } from '../common/coded-exception';
import type { TextValues } from '../i18n/i18n';

/** The errors of reports and moderation; each code's text is `errors:<code>` in `backend/src/i18n/locales`. */
export enum ModerationErrorCode {
  ReportNotFound = 'moderation.report_not_found',
  AlreadyHandled = 'moderation.already_handled',
  AuthorNotFound = 'moderation.author_not_found',
  AdminNotBannable = 'moderation.admin_not_bannable',
  OwnPost = 'moderation.own_post',
  OwnComment = 'moderation.own_comment',
  OwnMessage = 'moderation.own_message',
  Self = 'moderation.self',
  PostAlreadyReported = 'moderation.post_already_reported',
  CommentAlreadyReported = 'moderation.comment_already_reported',
  MessageAlreadyReported = 'moderation.message_already_reported',
  UserAlreadyReported = 'moderation.user_already_reported',
  NotPostAuthor = 'moderation.not_post_author',
  NotReportedUser = 'moderation.not_reported_user',
}

export function moderationErrorStatus(code: ModerationErrorCode): HttpStatus {
  switch (code) {
    case ModerationErrorCode.ReportNotFound:
    case ModerationErrorCode.AuthorNotFound:
      return HttpStatus.NOT_FOUND;
    case ModerationErrorCode.AlreadyHandled:
    case ModerationErrorCode.PostAlreadyReported:
    case ModerationErrorCode.CommentAlreadyReported:
    case ModerationErrorCode.MessageAlreadyReported:
    case ModerationErrorCode.UserAlreadyReported:
      return HttpStatus.CONFLICT;
    case ModerationErrorCode.AdminNotBannable:
    case ModerationErrorCode.OwnPost:
    case ModerationErrorCode.OwnComment:
    case ModerationErrorCode.OwnMessage:
    case ModerationErrorCode.Self:
      return HttpStatus.FORBIDDEN;
    case ModerationErrorCode.NotPostAuthor:
    case ModerationErrorCode.NotReportedUser:
      return HttpStatus.BAD_REQUEST;
    default:
      return assertUnreachable(code);
  }
}

export const moderationError = (code: ModerationErrorCode, values?: TextValues): CodedException =>
  new CodedException(code, moderationErrorStatus(code), values);
