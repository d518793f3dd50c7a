import type { AdminUser } from '@piste/contracts';
import { useTranslation } from '../../i18n/use-translation';
import { formatBanEnd } from '../../lib/moderation-format';

const BADGE =
  'inline-flex shrink-0 items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset';
const TONES = {
  admin:
    'bg-indigo-50 text-indigo-800 ring-indigo-200 dark:bg-indigo-950 dark:text-indigo-200 dark:ring-indigo-800',
  banned:
    'bg-amber-50 text-amber-800 ring-amber-200 dark:bg-amber-950 dark:text-amber-200 dark:ring-amber-800',
  suspended: 'bg-red-50 text-red-800 ring-red-200 dark:bg-red-950 dark:text-red-200 dark:ring-red-800',
  deleted:
    'bg-slate-100 text-slate-700 ring-slate-200 dark:bg-slate-800 dark:text-slate-300 dark:ring-slate-700',
};

/** What stands out about an account: admin, banned from posting (until when), suspended, being deleted. */
export function AccountBadges({
  user,
}: {
  user: Pick<AdminUser, 'isAdmin' | 'bannedUntil' | 'suspendedAt' | 'deletionRequestedAt'>;
}) {
  const { t } = useTranslation('admin');
  const badges: { key: keyof typeof TONES; label: string; title?: string }[] = [];
  if (user.isAdmin) badges.push({ key: 'admin', label: t('badges.admin') });
  if (user.bannedUntil) {
    badges.push({
      key: 'banned',
      label: t('badges.banned'),
      title: t('badges.bannedUntil', { until: formatBanEnd(user.bannedUntil) }),
    });
  }
  if (user.suspendedAt) badges.push({ key: 'suspended', label: t('badges.suspended') });
  if (user.deletionRequestedAt) badges.push({ key: 'deleted', label: t('badges.beingDeleted') });
  if (badges.length === 0) return null;
  return (
    <ul aria-label={t('badges.label')} className="flex flex-wrap gap-1.5">
      {badges.map(({ key, label, title }) => (
        <li key={key} title={title} className={`${BADGE} ${TONES[key]}`}>
          {label}
        </li>
      ))}
    </ul>
  );
}
