import { House } from 'lucide-react';
import { useTranslation } from '../i18n/use-translation';
import { Link } from '../lib/router';

export function HomeButton({ label }: { label?: string }) {
  const { t } = useTranslation();
  return (
    <Link
      to="/"
      className="inline-flex items-center gap-2 rounded-lg border border-slate-200 bg-white px-3 py-2 text-sm font-medium text-slate-700 shadow-sm transition hover:bg-slate-50 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-slate-900 dark:border-slate-800 dark:bg-slate-900 dark:text-slate-300 dark:hover:bg-slate-800 dark:hover:text-white dark:focus-visible:outline-slate-300"
    >
      <House aria-hidden className="size-4" />
      {label ?? t('home')}
    </Link>
  );
}
