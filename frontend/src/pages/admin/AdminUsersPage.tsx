import { ADMIN_USER_STATUSES, type AdminUserStatus, type SessionUser } from '@piste/contracts';
import { Users } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { useSearchParams } from '../../lib/router';
import { AccessDenied } from '../../components/AccessDenied';
import { AdminNav } from '../../components/admin/AdminNav';
import { AdminUserCard } from '../../components/admin/AdminUserCard';
import { Button } from '../../components/Button';
import { EmptyState } from '../../components/EmptyState';
import { controlClassName } from '../../components/FormField';
import { HeadedPage } from '../../components/PageHeader';
import { PagedItems } from '../../components/PagedItems';
import { SkeletonBars } from '../../components/Skeleton';
import { useAdminUsersStore } from '../../stores/admin-users';

/** How long typing pauses before the list follows it. */
export const USER_SEARCH_DEBOUNCE_MS = 300;

const STATUS_LABELS = {
  all: 'users.statuses.all',
  admin: 'users.statuses.admin',
  banned: 'users.statuses.banned',
  suspended: 'users.statuses.suspended',
  deleted: 'users.statuses.deleted',
} as const satisfies Record<AdminUserStatus, string>;

const isStatus = (value: string | null): value is AdminUserStatus =>
  (ADMIN_USER_STATUSES as readonly (string | null)[]).includes(value);

const labelClasses = 'mb-1.5 block text-sm font-medium text-slate-700 dark:text-slate-300';

/** /admin/users?q=&status= — admins find accounts by username, name or email, and by status; newest first. */
export function AdminUsersPage({ user }: { user: SessionUser }) {
  if (!user.isAdmin) return <AccessDenied />;
  return <AdminUsersScreen />;
}

function AdminUsersScreen() {
  const { t } = useTranslation('admin');
  return (
    <HeadedPage width="wide" title={t('users.title')} subtitle={t('users.subtitle')}>
      <AdminNav />
      <AccountSearch />
    </HeadedPage>
  );
}

function AccountSearch() {
  const { t } = useTranslation(['admin', 'common']);
  // The search stays in the address, so Back from an account's page finds the same list.
  const [params, setParams] = useSearchParams();
  const writeParams = useRef(setParams);
  writeParams.current = setParams;
  const [q, setQ] = useState(() => params.get('q') ?? '');
  const [status, setStatus] = useState<AdminUserStatus>(() => {
    const chosen = params.get('status');
    return isStatus(chosen) ? chosen : 'all';
  });
  const {
    items: users,
    status: loadStatus,
    nextCursor,
    loadingMore,
    loadMore,
    reload,
  } = useAdminUsersStore();
  const open = useAdminUsersStore((s) => s.open);

  useEffect(() => {
    const timer = setTimeout(() => {
      void open({ q, status });
      const shown = Object.entries({ q: q.trim(), status: status === 'all' ? '' : status }).filter(
        ([, value]) => value,
      );
      writeParams.current(new URLSearchParams(shown), { replace: true });
    }, USER_SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [open, q, status]);

  const filtered = !!q.trim() || status !== 'all';

  return (
    <>
      <div
        role="search"
        aria-label={t('users.find')}
        className="mb-5 grid grid-cols-1 gap-3 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:grid-cols-[minmax(0,1fr)_11rem] dark:border-slate-800 dark:bg-slate-900"
      >
        <div>
          <label htmlFor="admin-users-q" className={labelClasses}>
            {t('users.search')}
          </label>
          <input
            id="admin-users-q"
            type="search"
            value={q}
            maxLength={100}
            placeholder={t('users.searchPlaceholder')}
            onChange={(event) => setQ(event.target.value)}
            className={controlClassName(false)}
          />
        </div>
        <div>
          <label htmlFor="admin-users-status" className={labelClasses}>
            {t('users.status')}
          </label>
          <select
            id="admin-users-status"
            value={status}
            onChange={(event) => setStatus(event.target.value as AdminUserStatus)}
            className={controlClassName(false)}
          >
            {ADMIN_USER_STATUSES.map((value) => (
              <option key={value} value={value}>
                {t(STATUS_LABELS[value])}
              </option>
            ))}
          </select>
        </div>
      </div>

      {loadStatus === 'loading' ? (
        <div aria-busy="true" aria-label={t('users.loading')} className="space-y-3">
          {[0, 1, 2].map((index) => (
            <SkeletonBars
              key={index}
              bars={[['h-5 w-48', 'strong'], 'h-4 w-64', 'h-3 w-40']}
              className="space-y-2 rounded-2xl border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900"
            />
          ))}
        </div>
      ) : loadStatus === 'error' ? (
        <EmptyState
          icon={Users}
          title={t('users.fetchFailed')}
          description={t('common:pageNotReady.checkConnection')}
          action={
            <Button variant="outline" onClick={() => void reload()}>
              {t('common:actions.tryAgain')}
            </Button>
          }
        />
      ) : users.length === 0 ? (
        <div data-testid="admin-users-empty">
          <EmptyState
            icon={Users}
            title={filtered ? t('users.noMatch.title') : t('users.empty')}
            description={filtered ? t('users.noMatch.description') : undefined}
          />
        </div>
      ) : (
        <PagedItems
          label={t('users.accounts')}
          items={users}
          render={(account) => <AdminUserCard user={account} />}
          hasMore={nextCursor !== null}
          loadingMore={loadingMore}
          onLoadMore={() => void loadMore()}
        />
      )}
    </>
  );
}
