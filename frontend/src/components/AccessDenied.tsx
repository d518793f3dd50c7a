import { ShieldX } from 'lucide-react';
import { useTranslation } from '../i18n/use-translation';
import { HomeButton } from './HomeButton';

/** What a fencer who is not an admin sees on an admin page (the spec's Moderation screen says it first). */
export function AccessDenied() {
  const { t } = useTranslation();
  return (
    <section className="mx-auto flex max-w-md flex-col items-center rounded-2xl border border-slate-200 bg-white px-6 py-12 text-center shadow-sm dark:border-slate-800 dark:bg-slate-900">
      <ShieldX aria-hidden className="size-10 text-red-500 dark:text-red-400" />
      <h1 className="mt-3 text-xl font-semibold text-slate-900 dark:text-slate-100">
        {t('accessDenied.title')}
      </h1>
      <p className="mt-2 mb-6 text-sm text-slate-600 dark:text-slate-300">{t('accessDenied.text')}</p>
      <HomeButton label={t('accessDenied.home')} />
    </section>
  );
}
