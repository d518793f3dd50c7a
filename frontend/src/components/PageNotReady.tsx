import type { LucideIcon } from 'lucide-react';
import { useTranslation } from '../i18n/use-translation';
import { Button } from './Button';
import { EmptyState } from './EmptyState';
import { SkeletonBars, type Bar } from './Skeleton';

interface PageNotReadyProps {
  /** The first fetch failed (else it is on its way). */
  failed: boolean;
  /** The failure's title, a whole sentence in the language shown: 'Failed to load the club'. */
  failedTitle: string;
  /** What the skeleton is, for assistive technology: 'Loading club'. */
  loadingLabel: string;
  icon: LucideIcon;
  onRetry: () => void;
  /** The skeleton's bars, shaped like the page to come. */
  bars: Bar[];
  /** The page's width class, so the skeleton stands where the page will. */
  width?: string;
}

/** A page about one thing before it is there: a skeleton while it loads, or the failure with Try again. */
export function PageNotReady({
  failed,
  failedTitle,
  loadingLabel,
  icon,
  onRetry,
  bars,
  width = 'max-w-3xl',
}: PageNotReadyProps) {
  const { t } = useTranslation();
  if (failed) {
    return (
      <EmptyState
        icon={icon}
        title={failedTitle}
        description={t('pageNotReady.checkConnection')}
        action={
          <Button variant="outline" onClick={onRetry}>
            {t('actions.tryAgain')}
          </Button>
        }
      />
    );
  }
  return (
    <div aria-busy="true" aria-label={loadingLabel} className={`mx-auto ${width}`}>
      <SkeletonBars
        bars={bars}
        className="space-y-3 rounded-2xl border border-slate-200 bg-white p-6 dark:border-slate-800 dark:bg-slate-900"
      />
    </div>
  );
}
