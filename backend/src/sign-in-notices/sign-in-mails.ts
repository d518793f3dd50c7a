import type { To } from '../accounts/account-mails';
import { translator } from '../i18n/i18n';
import { recipientLanguage } from '../i18n/request-language';
import type { MailMessage } from '../mail/mail-message';

/** Where and when a sign-in happened, as the mail tells it. */
export interface SignInPlace {
  at: Date;
  /** `Chrome 131 on Android 15`, or null when the browser said nothing. */
  browser: string | null;
  /** The masked address: `203.0.113.x`. */
  network: string | null;
}

export function newSignInMail(to: To, place: SignInPlace, securityUrl: string): MailMessage {
  const language = recipientLanguage(to);
  const t = translator(language);
  const when = place.at.toISOString().replace('T', ' ').slice(0, 16);
  const unknown = t('mail:sign_in.unknown');
  return {
    to: to.email,
    language,
    subject: t('mail:sign_in.subject'),
    paragraphs: [
      t('mail:sign_in.new', { username: to.username }),
      t('mail:sign_in.when', { when }),
      t('mail:sign_in.browser', { browser: place.browser ?? unknown }),
      t('mail:sign_in.network', { network: place.network ?? unknown }),
      t('mail:sign_in.advice'),
    ],
    action: { label: t('mail:account.check_security'), url: securityUrl },
    reason: t('mail:sign_in.reason', { username: to.username }),
  };
}
