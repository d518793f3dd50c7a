import { Swords } from 'lucide-react';
import { useTranslation } from '../../i18n/use-translation';
import { useFencerRecordStore } from '../../stores/fencer-record';
import { BoutRow } from './BoutRow';
import { RECORD_CARD_CLASSES, RecordCardTitle } from './RecordCardTitle';
import { TotalsTable } from './TotalsTable';

/** The viewer against the page's fencer: confirmed bouts per weapon from the viewer's side, and the bouts. */
export function HeadToHeadCard({ name }: { name: string }) {
  const { t } = useTranslation('people');
  const headToHead = useFencerRecordStore((s) => s.headToHead);
  if (!headToHead) return null;
  const all = headToHead.totals.reduce(
    (sum, row) => ({
      bouts: sum.bouts + row.bouts,
      wins: sum.wins + row.wins,
      losses: sum.losses + row.losses,
    }),
    { bouts: 0, wins: 0, losses: 0 },
  );
  return (
    <section aria-labelledby="head-to-head-title" data-testid="head-to-head" className={RECORD_CARD_CLASSES}>
      <RecordCardTitle id="head-to-head-title" icon={Swords}>
        {t('record.headToHead.title')}
      </RecordCardTitle>
      <p className="mt-0.5 text-sm break-words text-slate-500 dark:text-slate-400">
        {t('record.headToHead.versus', { name })}
      </p>
      {all.bouts === 0 ? (
        <p data-testid="head-to-head-summary" className="mt-3 text-sm text-slate-600 dark:text-slate-300">
          {t('record.headToHead.empty')}
        </p>
      ) : (
        <>
          <p
            data-testid="head-to-head-summary"
            className="mt-3 text-sm font-medium text-slate-800 dark:text-slate-100"
          >
            {t('record.headToHead.bouts', { count: all.bouts })} ·{' '}
            {t('record.headToHead.wins', { count: all.wins })} ·{' '}
            {t('record.headToHead.losses', { count: all.losses })}
          </p>
          <div className="mt-2">
            <TotalsTable
              totals={headToHead.totals}
              caption={t('record.headToHead.caption', { name })}
              testId="head-to-head-totals"
            />
          </div>
          <ul
            aria-label={t('record.headToHead.list', { name })}
            className="mt-3 divide-y divide-slate-100 border-t border-slate-100 pt-3 dark:divide-slate-800 dark:border-slate-800"
          >
            {headToHead.bouts.map((bout) => (
              <BoutRow key={bout.id} bout={bout} showOpponent={false} />
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
