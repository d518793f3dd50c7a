import type { Report } from '@piste/contracts';
import { Ban, Flag, Trash2, X, type LucideIcon } from 'lucide-react';
import { formatDateTime } from '../../lib/moderation-format';
import { Button } from '../Button';
import { ReportFacts } from './ReportFacts';
import { ReportStatusBadge } from './ReportStatusBadge';
import { ReportedPostPreview } from './ReportedPostPreview';

export type ReportAction = 'delete' | 'dismiss';

type ReportHandler = 'onDeletePost' | 'onBanUser' | 'onDismiss';

interface PendingReportCardProps extends Record<ReportHandler, (report: Report) => void> {
  report: Report;
  /** The action in flight for this report, if any. */
  busy: ReportAction | null;
}

/** The buttons under a pending report: Delete Post across the card on a phone, Dismiss the quietest. */
const REPORT_ACTIONS: {
  label: string;
  icon: LucideIcon;
  variant: 'destructive' | 'outline';
  className?: string;
  handler: ReportHandler;
}[] = [
  {
    label: 'Delete Post',
    icon: Trash2,
    variant: 'destructive',
    className: 'col-span-2',
    handler: 'onDeletePost',
  },
  { label: 'Ban User', icon: Ban, variant: 'outline', handler: 'onBanUser' },
  {
    label: 'Dismiss',
    icon: X,
    variant: 'outline',
    className:
      'sm:border-transparent sm:bg-transparent sm:shadow-none dark:sm:border-transparent dark:sm:bg-transparent',
    handler: 'onDismiss',
  },
];

export function PendingReportCard({ report, busy, ...handlers }: PendingReportCardProps) {
  return (
    <article
      aria-label={`Report: ${report.reason}`}
      className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5 dark:border-slate-800 dark:bg-slate-900"
      data-report-id={report.id}
    >
      <header className="flex items-start justify-between gap-3">
        <div className="flex min-w-0 items-start gap-3">
          <span className="mt-0.5 flex size-9 shrink-0 items-center justify-center rounded-full bg-red-50 text-red-600 dark:bg-red-950 dark:text-red-400">
            <Flag aria-hidden className="size-4" />
          </span>
          <div className="min-w-0">
            <h3 className="font-semibold break-words text-slate-900 dark:text-slate-100">{report.reason}</h3>
            <ReportFacts
              facts={[{ term: 'Reported:', detail: formatDateTime(report.createdAt) }]}
              postId={report.postId}
            />
          </div>
        </div>
        <ReportStatusBadge status={report.status} />
      </header>

      {report.description ? (
        <p className="mt-3 text-sm text-slate-700 dark:text-slate-300">{report.description}</p>
      ) : null}

      <div className="mt-4">
        <ReportedPostPreview post={report.post} />
      </div>

      <div className="mt-4 grid grid-cols-2 gap-2 border-t border-slate-100 pt-4 sm:flex sm:flex-wrap dark:border-slate-800">
        {REPORT_ACTIONS.map(({ label, icon: Icon, variant, className, handler }) => (
          <Button
            key={label}
            variant={variant}
            className={className}
            disabled={busy !== null}
            onClick={() => handlers[handler](report)}
          >
            <Icon aria-hidden className="size-4" />
            {label}
          </Button>
        ))}
      </div>
    </article>
  );
}
