import { UserRoundX } from 'lucide-react';
import { useTranslation } from '../../i18n/use-translation';
import { Button } from '../Button';
import { HomeButton } from '../HomeButton';
import { SkeletonBars } from '../Skeleton';

/** An unknown fencer, or one on the other side of a block: the two look the same, so a block is never revealed. */
export function FencerNotFound({ username }: { username?: string }) {
  const { t } = useTranslation('people');
  return (
    <section className="mx-auto flex max-w-md flex-col items-center rounded-2xl border border-slate-200 bg-white px-6 py-12 text-center shadow-sm dark:border-slate-800 dark:bg-slate-900">
      <UserRoundX aria-hidden className="size-10 text-slate-400 dark:text-slate-500" />
      <h1 className="mt-3 text-xl font-semibold text-slate-900 dark:text-white">
        {t('fencerStates.notFound.title')}
      </h1>
      <p className="mt-2 mb-6 text-sm break-words text-slate-600 dark:text-slate-300">
        {username ? t('fencerStates.notFound.named', { username }) : t('fencerStates.notFound.unnamed')}
      </p>
      <HomeButton />
    </section>
  );
}

/** The profile could not be fetched (not a not-found): say so and offer another try. */
export function FencerLoadFailed({ message, onRetry }: { message: string; onRetry: () => void }) {
  const { t } = useTranslation(['people', 'common']);
  return (
    <section className="mx-auto max-w-md rounded-2xl border border-slate-200 bg-white px-6 py-12 text-center shadow-sm dark:border-slate-800 dark:bg-slate-900">
      <h1 className="text-xl font-semibold text-slate-900 dark:text-white">{t('fencerStates.loadFailed')}</h1>
      <p className="mt-2 mb-6 text-sm text-slate-600 dark:text-slate-300">{message}</p>
      <Button variant="outline" onClick={onRetry}>
        {t('common:actions.tryAgain')}
      </Button>
    </section>
  );
}

/** The page's shape while the profile loads. */
export function FencerSkeleton() {
  const { t } = useTranslation('people');
  return (
    <div
      role="status"
      aria-label={t('fencerStates.loading')}
      className="mx-auto max-w-5xl animate-pulse space-y-6"
    >
      <div className="overflow-hidden rounded-2xl border border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900">
        <div className="h-24 bg-slate-200 sm:h-32 dark:bg-slate-800" />
        <div className="flex flex-col items-center gap-3 px-5 pb-6 sm:flex-row sm:items-end sm:px-8">
          <div className="-mt-10 size-20 rounded-full border-4 border-white bg-slate-300 sm:size-24 dark:border-slate-900 dark:bg-slate-700" />
          <SkeletonBars className="space-y-2" bars={[['h-5 w-48', 'strong'], 'h-3.5 w-28']} />
        </div>
      </div>
      <div className="h-40 rounded-2xl border border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900" />
    </div>
  );
}
