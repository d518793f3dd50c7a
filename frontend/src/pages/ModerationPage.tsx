import type { BanDurationHours, Report, SessionUser } from '@piste/contracts';
import { CircleCheck, History, RefreshCw } from 'lucide-react';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from '../i18n/use-translation';
import { Button } from '../components/Button';
import { AccessDenied } from '../components/AccessDenied';
import { AdminNav } from '../components/admin/AdminNav';
import { HeadedPage } from '../components/PageHeader';
import { BanDialog } from '../components/moderation/BanDialog';
import { PendingReportCard, type ReportAction } from '../components/moderation/PendingReportCard';
import { ResolvedReportItem } from '../components/moderation/ResolvedReportItem';
import { selectPendingReports, splitResolved, useModerationStore } from '../stores/moderation';

/** /moderation — admins only; everyone else sees Access Denied. */
export function ModerationPage({ user }: { user: SessionUser }) {
  if (!user.isAdmin) return <AccessDenied />;
  return <ModerationScreen />;
}

function ModerationScreen() {
  const { t } = useTranslation('admin');
  return (
    <HeadedPage width="wide" title={t('moderation.title')} subtitle={t('moderation.subtitle')}>
      <AdminNav />
      <ModerationQueue />
    </HeadedPage>
  );
}

function ModerationQueue() {
  const reports = useModerationStore((s) => s.reports);
  const status = useModerationStore((s) => s.status);
  const load = useModerationStore((s) => s.load);
  const dismiss = useModerationStore((s) => s.dismiss);
  const deletePost = useModerationStore((s) => s.deletePost);
  const canBanReported = useModerationStore((s) => s.canBanReported);
  const banReported = useModerationStore((s) => s.banReported);

  const { t } = useTranslation(['admin', 'common']);
  const [busy, setBusy] = useState<Record<string, ReportAction>>({});
  const [banTarget, setBanTarget] = useState<Report | null>(null);
  const [banPending, setBanPending] = useState(false);

  // Fresh on every visit; live events keep it current afterwards.
  useEffect(() => {
    void load();
  }, [load]);

  const pending = useMemo(() => selectPendingReports({ reports }), [reports]);
  const resolved = useMemo(() => splitResolved(reports), [reports]);

  async function run(report: Report, action: ReportAction, work: () => Promise<boolean>) {
    setBusy((b) => ({ ...b, [report.id]: action }));
    try {
      await work();
    } finally {
      setBusy(({ [report.id]: _done, ...rest }) => rest);
    }
  }

  const onDismiss = (report: Report) => void run(report, 'dismiss', () => dismiss(report.id));
  const onDeletePost = (report: Report) => void run(report, 'delete', () => deletePost(report));
  const onBanUser = (report: Report) => {
    if (canBanReported(report)) setBanTarget(report);
  };

  async function onConfirmBan(durationHours: BanDurationHours, reason: string): Promise<boolean> {
    if (!banTarget) return false;
    setBanPending(true);
    const banned = await banReported(banTarget, durationHours, reason);
    setBanPending(false);
    if (banned) setBanTarget(null);
    return banned;
  }

  return (
    <div className="space-y-10">
      <section aria-labelledby="pending-reports-title">
        <div className="mb-4 flex items-center gap-3">
          <h2 id="pending-reports-title" className="text-lg font-semibold text-slate-900 dark:text-slate-100">
            {t('moderation.pending')}
          </h2>
          <span
            aria-label={t('moderation.pendingCount', { count: pending.length })}
            data-testid="pending-count"
            className={`inline-flex min-w-6 items-center justify-center rounded-full px-2 py-0.5 text-xs font-bold ${
              pending.length > 0
                ? 'bg-red-600 text-white'
                : 'bg-slate-200 text-slate-700 dark:bg-slate-700 dark:text-slate-300'
            }`}
          >
            {pending.length}
          </span>
        </div>

        {status === 'loading' && reports.length === 0 ? (
          <QueueSkeleton />
        ) : status === 'error' && reports.length === 0 ? (
          <div className="rounded-2xl border border-slate-200 bg-white px-6 py-10 text-center shadow-sm dark:border-slate-800 dark:bg-slate-900">
            <p className="text-sm text-slate-700 dark:text-slate-300">{t('moderation.loadFailed')}</p>
            <Button variant="outline" className="mt-4" onClick={() => void load()}>
              <RefreshCw aria-hidden className="size-4" />
              {t('common:actions.tryAgain')}
            </Button>
          </div>
        ) : pending.length === 0 ? (
          <div className="flex flex-col items-center rounded-2xl border border-dashed border-slate-300 bg-white px-6 py-12 text-center dark:border-slate-700 dark:bg-slate-900">
            <CircleCheck aria-hidden className="size-9 text-emerald-500 dark:text-emerald-400" />
            <p className="mt-3 font-medium text-slate-800 dark:text-slate-200">
              {t('moderation.nonePending')}
            </p>
          </div>
        ) : (
          <div className="space-y-4">
            {pending.map((report) => (
              <PendingReportCard
                key={report.id}
                report={report}
                busy={busy[report.id] ?? null}
                onDeletePost={onDeletePost}
                onBanUser={onBanUser}
                onDismiss={onDismiss}
              />
            ))}
          </div>
        )}
      </section>

      <section aria-labelledby="resolved-reports-title">
        <h2
          id="resolved-reports-title"
          className="mb-4 flex items-center gap-2 text-lg font-semibold text-slate-900 dark:text-slate-100"
        >
          <History aria-hidden className="size-5 text-slate-400 dark:text-slate-500" />
          {t('moderation.resolved', { count: resolved.count })}
        </h2>
        {resolved.shown.length === 0 ? (
          <p className="rounded-2xl border border-dashed border-slate-300 bg-white px-6 py-8 text-center text-sm text-slate-600 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-300">
            {t('moderation.noneResolved')}
          </p>
        ) : (
          <ul className="divide-y divide-slate-100 overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm dark:divide-slate-800 dark:border-slate-800 dark:bg-slate-900">
            {resolved.shown.map((report) => (
              <ResolvedReportItem key={report.id} report={report} />
            ))}
          </ul>
        )}
      </section>

      <BanDialog
        report={banTarget}
        pending={banPending}
        onCancel={() => setBanTarget(null)}
        onConfirm={onConfirmBan}
      />
    </div>
  );
}

function QueueSkeleton() {
  return (
    <div className="space-y-4" aria-hidden>
      {[0, 1].map((i) => (
        <div
          key={i}
          className="animate-pulse rounded-2xl border border-slate-200 bg-white p-5 shadow-sm dark:border-slate-800 dark:bg-slate-900"
        >
          <div className="h-4 w-1/3 rounded bg-slate-200 dark:bg-slate-700" />
          <div className="mt-2 h-3 w-1/2 rounded bg-slate-100 dark:bg-slate-800" />
          <div className="mt-4 h-16 rounded-xl bg-slate-100 dark:bg-slate-800" />
        </div>
      ))}
    </div>
  );
}
