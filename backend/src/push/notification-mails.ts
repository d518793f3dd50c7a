import type { To } from '../accounts/account-mails';
import type { Language } from '@piste/contracts';
import { translate, translator } from '../i18n/i18n';
import { recipientLanguage } from '../i18n/request-language';
import type { MailMessage } from '../mail/mail-message';
import { notificationMessage } from '../notification-texts/notification-texts';
import type { StoredNotification } from './stored-notification';

/** Notifications one mail lists; the rest are counted. */
const LISTED = 10;

/** One line per notification, in `language`: what happened and, for a post, its opening words. */
function lineOf(notification: StoredNotification, language: Language): string {
  const what = oneLine(notificationMessage(notification, language), 300);
  if (!notification.postContent) return what;
  return translate(language, 'mail:digest.line', { what, about: oneLine(notification.postContent, 120) });
}

function oneLine(text: string, max: number): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > max ? `${line.slice(0, max - 1)}…` : line;
}

/**
 * The hourly mail of notifications left unread for an hour, of the types the user wants mailed (newest first), in
 * the recipient's language. `links`: the notifications page and the settings' Notifications tab.
 */
export function unreadNotificationsMail(
  to: To,
  notifications: StoredNotification[],
  links: { notifications: string; settings: string },
): MailMessage {
  const language = recipientLanguage(to);
  const t = translator(language);
  const count = notifications.length;
  const more = count - LISTED;
  return {
    to: to.email,
    language,
    subject:
      count === 1
        ? oneLine(notificationMessage(notifications[0], language), 200)
        : t('mail:digest.subject', { count }),
    paragraphs: [
      t('mail:digest.intro', { count }),
      ...notifications.slice(0, LISTED).map((notification) => lineOf(notification, language)),
      ...(more > 0 ? [t('mail:digest.more', { count: more })] : []),
    ],
    action: { label: t('mail:digest.action'), url: links.notifications },
    reason: t('mail:digest.reason', { username: to.username, settings: links.settings }),
  };
}
