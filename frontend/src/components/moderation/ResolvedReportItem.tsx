import type { Report } from '@piste/contracts';
import { useTranslation } from '../../i18n/use-translation';
import {
  formatDateTime,
  REPORT_TARGET_LABELS,
  reportedItemId,
  reportHeading,
} from '../../lib/moderation-format';
import { ReportFacts } from './ReportFacts';
import { ReportStatusBadge } from './ReportStatusBadge';
import { ReportedContentPreview } from './ReportedContentPreview';
import { ReportTargetBadge } from './ReportTargetBadge';

/** The words of each step of a report's audit trail; another step shows as the server names it. */
const ACTION_LABELS = {
  dismiss: 'moderation.trail.dismiss',
  resolve: 'moderation.trail.resolve',
  delete: 'moderation.trail.delete',
  ban: 'moderation.trail.ban',
} as const;

const isTrailAction = (action: string): action is keyof typeof ACTION_LABELS => action in ACTION_LABELS;

/** A handled report: its outcome, when, who handled it and the audit trail. */
export function ResolvedReportItem({ report }: { report: Report }) {
  const { t } = useTranslation(['admin', 'common']);
  return (
    <li className="p-4 sm:p-5" data-report-id={report.id} data-target-type={report.targetType}>
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="font-semibold break-words text-slate-900 dark:text-slate-100">
            {reportHeading(report)}
          </p>
          <ReportFacts
            facts={[
              { term: t('moderation.facts.resolved'), detail: formatDateTime(report.resolvedAt) },
              ...(report.reviewedBy
                ? [
                    {
                      term: t('moderation.facts.handledBy'),
                      detail: report.reviewedBy.name ?? t('moderation.facts.unknown'),
                    },
                  ]
                : []),
            ]}
            itemId={reportedItemId(report)}
          />
        </div>
        <div className="flex shrink-0 flex-col items-end gap-1.5">
          <ReportStatusBadge status={report.status} />
          <ReportTargetBadge label={t(REPORT_TARGET_LABELS[report.targetType])} />
        </div>
      </div>

      <div className="mt-3">
        <ReportedContentPreview report={report} compact />
      </div>

      {report.actions.length > 0 ? (
        <ol
          aria-label={t('moderation.trail.label')}
          className="mt-3 space-y-1 border-l-2 border-slate-200 pl-3 text-xs text-slate-600 dark:border-slate-800 dark:text-slate-300"
        >
          {report.actions.map((entry, index) => (
            <li key={`${entry.action}-${entry.at}-${index}`}>
              <span className="font-medium text-slate-800 dark:text-slate-200">
                {isTrailAction(entry.action) ? t(ACTION_LABELS[entry.action]) : entry.action}
              </span>
              {entry.by ? t('moderation.trail.by', { name: entry.by }) : ''} · {formatDateTime(entry.at)}
            </li>
          ))}
        </ol>
      ) : null}
    </li>
  );
}
