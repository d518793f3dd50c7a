import { MailWarning } from 'lucide-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { followAddressConfirmation, useEmailVerificationStore } from '../stores/email-verification';

/** The unconfirmed address's strip: what it says and the way to a new link (EmailVerificationBanner shows it). */
export function UnverifiedAddressBanner() {
  const resend = useEmailVerificationStore((s) => s.resend);
  const resending = useEmailVerificationStore((s) => s.resending);
  const { t } = useTranslation();

  useEffect(() => followAddressConfirmation(), []);

  return (
    <section
      aria-label={t('emailVerification.region')}
      data-testid="email-verification-banner"
      className="border-b border-sky-200 bg-sky-50 dark:border-sky-900 dark:bg-sky-950"
    >
      <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-x-3 gap-y-1 px-3 py-2 text-sm text-sky-950 sm:px-6 dark:text-sky-100">
        <p className="flex min-w-0 flex-1 items-start gap-2">
          <MailWarning aria-hidden className="mt-0.5 size-4 shrink-0 text-sky-700 dark:text-sky-300" />
          <span>{t('emailVerification.text')}</span>
        </p>
        <button
          type="button"
          onClick={() => void resend()}
          disabled={resending}
          className="ml-6 shrink-0 rounded-md px-2 py-1 font-semibold text-sky-900 underline underline-offset-2 transition hover:bg-sky-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-sky-900 disabled:cursor-not-allowed disabled:opacity-60 sm:ml-0 dark:text-sky-100 dark:hover:bg-sky-900 dark:focus-visible:outline-sky-200"
        >
          {resending ? t('emailVerification.sending') : t('emailVerification.resend')}
        </button>
      </div>
    </section>
  );
}
