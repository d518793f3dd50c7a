import type { AdminUserPage as AccountPage, SessionUser } from '@piste/contracts';
import i18next, { type ParseKeys } from 'i18next';
import { ArrowLeft, UserRound } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { Link, useParams } from '../../lib/router';
import { AccessDenied } from '../../components/AccessDenied';
import { AccountActions } from '../../components/admin/AccountActions';
import { AccountBadges } from '../../components/admin/AccountBadges';
import { AdminNav } from '../../components/admin/AdminNav';
import { AdminSection, NothingYet } from '../../components/admin/AdminSection';
import { AuditEntryItem } from '../../components/admin/AuditEntryItem';
import { BanHistory } from '../../components/admin/BanHistory';
import { ReasonDialog, type ReasonRequest } from '../../components/admin/ReasonDialog';
import { ReportsAgainst } from '../../components/admin/ReportsAgainst';
import { Avatar } from '../../components/Avatar';
import { buttonClassName } from '../../components/Button';
import { PageNotReady } from '../../components/PageNotReady';
import { formatDateTime } from '../../lib/moderation-format';
import { ADMIN_USERS_PATH, adminAuditPath, fencerPath } from '../../lib/paths';
import { useAdminUserPageStore, type AdminUserAction } from '../../stores/admin-user-page';
import { NotFoundPage } from '../NotFoundPage';

/** /admin/users/:userId — one account as an admin sees it, with what can be done to it. */
export function AdminUserPage({ user }: { user: SessionUser }) {
  if (!user.isAdmin) return <AccessDenied />;
  return <AccountView viewer={user} />;
}

/** What the dialog asks before each action, in the account's name. */
function reasonRequest(action: AdminUserAction, name: string): ReasonRequest {
  const t = (key: ParseKeys<'admin'>) => i18next.t(key, { ns: 'admin', name });
  switch (action.kind) {
    case 'suspend':
      return {
        title: t('account.dialogs.suspend.title'),
        description: t('account.dialogs.suspend.description'),
        confirmLabel: t('account.dialogs.suspend.confirm'),
        destructive: true,
      };
    case 'unsuspend':
      return {
        title: t('account.dialogs.unsuspend.title'),
        description: t('account.dialogs.unsuspend.description'),
        confirmLabel: t('actions.unsuspend'),
        destructive: false,
      };
    case 'grant-admin':
      return {
        title: t('account.dialogs.grantAdmin.title'),
        description: t('account.dialogs.grantAdmin.description'),
        confirmLabel: t('actions.makeAdmin'),
        destructive: false,
      };
    case 'revoke-admin':
      return {
        title: t('account.dialogs.revokeAdmin.title'),
        description: t('account.dialogs.revokeAdmin.description'),
        confirmLabel: t('actions.revokeAdmin'),
        destructive: true,
      };
    case 'delete':
      return {
        title: t('account.dialogs.delete.title'),
        description: t('account.dialogs.delete.description'),
        confirmLabel: t('actions.deleteAccount'),
        destructive: true,
      };
    case 'lift-ban':
      return {
        title: t('account.dialogs.liftBan.title'),
        description: t('account.dialogs.liftBan.description'),
        confirmLabel: t('bans.lift'),
        destructive: false,
      };
  }
}

function AccountView({ viewer }: { viewer: SessionUser }) {
  const { userId = '' } = useParams();
  const store = useAdminUserPageStore();
  const { open } = store;
  const [action, setAction] = useState<AdminUserAction | null>(null);
  const { t } = useTranslation('admin');

  useEffect(() => {
    setAction(null);
    void open(userId);
  }, [open, userId]);

  if (store.status === 'not-found') return <NotFoundPage />;
  if (!store.page || store.userId !== userId) {
    return (
      <PageNotReady
        failed={store.status === 'error'}
        failedTitle={t('account.loadFailed')}
        loadingLabel={t('account.loading')}
        icon={UserRound}
        onRetry={() => void store.refresh()}
        bars={[['h-8 w-64', 'strong'], 'h-4 w-48', 'h-5 w-40', 'h-16 w-full']}
        width="max-w-4xl"
      />
    );
  }

  const page = store.page;
  const name = page.user.name ?? page.user.username;

  async function confirm(reason: string): Promise<boolean> {
    if (!action) return false;
    const done = await store.act(action, reason);
    if (done) setAction(null);
    return done;
  }

  return (
    <div data-testid="admin-user-page" className="mx-auto max-w-4xl">
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <Link to={ADMIN_USERS_PATH} className={buttonClassName('ghost', 'px-3')}>
          <ArrowLeft aria-hidden className="size-4" />
          {t('account.allUsers')}
        </Link>
      </div>
      <AdminNav />
      <div className="space-y-6">
        <AccountSummary page={page} />
        <AccountActions user={page.user} viewerId={viewer.id} pending={store.acting} onAction={setAction} />
        <AccountCounts counts={page.counts} />
        <BanHistory
          bans={page.bans}
          pending={store.acting}
          onLift={(ban) => setAction({ kind: 'lift-ban', banId: ban.id })}
        />
        <ReportsAgainst reports={page.reports} total={page.user.reportsAgainst} />
        <AdminSection
          id="account-audit"
          title={t('audit.title')}
          actions={
            <Link
              to={adminAuditPath(page.user.id)}
              className="text-sm font-medium text-slate-700 underline underline-offset-2 hover:text-slate-900 dark:text-slate-300 dark:hover:text-white"
            >
              {t('account.viewAll')}
            </Link>
          }
        >
          {page.audit.length === 0 ? (
            <NothingYet>{t('account.noAudit')}</NothingYet>
          ) : (
            <ul
              aria-label={t('account.auditLabel')}
              className="divide-y divide-slate-100 dark:divide-slate-800"
            >
              {page.audit.map((entry) => (
                <li key={entry.id}>
                  <AuditEntryItem entry={entry} />
                </li>
              ))}
            </ul>
          )}
        </AdminSection>
      </div>
      <ReasonDialog
        request={action ? reasonRequest(action, name) : null}
        pending={store.acting}
        onCancel={() => setAction(null)}
        onConfirm={confirm}
      />
    </div>
  );
}

