import { ratingLabel, type Rating } from '@piste/contracts';
import { Lock, Medal } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { Link } from '../../lib/router';
import { WEAPON_DOT_CLASSES, weaponLabel } from '../../lib/weapons';
import { useFencerRecordStore, type RecordHiddenReason } from '../../stores/fencer-record';
import { Button } from '../Button';
import { SkeletonBars } from '../Skeleton';
import { RATING_SYSTEM_LABELS } from './record-format';
import { RECORD_CARD_CLASSES, RecordCardTitle } from './RecordCardTitle';
import { TotalsTable } from './TotalsTable';

const HIDDEN_TEXT = {
  connections: 'record.card.hidden.connections',
  private: 'record.card.hidden.private',
} as const satisfies Record<RecordHiddenReason, string>;

const subheadingClasses = 'text-xs font-semibold tracking-wide text-slate-500 uppercase dark:text-slate-400';

interface RecordCardProps {
  /** Whose record (lower-cased): another fencer's, still in the store while this one loads, never shows. */
  username: string;
  name: string;
  own: boolean;
  /** The Log a bout button. */
  logAction: ReactNode;
}

/**
 * The fencer's record: their ratings per weapon and their confirmed bouts per weapon; or, when they keep it from
 * the viewer, one line saying so.
 */
export function RecordCard({ username, name, own, logAction }: RecordCardProps) {
  const status = useFencerRecordStore((s) => (s.username === username ? s.status : 'loading'));
  const record = useFencerRecordStore((s) => s.record);
  const hiddenBecause = useFencerRecordStore((s) => s.hiddenBecause);
  const refresh = useFencerRecordStore((s) => s.refresh);
  const { t } = useTranslation(['people', 'common']);
  return (
    <section
      aria-labelledby="fencer-record-title"
      data-testid="fencer-record"
      className={RECORD_CARD_CLASSES}
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <RecordCardTitle id="fencer-record-title" icon={Medal}>
          {t('record.card.title')}
        </RecordCardTitle>
        {logAction}
      </div>
      {status === 'loading' ? (
        <SkeletonBars
          bars={[['h-4 w-2/3', 'strong'], 'h-4 w-1/2', 'h-16 w-full']}
          className="mt-4 animate-pulse space-y-3"
        />
      ) : status === 'error' ? (
        <div className="mt-3 text-sm text-slate-600 dark:text-slate-300">
          <p>{t('record.card.failed')}</p>
          <Button variant="outline" className="mt-2 px-3 py-1.5" onClick={() => void refresh()}>
            {t('common:actions.tryAgain')}
          </Button>
        </div>
      ) : status === 'hidden' ? (
        <p
          data-testid="record-hidden"
          className="mt-3 flex items-start gap-2 text-sm text-slate-600 dark:text-slate-300"
        >
          <Lock aria-hidden className="mt-0.5 size-4 shrink-0 text-slate-500 dark:text-slate-400" />
          <span>{t(HIDDEN_TEXT[hiddenBecause ?? 'private'], { name })}</span>
        </p>
      ) : record ? (
        <>
          <RatingList ratings={record.ratings} own={own} />
          <div className="mt-4">
            <h3 className={subheadingClasses}>{t('record.card.confirmed')}</h3>
            {record.totals.length ? (
              <div className="mt-2">
                <TotalsTable
                  totals={record.totals}
                  caption={own ? t('record.card.captionOwn') : t('record.card.caption', { name })}
                  testId="record-totals"
                />
              </div>
            ) : (
              <p data-testid="record-no-bouts" className="mt-1.5 text-sm text-slate-500 dark:text-slate-400">
                {own ? t('record.card.noBoutsOwn') : t('record.card.noBouts')}
              </p>
            )}
          </div>
        </>
      ) : null}
    </section>
  );
}

/** The fencer's ratings, one a line: weapon, system and the rating itself. */
function RatingList({ ratings, own }: { ratings: Rating[]; own: boolean }) {
  const { t } = useTranslation(['people', 'common']);
  if (!ratings.length) {
    return own ? (
      <p className="mt-3 text-sm text-slate-500 dark:text-slate-400">
        {t('record.card.noRatings')}{' '}
        <Link
          to="/profile"
          className="rounded-sm font-semibold text-slate-900 underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-slate-900 dark:text-white dark:focus-visible:outline-slate-300"
        >
          {t('record.card.addRatings')}
        </Link>
      </p>
    ) : null;
  }
  return (
    <div className="mt-3">
      <h3 className={subheadingClasses}>{t('record.card.ratings')}</h3>
      <ul data-testid="record-ratings" className="mt-1.5 space-y-1.5">
        {ratings.map((rating) => (
          <li
            key={`${rating.weapon}:${rating.system}`}
            className="flex items-center justify-between gap-3 text-sm"
          >
            <span className="flex min-w-0 items-center gap-2 text-slate-700 dark:text-slate-200">
              <span
                aria-hidden
                className={`size-2 shrink-0 rounded-full ${WEAPON_DOT_CLASSES[rating.weapon]}`}
              />
              <span className="min-w-0 truncate">
                <span className="font-medium">{weaponLabel(rating.weapon)}</span>
                <span aria-hidden> · </span>
                <span className="sr-only">, </span>
                {t(RATING_SYSTEM_LABELS[rating.system])}
              </span>
            </span>
            <span className="shrink-0 font-bold text-slate-900 tabular-nums dark:text-white">
              {ratingLabel(rating)}
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}
