import { RefreshCw } from 'lucide-react';
import { useTranslation } from '../i18n/use-translation';
import { useAppUpdateStore } from '../stores/app-update';

/** Offers a deploy that arrived while the app was open; the page changes only when the user says so. */
export function AppUpdateBanner() {
  const available = useAppUpdateStore((s) => s.available);
  const apply = useAppUpdateStore((s) => s.apply);
  const { t } = useTranslation();
  if (!available) return null;
  return (
    <div
      role="region"
      aria-label={t('appUpdate.region')}
      className="fixed inset-x-0 top-2 z-50 flex justify-center px-4"
      data-testid="app-update"
    >
      <div className="flex items-center gap-3 rounded-full border border-slate-200 bg-white py-1.5 pr-1.5 pl-4 text-sm font-medium text-slate-900 shadow-lg dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100">
        <span>{t('appUpdate.text')}</span>
        <button
          type="button"
          onClick={apply}
          className="inline-flex items-center gap-1.5 rounded-full bg-slate-900 px-3 py-1.5 text-sm font-semibold text-white hover:bg-slate-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-slate-900 dark:bg-white dark:text-slate-900 dark:hover:bg-slate-200 dark:focus-visible:outline-white"
        >
          <RefreshCw aria-hidden className="size-4" />
          {t('appUpdate.reload')}
        </button>
      </div>
    </div>
  );
}
