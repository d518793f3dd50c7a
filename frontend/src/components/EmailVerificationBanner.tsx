import { MailWarning } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from '../i18n/use-translation';
import { followAddressConfirmation } from '../stores/address-confirmation';
import { useSessionStore } from '../stores/session';

/**
 * A slim strip under the header until the signed-in user has confirmed their address, with a way to get a new
 * link. It goes by itself once the address is confirmed, in this tab or another.
 */
export function EmailVerificationBanner() {
  const unverified = useSessionStore((s) => s.user?.emailVerified === false);
  if (!unverified) return null;
  return <UnverifiedAddressBanner />;
}

function UnverifiedAddressBanner() {
  const [resending, setResending] = useState(false);
  const { t } = useTranslation();

  useEffect(() => followAddressConfirmation(), []);

  // The store that asks for a new link (and what it imports) is fetched when someone asks.
  async function resend() {
    setResending(true);
    try {
      const { useEmailVerificationStore } = await import('../stores/email-verification');
      await useEmailVerificationStore.getState().resend();
    } finally {
      setResending(false);
    }
  }

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
