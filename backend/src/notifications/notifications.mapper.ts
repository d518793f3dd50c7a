import type { NotificationType, ServerNotification } from '@piste/contracts';
import type { RecipientDelivery } from '../push/stored-notification';

/**
 * A stored notification as a row (an entity, or `row_to_json` of one, whose times are strings); as the INSERT
 * returns it, with where it goes beside the app.
 */
export interface NotificationRow extends Partial<RecipientDelivery> {
  id: string;
  recipientId: string;
  type: NotificationType;
  actorId: string | null;
  actorName: string | null;
  actorAvatar: string | null;
  message: string;
  postId: string | null;
  postContent: string | null;
  conversationId: string | null;
  requestId: string | null;
  messageId: string | null;
  path: string | null;
  readAt: Date | string | null;
  createdAt: Date | string;
}

export function toServerNotification(row: NotificationRow): ServerNotification {
  return {
    id: row.id,
    type: row.type,
    user: { ...(row.actorId ? { id: row.actorId } : {}), name: row.actorName, avatar: row.actorAvatar },
    message: row.message,
    ...(row.postId ? { postId: row.postId } : {}),
    ...(row.postContent !== null ? { postContent: row.postContent } : {}),
    ...(row.conversationId ? { conversationId: row.conversationId } : {}),
    ...(row.requestId ? { requestId: row.requestId } : {}),
    ...(row.path ? { path: row.path } : {}),
    createdAt: new Date(row.createdAt).toISOString(),
    unread: row.readAt === null,
  };
}
