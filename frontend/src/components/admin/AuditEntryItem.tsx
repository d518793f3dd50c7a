import type { AdminPerson, AuditAction, AuditEntry } from '@piste/contracts';
import {
  Ban,
  CircleCheck,
  CircleX,
  ShieldMinus,
  ShieldPlus,
  Trash2,
  UserCheck,
  UserX,
  Unlock,
  FileX,
  type LucideIcon,
} from 'lucide-react';
import { Trans } from 'react-i18next';
import { useTranslation } from '../../i18n/use-translation';
import { Link } from '../../lib/router';
import { formatDateTime } from '../../lib/moderation-format';
import { adminUserPath } from '../../lib/paths';

/** How each action reads: its icon, its name, and the sentence naming the admin (<actor>) and the account (<target>). */
const ACTIONS = {
  dismiss: {
    icon: CircleX,
    label: 'audit.actions.dismiss.label',
    sentence: 'audit.actions.dismiss.sentence',
  },
  resolve: {
    icon: CircleCheck,
    label: 'audit.actions.resolve.label',
    sentence: 'audit.actions.resolve.sentence',
  },
  delete: { icon: FileX, label: 'audit.actions.delete.label', sentence: 'audit.actions.delete.sentence' },
  ban: { icon: Ban, label: 'audit.actions.ban.label', sentence: 'audit.actions.ban.sentence' },
  suspend: { icon: UserX, label: 'audit.actions.suspend.label', sentence: 'audit.actions.suspend.sentence' },
  unsuspend: {
    icon: UserCheck,
    label: 'audit.actions.unsuspend.label',
    sentence: 'audit.actions.unsuspend.sentence',
  },
  'lift-ban': {
    icon: Unlock,
    label: 'audit.actions.liftBan.label',
    sentence: 'audit.actions.liftBan.sentence',
  },
  'delete-account': {
    icon: Trash2,
    label: 'audit.actions.deleteAccount.label',
    sentence: 'audit.actions.deleteAccount.sentence',
  },
  'grant-admin': {
    icon: ShieldPlus,
    label: 'audit.actions.grantAdmin.label',
    sentence: 'audit.actions.grantAdmin.sentence',
  },
  'revoke-admin': {
    icon: ShieldMinus,
    label: 'audit.actions.revokeAdmin.label',
    sentence: 'audit.actions.revokeAdmin.sentence',
  },
} as const satisfies Record<AuditAction, { icon: LucideIcon; label: string; sentence: string }>;

function PersonLink({ person, fallback }: { person: AdminPerson | null; fallback: string }) {
  if (!person) return <span className="italic">{fallback}</span>;
  return (
    <Link
      to={adminUserPath(person.id)}
      className="font-semibold text-slate-900 underline-offset-2 hover:underline dark:text-slate-100"
    >
      {person.name ?? person.username}
    </Link>
  );
}

/** One line of the audit: who did what to whom, when, and why. */
export function AuditEntryItem({ entry }: { entry: AuditEntry }) {
  const { t } = useTranslation('admin');
  const { icon: Icon, label, sentence } = ACTIONS[entry.action];
  const fallback = entry.action === 'delete-account' ? t('audit.deletedAccount') : t('audit.goneAccount');
  return (
    <article data-testid="audit-entry" className="flex gap-3 px-4 py-3 sm:px-5">
      <span
        title={t(label)}
        className="mt-0.5 flex size-8 shrink-0 items-center justify-center rounded-full bg-slate-100 text-slate-600 dark:bg-slate-800 dark:text-slate-300"
      >
        <Icon aria-hidden className="size-4" />
      </span>
      <div className="min-w-0 flex-1 text-sm text-slate-700 dark:text-slate-300">
        <p className="break-words">
          <Trans
            t={t}
            i18nKey={sentence}
            components={{
              actor: <PersonLink person={entry.actor} fallback={t('audit.formerAdmin')} />,
              target: <PersonLink person={entry.target} fallback={fallback} />,
            }}
          />
          {entry.detail ? (
            <span className="text-slate-500 dark:text-slate-400"> · {entry.detail}</span>
          ) : null}
        </p>
        {entry.reason ? (
          <p className="mt-1 break-words text-slate-600 dark:text-slate-300">
            <span className="font-medium">{t('audit.reason')}</span> {entry.reason}
          </p>
        ) : null}
        <p className="mt-1 text-xs text-slate-500 dark:text-slate-400">
          <time dateTime={entry.createdAt}>{formatDateTime(entry.createdAt)}</time>
        </p>
      </div>
    </article>
  );
}
