import type { Report } from '@piste/contracts';
import type { ParseKeys } from 'i18next';
import { Ban, Flag, Trash2, X, type LucideIcon } from 'lucide-react';
import { useTranslation } from '../../i18n/use-translation';
import {
  formatDateTime,
  REPORT_TARGET_LABELS,
  reportedItemId,
  reportHeading,
} from '../../lib/moderation-format';
import { Button } from '../Button';
import { ReportFacts } from './ReportFacts';
import { ReportStatusBadge } from './ReportStatusBadge';
import { ReportedContentPreview } from './ReportedContentPreview';
import { ReportTargetBadge } from './ReportTargetBadge';

export type ReportAction = 'delete' | 'dismiss';

type ReportHandler = 'onDeletePost' | 'onBanUser' | 'onDismiss';

interface PendingReportCardProps extends Record<ReportHandler, (report: Report) => void> {
  report: Report;
  /** The action in flight for this report, if any. */
  busy: ReportAction | null;
}

/**
 * The buttons under a pending report: Delete Post (a post's report only) across the card on a phone, Ban User
 * (the person the report is against), Dismiss the quietest.
 */
const REPORT_ACTIONS: {
  id: ReportHandler;
  label: ParseKeys<'admin'>;
  icon: LucideIcon;
  variant: 'destructive' | 'outline';
  className?: string;
  handler: ReportHandler;
  postsOnly?: boolean;
}[] = [
  {
    id: 'onDeletePost',
    label: 'moderation.actions.deletePost',
    icon: Trash2,
    variant: 'destructive',
    className: 'col-span-2',
    handler: 'onDeletePost',
    postsOnly: true,
  },
  { id: 'onBanUser', label: 'moderation.ban.title', icon: Ban, variant: 'outline', handler: 'onBanUser' },
  {
    id: 'onDismiss',
    label: 'moderation.actions.dismiss',
    icon: X,
    variant: 'outline',
    className:
      'sm:border-transparent sm:bg-transparent sm:shadow-none dark:sm:border-transparent dark:sm:bg-transparent',
    handler: 'onDismiss',
  },
];

export function PendingReportCard({ report, busy, ...handlers }: PendingReportCardProps) {
  const { t } = useTranslation(['admin', 'common']);
  const heading = reportHeading(report);
  const actions = REPORT_ACTIONS.filter((action) => !action.postsOnly || report.targetType === 'post');
  return (
    <article
      aria-label={t('moderation.reportLabel', { heading })}
      className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5 dark:border-slate-800 dark:bg-slate-900"
      data-report-id={report.id}
      data-target-type={report.targetType}
    >
      <header className="flex items-start justify-between gap-3">
        <div className="flex min-w-0 items-start gap-3">
          <span className="mt-0.5 flex size-9 shrink-0 items-center justify-center rounded-full bg-red-50 text-red-600 dark:bg-red-950 dark:text-red-400">
            <Flag aria-hidden className="size-4" />
          </span>
          <div className="min-w-0">
            <h3 className="font-semibold break-words text-slate-900 dark:text-slate-100">{heading}</h3>
            <ReportFacts
              facts={[{ term: t('moderation.facts.reported'), detail: formatDateTime(report.createdAt) }]}
              itemId={reportedItemId(report)}
            />
          </div>
        </div>
        <div className="flex shrink-0 flex-col items-end gap-1.5">
          <ReportStatusBadge status={report.status} />
          <ReportTargetBadge label={t(REPORT_TARGET_LABELS[report.targetType])} />
        </div>
      </header>

      {report.description ? (
        <p className="mt-3 text-sm break-words text-slate-700 dark:text-slate-300">{report.description}</p>
      ) : null}

      <div className="mt-4">
        <ReportedContentPreview report={report} />
      </div>

      <div className="mt-4 grid grid-cols-2 gap-2 border-t border-slate-100 pt-4 sm:flex sm:flex-wrap dark:border-slate-800">
        {actions.map(({ id, label, icon: Icon, variant, className, handler }) => (
          <Button
            key={id}
            variant={variant}
            className={className}
            disabled={busy !== null}
            onClick={() => handlers[handler](report)}
          >
            <Icon aria-hidden className="size-4" />
            {t(label)}
          </Button>
        ))}
      </div>
    </article>
  );
}
