import type { AdminUserPage } from '@piste/contracts';
import { ShieldMinus, ShieldPlus, Trash2, UserCheck, UserX } from 'lucide-react';
import { useTranslation } from '../../i18n/use-translation';
import type { AdminUserAction } from '../../stores/admin-user-page';
import { Button } from '../Button';
import { AdminSection } from './AdminSection';

interface AccountActionsProps {
  user: AdminUserPage['user'];
  /** The signed-in admin. */
  viewerId: string;
  pending: boolean;
  onAction: (action: AdminUserAction) => void;
}

/**
 * What an admin can do to the account, each asking for a reason first. What cannot be done says why: an admin is
 * neither suspended nor deleted (their rights go first), and a banned or suspended fencer is not made an admin.
 */
export function AccountActions({ user, viewerId, pending, onAction }: AccountActionsProps) {
  const { t } = useTranslation('admin');
  if (user.deletionRequestedAt) {
    return (
      <AdminSection id="account-actions" title={t('actions.title')}>
        <p className="px-4 py-4 text-sm text-slate-600 sm:px-5 dark:text-slate-300">
          {t('actions.beingDeleted')}
        </p>
      </AdminSection>
    );
  }
  const self = user.id === viewerId;
  const notes: string[] = [];
  if (user.isAdmin) notes.push(t('actions.notes.revokeFirst'));
  if (!user.isAdmin && user.bannedUntil) notes.push(t('actions.notes.liftBanFirst'));
  if (!user.isAdmin && user.suspendedAt) notes.push(t('actions.notes.unsuspendFirst'));

  return (
    <AdminSection id="account-actions" title={t('actions.title')}>
      <div className="flex flex-wrap gap-2 px-4 py-4 sm:px-5">
        {user.suspendedAt ? (
          <Button variant="outline" disabled={pending} onClick={() => onAction({ kind: 'unsuspend' })}>
            <UserCheck aria-hidden className="size-4" />
            {t('actions.unsuspend')}
          </Button>
        ) : (
          <Button
            variant="outline"
            disabled={pending || user.isAdmin}
            onClick={() => onAction({ kind: 'suspend' })}
          >
            <UserX aria-hidden className="size-4" />
            {t('actions.suspend')}
          </Button>
        )}
        {user.isAdmin ? (
          <Button variant="outline" disabled={pending} onClick={() => onAction({ kind: 'revoke-admin' })}>
            <ShieldMinus aria-hidden className="size-4" />
            {self ? t('actions.stepDown') : t('actions.revokeAdmin')}
          </Button>
        ) : (
          <Button
            variant="outline"
            disabled={pending || !!user.bannedUntil || !!user.suspendedAt}
            onClick={() => onAction({ kind: 'grant-admin' })}
          >
            <ShieldPlus aria-hidden className="size-4" />
            {t('actions.makeAdmin')}
          </Button>
        )}
        <Button
          variant="destructive"
          disabled={pending || user.isAdmin}
          onClick={() => onAction({ kind: 'delete' })}
        >
          <Trash2 aria-hidden className="size-4" />
          {t('actions.deleteAccount')}
        </Button>
      </div>
      {notes.length ? (
        <ul className="space-y-1 px-4 pb-4 text-sm text-slate-600 sm:px-5 dark:text-slate-300">
          {notes.map((note) => (
            <li key={note}>{note}</li>
          ))}
        </ul>
      ) : null}
    </AdminSection>
  );
}
