import type { ReportStatus } from '@piste/contracts';
import { useTranslation } from '../../i18n/use-translation';

const styles = {
  pending: {
    label: 'report.statuses.pending',
    classes:
      'bg-amber-50 text-amber-800 ring-amber-200 dark:bg-amber-950 dark:text-amber-200 dark:ring-amber-800',
  },
  dismissed: {
    label: 'report.statuses.dismissed',
    classes:
      'bg-slate-100 text-slate-700 ring-slate-200 dark:bg-slate-800 dark:text-slate-300 dark:ring-slate-700',
  },
  resolved: {
    label: 'report.statuses.resolved',
    classes:
      'bg-emerald-50 text-emerald-800 ring-emerald-200 dark:bg-emerald-950 dark:text-emerald-200 dark:ring-emerald-800',
  },
} as const satisfies Record<ReportStatus, { label: string; classes: string }>;

export function ReportStatusBadge({ status }: { status: ReportStatus }) {
  const { t } = useTranslation();
  const { label, classes } = styles[status];
  return (
    <span
      className={`inline-flex shrink-0 items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset ${classes}`}
    >
      {t(label)}
    </span>
  );
}
