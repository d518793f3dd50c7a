import { useTranslation } from '../../i18n/use-translation';

/** A fencer's rating beside their name ("B24", "#12"): nothing when they show none. */
export function RatingBadge({ rating, className = '' }: { rating?: string | null; className?: string }) {
  const { t } = useTranslation();
  if (!rating) return null;
  return (
    <span
      data-testid="rating-badge"
      title={t('rating')}
      className={`inline-flex shrink-0 items-center rounded-md bg-slate-800 px-1.5 text-[11px] leading-[18px] font-bold tracking-wide text-white tabular-nums dark:bg-slate-200 dark:text-slate-900 ${className}`}
    >
      <span className="sr-only">{t('rating')} </span>
      {rating}
    </span>
  );
}
