import { Flag, ScrollText, Users, type LucideIcon } from 'lucide-react';
import type { ParseKeys } from 'i18next';
import { useTranslation } from '../../i18n/use-translation';
import { Link, useLocation } from '../../lib/router';
import { ADMIN_AUDIT_PATH, ADMIN_USERS_PATH, MODERATION_PATH } from '../../lib/paths';

const SECTIONS: { to: string; label: ParseKeys<'admin'>; icon: LucideIcon }[] = [
  { to: MODERATION_PATH, label: 'nav.reports', icon: Flag },
  { to: ADMIN_USERS_PATH, label: 'nav.users', icon: Users },
  { to: ADMIN_AUDIT_PATH, label: 'nav.audit', icon: ScrollText },
];

/** The admin pages side by side: the report queue (where the header's Moderation link leads), accounts, audit. */
export function AdminNav() {
  const { pathname } = useLocation();
  const { t } = useTranslation('admin');
  return (
    <nav aria-label={t('nav.label')} className="mb-6 flex flex-wrap gap-2">
      {SECTIONS.map(({ to, label, icon: Icon }) => {
        const isActive = pathname === to || pathname.startsWith(`${to}/`);
        return (
          <Link
            key={to}
            to={to}
            aria-current={isActive ? 'page' : undefined}
            className={`inline-flex items-center gap-1.5 rounded-full border px-4 py-1.5 text-sm font-semibold transition focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-slate-900 dark:focus-visible:outline-slate-300 ${
              isActive
                ? 'border-slate-900 bg-slate-900 text-white shadow-sm dark:border-slate-100 dark:bg-slate-100 dark:text-slate-900'
                : 'border-slate-200 bg-white text-slate-700 hover:bg-slate-50 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-200 dark:hover:bg-slate-800'
            }`}
          >
            <Icon aria-hidden className="size-4" />
            {t(label)}
          </Link>
        );
      })}
    </nav>
  );
}
