import type { AdminUser } from '@piste/contracts';
import i18next from 'i18next';
import { Flag } from 'lucide-react';
import { useTranslation } from '../../i18n/use-translation';
import { Link } from '../../lib/router';
import { adminUserPath } from '../../lib/paths';
import { inSentence, timeAgo, useNow } from '../../lib/relative-time';
import { Avatar } from '../Avatar';
import { AccountBadges } from './AccountBadges';

/** How many reports there are against a fencer, in words. */
export function reportsText(count: number): string {
  if (count === 0) return i18next.t('admin:users.noReports');
  return i18next.t('admin:users.reports', { count });
}

/** An account in the admin list: who (the link to its page), its email, its status and the reports against it. */
export function AdminUserCard({ user }: { user: AdminUser }) {
  const now = useNow();
  const { t } = useTranslation('admin');
  const name = user.name ?? user.username;
  return (
    <article
      data-testid="admin-user-card"
      className="relative rounded-2xl border border-slate-200 bg-white p-4 shadow-sm transition hover:border-slate-300 dark:border-slate-800 dark:bg-slate-900 dark:hover:border-slate-700"
    >
      <div className="flex items-start gap-3">
        <Avatar avatar={user.avatar} name={user.name} />
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
            <h2 className="min-w-0 text-base font-semibold break-words text-slate-900 dark:text-slate-100">
              <Link
                to={adminUserPath(user.id)}
                className="after:absolute after:inset-0 after:rounded-2xl focus-visible:outline-none focus-visible:after:outline-2 focus-visible:after:outline-offset-2 focus-visible:after:outline-slate-900 dark:focus-visible:after:outline-slate-300"
              >
                {name}
              </Link>
            </h2>
            <AccountBadges user={user} />
          </div>
          <p className="text-sm text-slate-600 dark:text-slate-300">
            <span className="break-words">@{user.username}</span>
            <span className="hidden sm:inline"> · </span>
            <span className="block break-all sm:inline">{user.email}</span>
          </p>
          <p className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-slate-500 dark:text-slate-400">
            <span>{t('users.joined', { time: inSentence(timeAgo(user.createdAt, 'minutes', now)) })}</span>
            <span>
              {user.lastActiveAt
                ? t('users.active', { time: inSentence(timeAgo(user.lastActiveAt, 'minutes', now)) })
                : t('users.neverActive')}
            </span>
            <span
              className={`inline-flex items-center gap-1 ${user.reportsAgainst > 0 ? 'font-semibold text-red-700 dark:text-red-300' : ''}`}
            >
              <Flag aria-hidden className="size-3.5" />
              {reportsText(user.reportsAgainst)}
            </span>
          </p>
        </div>
      </div>
    </article>
  );
}