/** Who the account is: name, username, badges, email, dates, and why it is suspended. */
function AccountSummary({ page }: { page: AccountPage }) {
  const { user } = page;
  const { t } = useTranslation('admin');
  const facts: [string, string][] = [
    [t('account.facts.email'), user.email],
    [
      t('account.facts.emailVerified'),
      user.emailVerifiedAt ? formatDateTime(user.emailVerifiedAt) : t('account.facts.notVerified'),
    ],
    [t('account.facts.joined'), formatDateTime(user.createdAt)],
    [
      t('account.facts.lastActive'),
      user.lastActiveAt ? formatDateTime(user.lastActiveAt) : t('account.facts.never'),
    ],
    [t('account.facts.title'), user.title ?? '—'],
    [t('account.facts.role'), user.role],
  ];
  return (
    <section className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6 dark:border-slate-800 dark:bg-slate-900">
      <div className="flex flex-wrap items-start gap-4">
        <Avatar avatar={user.avatar} name={user.name} size="lg" />
        <div className="min-w-0 flex-1">
          <h1 className="text-2xl font-bold tracking-tight break-words text-slate-900 sm:text-3xl dark:text-slate-100">
            {user.name ?? user.username}
          </h1>
          <p className="mt-0.5 text-slate-600 dark:text-slate-300">
            @{user.username}
            {user.deletionRequestedAt ? null : (
              <>
                {' · '}
                <Link
                  to={fencerPath(user.username)}
                  className="font-medium underline underline-offset-2 hover:text-slate-900 dark:hover:text-white"
                >
                  {t('account.publicProfile')}
                </Link>
              </>
            )}
          </p>
          <div className="mt-2">
            <AccountBadges user={user} />
          </div>
        </div>
      </div>
      {user.suspendedAt ? (
        <p
          data-testid="suspension-notice"
          className="mt-4 rounded-xl border border-red-200 bg-red-50 px-4 py-3 text-sm break-words text-red-800 dark:border-red-900 dark:bg-red-950 dark:text-red-200"
        >
          {user.suspendedReason
            ? t('account.suspendedWithReason', {
                at: formatDateTime(user.suspendedAt),
                reason: user.suspendedReason,
              })
            : t('account.suspended', { at: formatDateTime(user.suspendedAt) })}
        </p>
      ) : null}
      {user.deletionRequestedAt ? (
        <p className="mt-4 rounded-xl border border-slate-200 bg-slate-50 px-4 py-3 text-sm text-slate-700 dark:border-slate-700 dark:bg-slate-800 dark:text-slate-200">
          {t('account.beingDeleted', { at: formatDateTime(user.deletionRequestedAt) })}
        </p>
      ) : null}
      <dl className="mt-5 grid grid-cols-1 gap-x-6 gap-y-3 text-sm sm:grid-cols-2">
        {facts.map(([term, detail]) => (
          <div key={term} className="min-w-0">
            <dt className="text-slate-500 dark:text-slate-400">{term}</dt>
            <dd className="font-medium break-words text-slate-900 dark:text-slate-100">{detail}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

const COUNT_LABELS: [keyof AccountPage['counts'], ParseKeys<'admin'>][] = [
  ['posts', 'account.counts.posts'],
  ['comments', 'account.counts.comments'],
  ['connections', 'account.counts.connections'],
  ['clubs', 'account.counts.clubs'],
];

function AccountCounts({ counts }: { counts: AccountPage['counts'] }) {
  const { t } = useTranslation('admin');
  return (
    <dl aria-label={t('account.counts.label')} className="grid grid-cols-2 gap-3 sm:grid-cols-4">
      {COUNT_LABELS.map(([key, label]) => (
        <div
          key={key}
          className="rounded-2xl border border-slate-200 bg-white px-4 py-3 shadow-sm dark:border-slate-800 dark:bg-slate-900"
        >
          <dt className="text-xs font-medium text-slate-500 uppercase dark:text-slate-400">{t(label)}</dt>
          <dd className="mt-1 text-2xl font-bold text-slate-900 dark:text-slate-100">{counts[key]}</dd>
        </div>
      ))}
    </dl>
  );
}
