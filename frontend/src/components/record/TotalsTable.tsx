import { WEAPON_LABELS, type BoutTotals } from '@piste/contracts';
import { indicatorText } from './record-format';

const headerClasses = 'px-1.5 py-1.5 text-xs font-semibold text-slate-500 dark:text-slate-400';
const cellClasses = 'px-1.5 py-1.5 text-right tabular-nums text-slate-800 dark:text-slate-100';

/** The columns after the weapon, as a pool sheet heads them, with their full names for those who ask. */
const COLUMNS: Array<{ short: string; full: string; value: (totals: BoutTotals) => string }> = [
  { short: 'Bouts', full: 'Bouts', value: (t) => String(t.bouts) },
  { short: 'V', full: 'Victories', value: (t) => String(t.wins) },
  { short: 'D', full: 'Defeats', value: (t) => String(t.losses) },
  { short: 'TS', full: 'Touches scored', value: (t) => String(t.touchesFor) },
  { short: 'TR', full: 'Touches received', value: (t) => String(t.touchesAgainst) },
  {
    short: 'Ind',
    full: 'Indicator (touches scored minus received)',
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
              Weapon
            </th>
            {COLUMNS.map((column) => (
              <th key={column.short} scope="col" className={`${headerClasses} text-right`}>
                {column.short === column.full ? (
                  column.short
                ) : (
                  <abbr title={column.full}>{column.short}</abbr>
                )}
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
                {WEAPON_LABELS[row.weapon]}
              </th>
              {COLUMNS.map((column) => (
                <td key={column.short} className={cellClasses}>
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
