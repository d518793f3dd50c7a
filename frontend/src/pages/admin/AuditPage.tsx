import type { SessionUser } from '@piste/contracts';
import { ScrollText } from 'lucide-react';
import { useEffect } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { Link, useSearchParams } from '../../lib/router';
import { AccessDenied } from '../../components/AccessDenied';
import { AdminNav } from '../../components/admin/AdminNav';
import { AuditEntryItem } from '../../components/admin/AuditEntryItem';
import { Button } from '../../components/Button';
import { EmptyState } from '../../components/EmptyState';
import { HeadedPage } from '../../components/PageHeader';
import { LoadMoreButton } from '../../components/PostList';
import { SkeletonBars } from '../../components/Skeleton';
import { ADMIN_AUDIT_PATH, adminUserPath } from '../../lib/paths';
import { useAuditStore } from '../../stores/admin-audit';

/** /admin/audit?userId= — every moderation and account action, newest first; or those about or by one account. */
export function AuditPage({ user }: { user: SessionUser }) {
  if (!user.isAdmin) return <AccessDenied />;
  return <AuditScreen />;
}

function AuditScreen() {
  const { t } = useTranslation('admin');
  return (
    <HeadedPage width="wide" title={t('audit.title')} subtitle={t('audit.subtitle')}>
      <AdminNav />
      <AuditList />
    </HeadedPage>
  );
}

function AuditList() {
  const { t } = useTranslation(['admin', 'common']);
  const [params] = useSearchParams();
  const userId = params.get('userId') ?? undefined;
  const { items: entries, status, nextCursor, loadingMore, loadMore, reload } = useAuditStore();
  const open = useAuditStore((s) => s.open);

  useEffect(() => {
    void open({ userId });
  }, [open, userId]);

  return (
    <>
      {userId ? (
        <p className="mb-4 flex flex-wrap items-center gap-x-3 gap-y-1 rounded-xl border border-slate-200 bg-white px-4 py-3 text-sm text-slate-700 dark:border-slate-800 dark:bg-slate-900 dark:text-slate-300">
          <span>{t('audit.oneAccount')}</span>
          <Link to={adminUserPath(userId)} className="font-medium underline underline-offset-2">
            {t('audit.openAccount')}
          </Link>
          <Link to={ADMIN_AUDIT_PATH} className="font-medium underline underline-offset-2">
            {t('audit.showAll')}
          </Link>
        </p>
      ) : null}
      {status === 'loading' ? (
        <div role="status" aria-busy="true" aria-label={t('audit.loading')}>
          <SkeletonBars
            bars={[['h-4 w-64', 'strong'], 'h-3 w-48', ['h-4 w-56', 'strong'], 'h-3 w-40']}
            className="space-y-3 rounded-2xl border border-slate-200 bg-white p-5 dark:border-slate-800 dark:bg-slate-900"
          />
        </div>
      ) : status === 'error' ? (
        <EmptyState
          icon={ScrollText}
          title={t('audit.fetchFailed')}
          description={t('common:pageNotReady.checkConnection')}
          action={
            <Button variant="outline" onClick={() => void reload()}>
              {t('common:actions.tryAgain')}
            </Button>
          }
        />
      ) : entries.length === 0 ? (
        <EmptyState
          icon={ScrollText}
          title={t('audit.empty.title')}
          description={t('audit.empty.description')}
        />
      ) : (
        <>
          <ul
            aria-label={t('audit.entries')}
            className="divide-y divide-slate-100 overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm dark:divide-slate-800 dark:border-slate-800 dark:bg-slate-900"
          >
            {entries.map((entry) => (
              <li key={entry.id}>
                <AuditEntryItem entry={entry} />
              </li>
            ))}
          </ul>
          {nextCursor !== null ? (
            <div className="mt-5 flex justify-center">
              <LoadMoreButton
                loading={loadingMore}
                onClick={() => void loadMore()}
                label={t('audit.loadMore')}
              />
            </div>
          ) : null}
        </>
      )}
    </>
  );
}
