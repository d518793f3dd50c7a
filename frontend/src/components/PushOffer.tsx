import { BellRing, X } from 'lucide-react';
import { useTranslation } from '../i18n/use-translation';
import { usePushPromptStore } from '../stores/push-prompt';
import { Button } from './Button';
import { IconButton } from './IconButton';

/** The offer itself (PushPrompt shows it). */
export function PushOffer() {
  const accept = usePushPromptStore((s) => s.accept);
  const dismiss = usePushPromptStore((s) => s.dismiss);
  const { t } = useTranslation();
  return (
    <aside
      aria-label={t('pushPrompt.region')}
      className="fixed inset-x-4 bottom-20 z-40 mx-auto max-w-md rounded-2xl border border-slate-200 bg-white p-4 shadow-xl sm:bottom-6 dark:border-slate-700 dark:bg-slate-900"
    >
      <div className="flex items-start gap-3">
        <BellRing aria-hidden className="mt-0.5 size-5 shrink-0 text-slate-700 dark:text-slate-200" />
        <div className="min-w-0 flex-1">
          <p className="text-sm font-semibold text-slate-900 dark:text-slate-100">{t('pushPrompt.title')}</p>
          <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">{t('pushPrompt.text')}</p>
          <div className="mt-3 flex gap-2">
            <Button onClick={() => void accept()}>{t('pushPrompt.turnOn')}</Button>
            <Button variant="outline" onClick={dismiss}>
              {t('pushPrompt.notNow')}
            </Button>
          </div>
        </div>
        <IconButton
          label={t('actions.close')}
          icon={X}
          iconClassName="size-4"
          onClick={dismiss}
          className="rounded-md p-1 text-slate-500 hover:bg-slate-100 hover:text-slate-900 dark:text-slate-400 dark:hover:bg-slate-800 dark:hover:text-white"
        />
      </div>
    </aside>
  );
}
