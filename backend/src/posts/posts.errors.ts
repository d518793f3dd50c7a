import { HttpStatus } from '@nestjs/common';
import { assertUnreachable, CodedException } from '../common/coded-exception';
import type { TextValues } from '../i18n/i18n';

/** The errors of posts, comments and reactions; each code's text is `errors:<code>` in `backend/src/i18n/locales`. */
export enum PostErrorCode {
  NotFound = 'posts.not_found',
  UnknownCursor = 'posts.unknown_cursor',
  PosterNotUploaded = 'posts.poster_not_uploaded',
  NotYourPostToDelete = 'posts.not_your_post_to_delete',
  NotClubMember = 'posts.not_club_member',
  ReplyElsewhere = 'posts.reply_elsewhere',
  NotYourComment = 'posts.not_your_comment',
  CommentAlreadyLiked = 'posts.comment_already_liked',
  CommentNotLiked = 'posts.comment_not_liked',
  CommentNotFound = 'posts.comment_not_found',
  NotYourPost = 'posts.not_your_post',
  DrillDetailsMisplaced = 'posts.drill_details_misplaced',
  AchievementDetailsMisplaced = 'posts.achievement_details_misplaced',
  DescriptionWithoutImage = 'posts.description_without_image',
  AlreadyLiked = 'posts.already_liked',
  AlreadyDisliked = 'posts.already_disliked',
  NotLiked = 'posts.not_liked',
  NotDisliked = 'posts.not_disliked',
  UploadIsImage = 'posts.upload_is_image',
  UploadIsVideo = 'posts.upload_is_video',
}

export function postErrorStatus(code: PostErrorCode): HttpStatus {
  switch (code) {
    case PostErrorCode.NotFound:
    case PostErrorCode.CommentNotLiked:
    case PostErrorCode.CommentNotFound:
    case PostErrorCode.NotLiked:
    case PostErrorCode.NotDisliked:
      return HttpStatus.NOT_FOUND;
    case PostErrorCode.UnknownCursor:
    case PostErrorCode.PosterNotUploaded:
    case PostErrorCode.ReplyElsewhere:
    case PostErrorCode.DrillDetailsMisplaced:
    case PostErrorCode.AchievementDetailsMisplaced:
    case PostErrorCode.DescriptionWithoutImage:
    case PostErrorCode.UploadIsImage:
    case PostErrorCode.UploadIsVideo:
      return HttpStatus.BAD_REQUEST;
    case PostErrorCode.NotYourPostToDelete:
    case PostErrorCode.NotClubMember:
    case PostErrorCode.NotYourComment:
    case PostErrorCode.NotYourPost:
      return HttpStatus.FORBIDDEN;
    case PostErrorCode.CommentAlreadyLiked:
    case PostErrorCode.AlreadyLiked:
    case PostErrorCode.AlreadyDisliked:
      return HttpStatus.CONFLICT;
    default:
      return assertUnreachable(code);
  }
}

export const postError = (code: PostErrorCode, values?: TextValues): CodedException =>
  new CodedException(code, postErrorStatus(code), values);
