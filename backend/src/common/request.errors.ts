import { HttpStatus } from '@nestjs/common';
import type { TextValues } from '../i18n/i18n';
import { assertUnreachable, CodedException } from './coded-exception';

/** Errors of any request, whatever its domain: who may call, what the body is, what the server can do now. */
export enum RequestErrorCode {
  Invalid = 'request.invalid',
  MalformedJson = 'request.malformed_json',
  InvalidId = 'request.invalid_id',
  NulCharacter = 'request.nul_character',
  NotSignedIn = 'request.not_signed_in',
  Forbidden = 'request.forbidden',
  AdminOnly = 'request.admin_only',
  NotYourself = 'request.not_yourself',
  NotFound = 'request.not_found',
  AlreadyExists = 'request.already_exists',
  TooLarge = 'request.too_large',
  UnsupportedType = 'request.unsupported_type',
  TooMany = 'request.too_many',
  Failed = 'request.failed',
  Unavailable = 'request.unavailable',
}

export function requestErrorStatus(code: RequestErrorCode): HttpStatus {
  switch (code) {
    case RequestErrorCode.Invalid:
    case RequestErrorCode.MalformedJson:
    case RequestErrorCode.InvalidId:
    case RequestErrorCode.NulCharacter:
      return HttpStatus.BAD_REQUEST;
    case RequestErrorCode.NotSignedIn:
      return HttpStatus.UNAUTHORIZED;
    case RequestErrorCode.Forbidden:
    case RequestErrorCode.AdminOnly:
    case RequestErrorCode.NotYourself:
      return HttpStatus.FORBIDDEN;
    case RequestErrorCode.NotFound:
      return HttpStatus.NOT_FOUND;
    case RequestErrorCode.AlreadyExists:
      return HttpStatus.CONFLICT;
    case RequestErrorCode.TooLarge:
      return HttpStatus.PAYLOAD_TOO_LARGE;
    case RequestErrorCode.UnsupportedType:
      return HttpStatus.UNSUPPORTED_MEDIA_TYPE;
    case RequestErrorCode.TooMany:
      return HttpStatus.TOO_MANY_REQUESTS;
    case RequestErrorCode.Failed:
      return HttpStatus.INTERNAL_SERVER_ERROR;
    case RequestErrorCode.Unavailable:
      return HttpStatus.SERVICE_UNAVAILABLE;
    default:
      return assertUnreachable(code);
  }
}

export const requestError = (code: RequestErrorCode, values?: TextValues): CodedException =>
  new CodedException(code, requestErrorStatus(code), values);

/** The code of an error whose thrower gave none: the one its status stands for. */
export function codeForStatus(status: number): RequestErrorCode {
  if (status === 401) return RequestErrorCode.NotSignedIn;
  if (status === 403) return RequestErrorCode.Forbidden;
  if (status === 404) return RequestErrorCode.NotFound;
  if (status === 409) return RequestErrorCode.AlreadyExists;
  if (status === 413) return RequestErrorCode.TooLarge;
  if (status === 415) return RequestErrorCode.UnsupportedType;
  if (status === 429) return RequestErrorCode.TooMany;
  if (status === 503) return RequestErrorCode.Unavailable;
  if (status >= 500) return RequestErrorCode.Failed;
  return RequestErrorCode.Invalid;
}
