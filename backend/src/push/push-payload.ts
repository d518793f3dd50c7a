import {
  DEFAULT_LANGUAGE,
  notificationSettingTypeOf,
  type Language,
  type PushPayload,
} from '@piste/contracts';
import { translate } from '../i18n/i18n';
import { notificationMessage } from '../notification-texts/notification-texts';
import type { StoredNotification } from './stored-notification';

/** What a phone shows at most: longer titles and bodies are cut (push services cap a payload at 4 KB). */
const TITLE_MAX = 120;
const BODY_MAX = 200;

/**
 * The push message of a stored notification (null when its type is never pushed): a title that says who did
 * what, a body with what it is about (the message itself for a direct message), the app path a click opens — the
 * same place the app's notification list leads (frontend/src/lib/paths.ts `notificationPath`) — and a tag under
 * which the phone folds repeats (the messages of one conversation, the likes of one post). The texts Piste writes
 * itself are in the recipient's `language`.
 */
export function pushPayloadOf(
  notification: StoredNotification,
  messageContent: string | null,
  language: Language = DEFAULT_LANGUAGE,
): PushPayload | null {
  const type = notificationSettingTypeOf(notification);
  if (!type) return null;
  const actor = notification.actorName || translate(language, 'push:someone');
  const isMessage = type === 'message';
  return {
    type,
    title: cut(
      isMessage
        ? translate(language, 'push:new_message', { actor })
        : notificationMessage(notification, language),
      TITLE_MAX,
    ),
    body: cut((isMessage ? messageContent : notification.postContent) ?? '', BODY_MAX),
    url: pathOf(notification),
    tag: tagOf(type, notification),
  };
}

/** Where a click leads, as the app's notification list has it. */
function pathOf(n: StoredNotification): string {
  if (n.path) return n.path;
  if (n.postId) return `/posts/${encodeURIComponent(n.postId)}`;
  if (n.type === 'message' && n.actorId) return `/messages?with=${encodeURIComponent(n.actorId)}`;
  if (n.requestId) return '/connections?tab=requests';
  if (n.actorId) return `/u/id/${encodeURIComponent(n.actorId)}`;
  return '/notifications';
}

function tagOf(type: string, n: StoredNotification): string {
  if (n.conversationId) return `${type}:${n.conversationId}`;
  if (n.postId) return `${type}:${n.postId}`;
  if (n.requestId) return `${type}:${n.requestId}`;
  return `${type}:${n.id}`;
}

/**
 * The push service's Topic for a notification: one per conversation, so a message waiting on the service replaces
 * the one before it; none for the rest. A Topic is at most 32 URL-safe base64 characters: the conversation's uuid
 * as 16 bytes is 22.
 */
export function pushTopicOf(notification: StoredNotification): string | undefined {
  if (notification.type !== 'message' || !notification.conversationId) return undefined;
  return Buffer.from(notification.conversationId.replace(/-/g, ''), 'hex').toString('base64url');
}

/** One line of at most `max` characters, with an ellipsis where it was cut. */
function cut(text: string, max: number): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > max ? `${line.slice(0, max - 1)}…` : line;
}
