import type { ReportAgainst } from '@piste/contracts';
import { useTranslation } from '../../i18n/use-translation';
import { Link } from '../../lib/router';
import { formatDateTime, REPORT_TARGET_LABELS, reportHeading } from '../../lib/moderation-format';
import { postPath } from '../../lib/paths';
import { ReportStatusBadge } from '../moderation/ReportStatusBadge';
import { AdminSection, NothingYet } from './AdminSection';

/** The reports against the account, newest first: what was reported (as it was), why, and where each stands. */
export function ReportsAgainst({ reports, total }: { reports: ReportAgainst[]; total: number }) {
  const { t } = useTranslation(['admin', 'common']);
  return (
    <AdminSection id="account-reports" title={t('reportsAgainst.title', { count: total })}>
      {reports.length === 0 ? (
        <NothingYet>{t('reportsAgainst.none')}</NothingYet>
      ) : (
        <ul className="divide-y divide-slate-100 dark:divide-slate-800">
          {reports.map((report) => (
            <li key={report.id} data-testid="report-against" className="px-4 py-3 text-sm sm:px-5">
              <div className="flex flex-wrap items-center gap-2">
                <ReportStatusBadge status={report.status} />
                <span className="font-medium break-words text-slate-900 dark:text-slate-100">
                  {reportHeading(report)}
                </span>
                <span className="text-slate-500 dark:text-slate-400">
                  {t(REPORT_TARGET_LABELS[report.targetType])}
                  {report.deleted ? ` ${t('reportsAgainst.deleted')}` : ''} ·{' '}
                  {formatDateTime(report.createdAt)}
                </span>
              </div>
              {report.content ? (
                <blockquote className="mt-1.5 line-clamp-3 border-l-2 border-slate-200 pl-3 break-words whitespace-pre-line text-slate-600 dark:border-slate-700 dark:text-slate-300">
                  {report.content}
                </blockquote>
              ) : null}
              {report.description ? (
                <p className="mt-1 break-words text-slate-600 dark:text-slate-300">{report.description}</p>
              ) : null}
              {report.postId && !report.deleted ? (
                <Link
                  to={postPath(report.postId)}
                  className="mt-1 inline-block text-sm font-medium text-slate-700 underline underline-offset-2 hover:text-slate-900 dark:text-slate-300 dark:hover:text-white"
                >
                  {t('reportsAgainst.openPost')}
                </Link>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </AdminSection>
  );
}
