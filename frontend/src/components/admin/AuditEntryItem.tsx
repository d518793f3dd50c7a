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
import { Link } from 'react-router-dom';
import { formatDateTime } from '../../lib/moderation-format';
import { adminUserPath } from '../../lib/paths';

/** How each action reads: its icon, and the words between the admin's name and the account's. */
const ACTIONS: Record<AuditAction, { icon: LucideIcon; label: string; before: string; after?: string }> = {
  dismiss: { icon: CircleX, label: 'Report dismissed', before: 'dismissed a report against' },
  resolve: { icon: CircleCheck, label: 'Report resolved', before: 'resolved a report against' },
  delete: { icon: FileX, label: 'Reported content removed', before: 'removed reported content by' },
  ban: { icon: Ban, label: 'Ban', before: 'banned', after: 'from posting' },
  suspend: { icon: UserX, label: 'Suspension', before: 'suspended' },
  unsuspend: { icon: UserCheck, label: 'Suspension lifted', before: 'unsuspended' },
  'lift-ban': { icon: Unlock, label: 'Ban lifted', before: 'lifted the ban of' },
  'delete-account': { icon: Trash2, label: 'Account deleted', before: 'deleted the account of' },
  'grant-admin': { icon: ShieldPlus, label: 'Admin granted', before: 'made', after: 'an admin' },
  'revoke-admin': { icon: ShieldMinus, label: 'Admin revoked', before: 'revoked the admin rights of' },
};

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
  const { icon: Icon, label, before, after } = ACTIONS[entry.action];
  const fallback = entry.action === 'delete-account' ? 'a deleted account' : 'an account no longer here';
  return (
    <article data-testid="audit-entry" className="flex gap-3 px-4 py-3 sm:px-5">
      <span
        title={label}
        className="mt-0.5 flex size-8 shrink-0 items-center justify-center rounded-full bg-slate-100 text-slate-600 dark:bg-slate-800 dark:text-slate-300"
      >
        <Icon aria-hidden className="size-4" />
      </span>
      <div className="min-w-0 flex-1 text-sm text-slate-700 dark:text-slate-300">
        <p className="break-words">
          <PersonLink person={entry.actor} fallback="A former admin" /> {before}{' '}
          <PersonLink person={entry.target} fallback={fallback} />
          {after ? ` ${after}` : ''}
          {entry.detail ? (
            <span className="text-slate-500 dark:text-slate-400"> · {entry.detail}</span>
          ) : null}
        </p>
        {entry.reason ? (
          <p className="mt-1 break-words text-slate-600 dark:text-slate-300">
            <span className="font-medium">Reason:</span> {entry.reason}
          </p>
        ) : null}
        <p className="mt-1 text-xs text-slate-500 dark:text-slate-400">
          <time dateTime={entry.createdAt}>{formatDateTime(entry.createdAt)}</time>
        </p>
      </div>
    </article>
  );
}
