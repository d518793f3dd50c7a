import { translator, type Translate } from '../i18n/i18n';
import { recipientLanguage } from '../i18n/request-language';
import type { MailMessage } from '../mail/mail-message';

/** Who gets a mail, in their language (`language ?? browserLanguage ?? en`): the parts each account mail needs. */
export interface To {
  email: string;
  username: string;
  language?: string | null;
  browserLanguage?: string | null;
}

/** The mail's language and its texts' translator. */
function speaking(to: To): { language: string; t: Translate } {
  const language = recipientLanguage(to);
  return { language, t: translator(language) };
}

const signature = (t: Translate, to: To) => t('mail:account.signature', { username: to.username });

export function passwordResetMail(to: To, url: string): MailMessage {
  const { language, t } = speaking(to);
  return {
    to: to.email,
    language,
    subject: t('mail:account.password_reset.subject'),
    paragraphs: [
      t('mail:account.password_reset.asked', { username: to.username }),
      t('mail:account.password_reset.once'),
    ],
    action: { label: t('mail:account.password_reset.action'), url },
    reason: `${signature(t, to)} ${t('mail:account.password_reset.reason')}`,
  };
}

export function passwordChangedMail(to: To, how: 'reset' | 'changed', securityUrl: string): MailMessage {
  const { language, t } = speaking(to);
  return {
    to: to.email,
    language,
    subject: t('mail:account.password_changed.subject'),
    paragraphs: [
      how === 'reset'
        ? t('mail:account.password_changed.reset', { username: to.username })
        : t('mail:account.password_changed.changed', { username: to.username }),
      t('mail:account.password_changed.not_you'),
    ],
    action: { label: t('mail:account.check_security'), url: securityUrl },
    reason: `${signature(t, to)} ${t('mail:account.password_changed.reason')}`,
  };
}

export function verifyEmailMail(to: To, url: string): MailMessage {
  const { language, t } = speaking(to);
  return {
    to: to.email,
    language,
    subject: t('mail:account.verify_email.subject'),
    paragraphs: [
      t('mail:account.verify_email.welcome', { username: to.username }),
      t('mail:account.verify_email.lifetime'),
    ],
    action: { label: t('mail:account.verify_email.action'), url },
    reason: t('mail:account.verify_email.reason', { username: to.username }),
  };
}

export function confirmNewEmailMail(to: To, newEmail: string, url: string): MailMessage {
  const { language, t } = speaking(to);
  return {
    to: newEmail,
    language,
    subject: t('mail:account.confirm_new_email.subject'),
    paragraphs: [
      t('mail:account.confirm_new_email.asked', { username: to.username }),
      t('mail:account.confirm_new_email.follow'),
    ],
    action: { label: t('mail:account.confirm_new_email.action'), url },
    reason: t('mail:account.confirm_new_email.reason', { username: to.username }),
  };
}

export function emailChangeNoticeMail(to: To, newEmail: string, securityUrl: string): MailMessage {
  const { language, t } = speaking(to);
  return {
    to: to.email,
    language,
    subject: t('mail:account.email_change_notice.subject'),
    paragraphs: [
      t('mail:account.email_change_notice.asked', { username: to.username, newEmail }),
      t('mail:account.email_change_notice.not_you'),
    ],
    action: { label: t('mail:account.check_security'), url: securityUrl },
    reason: `${signature(t, to)} ${t('mail:account.email_change_notice.reason')}`,
  };
}

/** To the address a profile edit replaced. */
export function emailChangedMail(to: To, previousEmail: string, securityUrl: string): MailMessage {
  const { language, t } = speaking(to);
  return {
    to: previousEmail,
    language,
    subject: t('mail:account.email_changed.subject'),
    paragraphs: [
      t('mail:account.email_changed.changed', { username: to.username, email: to.email }),
      t('mail:account.email_changed.not_you'),
    ],
    action: { label: t('mail:account.check_security'), url: securityUrl },
    reason: t('mail:account.email_changed.reason', { username: to.username }),
  };
}
