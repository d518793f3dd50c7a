import type { BoutTotals } from '@piste/contracts';
import type { ParseKeys } from 'i18next';
import { useTranslation } from '../../i18n/use-translation';
import { weaponLabel } from '../../lib/weapons';
import { countText, indicatorText } from './record-format';

const headerClasses = 'px-1.5 py-1.5 text-xs font-semibold text-slate-500 dark:text-slate-400';
const cellClasses = 'px-1.5 py-1.5 text-right tabular-nums text-slate-800 dark:text-slate-100';

/** The columns after the weapon, as a pool sheet heads them, with their full names for those who ask. */
const COLUMNS: Array<{
  id: string;
  short: ParseKeys<'people'>;
  /** Absent where the short heading is the full word. */
  full?: ParseKeys<'people'>;
  value: (totals: BoutTotals) => string;
}> = [
  { id: 'bouts', short: 'record.totals.bouts', value: (t) => countText(t.bouts) },
  {
    id: 'wins',
    short: 'record.totals.wins.short',
    full: 'record.totals.wins.full',
    value: (t) => countText(t.wins),
  },
  {
    id: 'losses',
    short: 'record.totals.losses.short',
    full: 'record.totals.losses.full',
    value: (t) => countText(t.losses),
  },
  {
    id: 'for',
    short: 'record.totals.touchesFor.short',
    full: 'record.totals.touchesFor.full',
    value: (t) => countText(t.touchesFor),
  },
  {
    id: 'against',
    short: 'record.totals.touchesAgainst.short',
    full: 'record.totals.touchesAgainst.full',
    value: (t) => countText(t.touchesAgainst),
  },
  {
    id: 'indicator',
    short: 'record.totals.indicator.short',
    full: 'record.totals.indicator.full',
    value: (t) => indicatorText(t.indicator),
  },
];

/**
 * Confirmed bouts per weapon: bouts, victories, defeats, touches scored and received, and the indicator. On a
 * narrow screen the table scrolls sideways inside its box, never the page.
 */
export function TotalsTable({
  totals,
  caption,
  testId,
}: {
  totals: BoutTotals[];
  caption: string;
  testId?: string;
}) {
  const { t } = useTranslation('people');
  return (
    <div
      role="group"
      aria-label={caption}
      tabIndex={0}
      className="-mx-1.5 overflow-x-auto rounded-md focus-visible:outline-2 focus-visible:outline-slate-900 dark:focus-visible:outline-slate-300"
    >
      <table data-testid={testId} className="w-full min-w-[17rem] border-collapse text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr className="border-b border-slate-200 dark:border-slate-700">
            <th scope="col" className={`${headerClasses} text-left`}>
              {t('record.totals.weapon')}
            </th>
            {COLUMNS.map((column) => (
              <th key={column.id} scope="col" className={`${headerClasses} text-right`}>
                {column.full ? <abbr title={t(column.full)}>{t(column.short)}</abbr> : t(column.short)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {totals.map((row) => (
            <tr
              key={row.weapon}
              data-weapon={row.weapon}
              className="border-b border-slate-100 last:border-0 dark:border-slate-800"
            >
              <th
                scope="row"
                className="px-1.5 py-1.5 text-left font-semibold text-slate-900 dark:text-white"
              >
                {weaponLabel(row.weapon)}
              </th>
              {COLUMNS.map((column) => (
                <td key={column.id} className={cellClasses}>
                  {column.value(row)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
