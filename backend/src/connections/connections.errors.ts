import { HttpStatus } from '@nestjs/common';
import { assertUnreachable, CodedException } from '../common/coded-exception';
import type { TextValues } from '../i18n/i18n';

/** The errors of connections, blocks and mutes; each code's text is `errors:<code>` in `backend/src/i18n/locales`. */
export enum ConnectionErrorCode {
  NotConnected = 'connections.not_connected',
  BlockSelf = 'connections.block_self',
  MuteSelf = 'connections.mute_self',
  NotMuted = 'connections.not_muted',
  MuteExpiryPast = 'connections.mute_expiry_past',
  RequestSelf = 'connections.request_self',
  CannotRequest = 'connections.cannot_request',
  AlreadyConnected = 'connections.already_connected',
  AlreadyPending = 'connections.already_pending',
  RequestNotFound = 'connections.request_not_found',
  NotReceiver = 'connections.not_receiver',
  AlreadyAnswered = 'connections.already_answered',
  NotSender = 'connections.not_sender',
}

export function connectionErrorStatus(code: ConnectionErrorCode): HttpStatus {
  switch (code) {
    case ConnectionErrorCode.NotConnected:
    case ConnectionErrorCode.NotMuted:
    case ConnectionErrorCode.RequestNotFound:
      return HttpStatus.NOT_FOUND;
    case ConnectionErrorCode.BlockSelf:
    case ConnectionErrorCode.MuteSelf:
    case ConnectionErrorCode.MuteExpiryPast:
    case ConnectionErrorCode.RequestSelf:
      return HttpStatus.BAD_REQUEST;
    case ConnectionErrorCode.CannotRequest:
    case ConnectionErrorCode.NotReceiver:
    case ConnectionErrorCode.NotSender:
      return HttpStatus.FORBIDDEN;
    case ConnectionErrorCode.AlreadyConnected:
    case ConnectionErrorCode.AlreadyPending:
    case ConnectionErrorCode.AlreadyAnswered:
      return HttpStatus.CONFLICT;
    default:
      return assertUnreachable(code);
  }
}

export const connectionError = (code: ConnectionErrorCode, values?: TextValues): CodedException =>
  new CodedException(code, connectionErrorStatus(code), values);
