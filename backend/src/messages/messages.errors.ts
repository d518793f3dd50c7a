import { HttpStatus } from '@nestjs/common';
import { assertUnreachable, CodedException } from '../common/coded-exception';
import type { TextValues } from '../i18n/i18n';

/** The errors of direct messages; each code's text is `errors:<code>` in `backend/src/i18n/locales`. */
export enum MessageErrorCode {
  MessageSelf = 'messages.message_self',
  CannotMessage = 'messages.cannot_message',
  ClientIdReused = 'messages.client_id_reused',
  NotFound = 'messages.not_found',
  ConversationNotFound = 'messages.conversation_not_found',
  NotParticipant = 'messages.not_participant',
}

export function messageErrorStatus(code: MessageErrorCode): HttpStatus {
  switch (code) {
    case MessageErrorCode.MessageSelf:
      return HttpStatus.BAD_REQUEST;
    case MessageErrorCode.CannotMessage:
    case MessageErrorCode.NotParticipant:
      return HttpStatus.FORBIDDEN;
    case MessageErrorCode.ClientIdReused:
      return HttpStatus.CONFLICT;
    case MessageErrorCode.NotFound:
    case MessageErrorCode.ConversationNotFound:
      return HttpStatus.NOT_FOUND;
    default:
      return assertUnreachable(code);
  }
}

export const messageError = (code: MessageErrorCode, values?: TextValues): CodedException =>
  new CodedException(code, messageErrorStatus(code), values);
