import type { MailMessage } from '../mail/mail-message';
import type { StoredNotification } from './stored-notification';

interface To {
  email: string;
  username: string;
}

/** Notifications one mail lists; the rest are counted. */
const LISTED = 10;

/** One line per notification: what happened and, for a post, its opening words. */
function lineOf(notification: StoredNotification): string {
  const about = notification.postContent ? `: “${oneLine(notification.postContent, 120)}”` : '';
  return `${oneLine(notification.message, 300)}${about}`;
}

function oneLine(text: string, max: number): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > max ? `${line.slice(0, max - 1)}…` : line;
}

/**
 * The hourly mail of notifications left unread for an hour, of the types the user wants mailed (newest first).
 * `links`: the notifications page and the settings' Notifications tab.
 */
export function unreadNotificationsMail(
  to: To,
  notifications: StoredNotification[],
  links: { notifications: string; settings: string },
): MailMessage {
  const count = notifications.length;
  const more = count - LISTED;
  return {
    to: to.email,
    subject:
      count === 1
        ? oneLine(notifications[0].message, 200)
        : `You have ${count} unread notifications on Piste`,
    paragraphs: [
      count === 1
        ? 'You have an unread notification on Piste:'
        : `You have ${count} unread notifications on Piste:`,
      ...notifications.slice(0, LISTED).map(lineOf),
      ...(more > 0 ? [`… and ${more} more.`] : []),
    ],
    action: { label: 'Open my notifications', url: links.notifications },
    reason: `You get this email because it is the address of the Piste account ${to.username}, whose notification settings ask for email about these; change them at ${links.settings}`,
  };
}
