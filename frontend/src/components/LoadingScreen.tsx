import { LoaderCircle } from 'lucide-react';
import { useTranslation } from '../i18n/use-translation';

/** 'Loading...' with a spinner: over the whole screen while the app starts, or in the page while a screen loads. */
export function LoadingScreen({ inPage = false }: { inPage?: boolean }) {
  const { t } = useTranslation();
  return (
    <div
      role="status"
      className={`flex items-center justify-center gap-3 text-slate-600 dark:text-slate-300 ${
        inPage ? 'py-16' : 'min-h-screen bg-slate-50 dark:bg-slate-950'
      }`}
    >
      <LoaderCircle aria-hidden className="size-5 animate-spin" />
      <span className="text-base font-medium">{t('loading')}</span>
    </div>
  );
}
