import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';

/** The box of each card of a fencer's record, as the other cards of the fencer page are drawn. */
export const RECORD_CARD_CLASSES =
  'rounded-2xl border border-slate-200 bg-white p-5 shadow-sm dark:border-slate-800 dark:bg-slate-900';

/** A record card's heading: an icon and its title. */
export function RecordCardTitle({
  id,
  icon: Icon,
  children,
}: {
  id: string;
  icon: LucideIcon;
  children: ReactNode;
}) {
  return (
    <h2 id={id} className="flex items-center gap-2 text-base font-semibold text-slate-900 dark:text-white">
      <Icon aria-hidden className="size-4 text-slate-500 dark:text-slate-400" />
      {children}
    </h2>
  );
}
