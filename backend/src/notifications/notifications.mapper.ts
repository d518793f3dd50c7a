import type { Language, NotificationType, ServerNotification } from '@piste/contracts';
import { notificationMessage, type TextParams } from '../notification-texts/notification-texts';
import type { RecipientDelivery } from '../push/stored-notification';

/**
 * A stored notification as a row (an entity, or `row_to_json` of one, whose times are strings); as the INSERT
 * returns it, with where it goes beside the app and the recipient's languages.
 */
export interface NotificationRow extends Partial<RecipientDelivery> {
  id: string;
  recipientId: string;
  type: NotificationType;
  actorId: string | null;
  actorName: string | null;
  actorAvatar: string | null;
  /** What it says: a kind of text and its values (notification-texts); `message` is an old row's English. */
  kind: string | null;
  params: TextParams | null;
  message: string | null;
  postId: string | null;
  postContent: string | null;
  conversationId: string | null;
  requestId: string | null;
  messageId: string | null;
  path: string | null;
  readAt: Date | string | null;
  createdAt: Date | string;
  /** As the INSERT returns it: the recipient's chosen and browser languages. */
  recipientLanguages?: { language: string | null; browserLanguage: string | null } | null;
}

/** A stored notification as its recipient reads it, in `language`. */
export function toServerNotification(row: NotificationRow, language: Language): ServerNotification {
  return {
    id: row.id,
    type: row.type,
    user: { ...(row.actorId ? { id: row.actorId } : {}), name: row.actorName, avatar: row.actorAvatar },
    message: notificationMessage(row, language),
    ...(row.postId ? { postId: row.postId } : {}),
    ...(row.postContent !== null ? { postContent: row.postContent } : {}),
    ...(row.conversationId ? { conversationId: row.conversationId } : {}),
    ...(row.requestId ? { requestId: row.requestId } : {}),
    ...(row.path ? { path: row.path } : {}),
    createdAt: new Date(row.createdAt).toISOString(),
    unread: row.readAt === null,
  };
}
