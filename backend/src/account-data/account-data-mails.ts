import { EXPORT_LIFETIME_DAYS } from '@piste/contracts';
import { translator } from '../i18n/i18n';
import { recipientLanguage } from '../i18n/request-language';
import type { MailMessage } from '../mail/mail-message';
import type { To } from '../accounts/account-mails';

export function exportReadyMail(to: To, url: string): MailMessage {
  const language = recipientLanguage(to);
  const t = translator(language);
  return {
    to: to.email,
    language,
    subject: t('mail:account_data.export_ready.subject'),
    paragraphs: [
      t('mail:account_data.export_ready.ready', { username: to.username }),
      t('mail:account_data.export_ready.download', { days: EXPORT_LIFETIME_DAYS }),
    ],
    action: { label: t('mail:account_data.export_ready.action'), url },
    reason: t('mail:account_data.export_ready.reason', { username: to.username }),
  };
}

export function accountDeletedMail(to: To): MailMessage {
  const language = recipientLanguage(to);
  const t = translator(language);
  return {
    to: to.email,
    language,
    subject: t('mail:account_data.deleted.subject'),
    paragraphs: [
      t('mail:account_data.deleted.deleted', { username: to.username }),
      t('mail:account_data.deleted.thanks'),
    ],
    reason: t('mail:account_data.deleted.reason', { username: to.username }),
  };
}
