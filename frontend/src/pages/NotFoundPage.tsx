import { Compass } from 'lucide-react';
import { useTranslation } from '../i18n/use-translation';
import { HomeButton } from '../components/HomeButton';

export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <section className="mx-auto flex max-w-md flex-col items-center rounded-2xl border border-slate-200 bg-white px-6 py-12 text-center shadow-sm dark:border-slate-800 dark:bg-slate-900">
      <Compass aria-hidden className="size-10 text-slate-400 dark:text-slate-500" />
      <h1 className="mt-3 text-xl font-semibold text-slate-900 dark:text-slate-100">{t('notFound.title')}</h1>
      <p className="mt-2 mb-6 text-sm text-slate-600 dark:text-slate-300">{t('notFound.text')}</p>
      <HomeButton />
    </section>
  );
}
