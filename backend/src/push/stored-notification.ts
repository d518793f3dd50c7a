import type { NotificationType, UpdateNotificationSettings } from '@piste/contracts';
import type { StoredText } from '../notification-texts/notification-texts';

/** What decides where a stored notification goes beside the app: its recipient's choices and browsers. */
export interface RecipientDelivery {
  /** The recipient's stored choices (null: the defaults). */
  recipientSettings: UpdateNotificationSettings | null;
  /** The recipient's push subscriptions, most recently registered first. */
  recipientSubscriptionIds: string[];
}

/**
 * A stored notification as push and mail read it: the columns of a `notifications` row they use (the
 * notifications domain hands over its own rows, which have them), and, as the INSERT returns it, where it goes.
 */
export interface StoredNotification extends Partial<RecipientDelivery>, StoredText {
  id: string;
  recipientId: string;
  type: NotificationType;
  actorId: string | null;
  actorName: string | null;
  postId: string | null;
  postContent: string | null;
  conversationId: string | null;
  requestId: string | null;
  path: string | null;
}

/**
 * The RecipientDelivery columns of the user in `recipientColumn`, for the RETURNING list of the INSERT that stores
 * a notification: the statement that stores it also says where it goes, so a notification costs no statement more
 * when nothing is to be pushed or mailed (a like or a message stays within its statement budget).
 */
export function recipientDeliveryColumns(recipientColumn: string): string {
  return `(SELECT ds."settings" FROM notification_settings ds WHERE ds."userId" = ${recipientColumn}) AS "recipientSettings",
    ARRAY(SELECT ps."id"::text FROM push_subscriptions ps WHERE ps."userId" = ${recipientColumn}
          ORDER BY ps."updatedAt" DESC) AS "recipientSubscriptionIds"`;
}
