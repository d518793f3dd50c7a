import { Ban } from 'lucide-react';
import { useTranslation } from '../../i18n/use-translation';
import { banNotice, useBanStore } from '../../stores/ban';

/**
 * A strip under the header while the signed-in user is banned: until when, why, and what still works. It
 * disappears by itself when the ban ends.
 */
export function BanNotice() {
  const until = useBanStore((s) => s.until);
  const reason = useBanStore((s) => s.reason);
  const { t } = useTranslation();
  if (!until) return null;
  return (
    <div
      role="status"
      data-testid="ban-notice"
      className="border-b border-red-200 bg-red-50 dark:border-red-800 dark:bg-red-950"
    >
      <p className="mx-auto flex max-w-6xl items-start gap-2 px-3 py-2 text-sm text-red-900 sm:px-6 dark:text-red-200">
        <Ban aria-hidden className="mt-0.5 size-4 shrink-0 text-red-600 dark:text-red-400" />
        <span>
          <span className="font-semibold">{t('ban.noticeSentence', { notice: banNotice(until) })}</span>{' '}
          {t('ban.stillAllowed')}
          {reason ? <> {t('ban.reason', { reason })}</> : null}
        </span>
      </p>
    </div>
  );
}
