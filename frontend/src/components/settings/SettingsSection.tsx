import type { ReactNode } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { Button } from '../Button';
import { SkeletonBars } from '../Skeleton';

interface SettingsSectionProps {
  /** Names the section's heading: `{id}-title`. */
  id: string;
  title: string;
  description?: ReactNode;
  children: ReactNode;
}

/** One card of a settings tab: its heading, what it is for, and its content. */
export function SettingsSection({ id, title, description, children }: SettingsSectionProps) {
  return (
    <section
      aria-labelledby={`${id}-title`}
      className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6 dark:border-slate-800 dark:bg-slate-900"
    >
      <h2 id={`${id}-title`} className="text-lg font-semibold text-slate-900 dark:text-slate-100">
        {title}
      </h2>
      {description ? <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">{description}</p> : null}
      <div className="mt-5">{children}</div>
    </section>
  );
}

/** Grey bars while a section's content loads. */
export function SectionSkeleton({ label }: { label: string }) {
  return (
    <div role="status" aria-label={label} className="animate-pulse">
      <SkeletonBars
        className="space-y-3"
        bars={[['h-4 w-40', 'strong'], 'h-4 w-64 max-w-full', ['h-4 w-32', 'strong'], 'h-4 w-56 max-w-full']}
      />
    </div>
  );
}

/** What a section says when its content could not be loaded, with a way to try again. */
export function SectionLoadError({ message, onRetry }: { message: string; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-slate-200 bg-slate-50 px-4 py-3 text-sm text-slate-700 dark:border-slate-800 dark:bg-slate-800/50 dark:text-slate-300">
      <p>{message}</p>
      <Button variant="outline" onClick={onRetry}>
        {t('actions.tryAgain')}
      </Button>
    </div>
  );
}
