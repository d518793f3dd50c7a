import type { ClubMember, ClubRole } from '@piste/contracts';
import { useState } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { Link } from '../../lib/router';
import { profilePath } from '../../lib/paths';
import { Avatar } from '../Avatar';
import { Button } from '../Button';
import { ConfirmDialog } from '../ConfirmDialog';
import { RatingBadge } from '../record/RatingBadge';
import { CLUB_ROLE_LABELS } from './club-format';

/** The roles a viewer may give `member` (none: they cannot change it); 'owner' hands the club over. */
export function rolesToGive(viewerRole: ClubRole | null, viewerId: string, member: ClubMember): ClubRole[] {
  if (member.user.id === viewerId || member.role === 'owner') return [];
  if (viewerRole === 'owner') return ['member', 'coach', 'admin', 'owner'];
  if (viewerRole === 'admin' && member.role !== 'admin') return ['member', 'coach'];
  return [];
}

const OPTION_LABELS = {
  ...CLUB_ROLE_LABELS,
  owner: 'clubs:memberList.handOver.option',
} as const satisfies Record<ClubRole, string>;

interface ClubMembersProps {
  members: ClubMember[];
  viewerRole: ClubRole | null;
  viewerId: string;
  clubName: string;
  busy: readonly string[];
  onSetRole: (member: ClubMember, role: ClubRole) => void;
  onRemove: (member: ClubMember) => void;
}

type Confirming = { member: ClubMember; action: 'hand-over' | 'remove' } | null;

const nameOf = (member: ClubMember) => member.user.name?.trim() || member.user.username;

/** The members, owner first; those who run the club change roles and remove members, as their role allows. */
export function ClubMembers({
  members,
  viewerRole,
  viewerId,
  clubName,
  busy,
  onSetRole,
  onRemove,
}: ClubMembersProps) {
  const { t } = useTranslation(['clubs', 'common']);
  const [confirming, setConfirming] = useState<Confirming>(null);
  return (
    <>
      <ul
        aria-label={t('memberList.label')}
        className="divide-y divide-slate-100 rounded-2xl border border-slate-200 bg-white dark:divide-slate-800 dark:border-slate-800 dark:bg-slate-900"
      >
        {members.map((member) => {
          const roles = rolesToGive(viewerRole, viewerId, member);
          const name = nameOf(member);
          const pending = busy.includes(member.user.id);
          return (
            <li
              key={member.user.id}
              data-testid="club-member"
              className="flex flex-wrap items-center gap-3 px-4 py-3"
            >
              <Link
                to={profilePath(member.user)}
                className="flex min-w-48 flex-1 items-center gap-3 rounded-lg focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-slate-900 dark:focus-visible:outline-slate-300"
              >
                <Avatar avatar={member.user.avatar} name={name} size="md" />
                <span className="min-w-0">
                  <span className="block truncate font-semibold text-slate-900 dark:text-slate-100">
                    {name}
                    <RatingBadge rating={member.user.rating} className="ml-1.5" />
                  </span>
                  <span className="block truncate text-sm text-slate-500 dark:text-slate-400">
                    @{member.user.username}
                  </span>
                </span>
              </Link>
              {roles.length ? (
                <div className="ml-auto flex items-center gap-2">
                  <select
                    aria-label={t('memberList.roleOf', { name })}
                    value={member.role}
                    disabled={pending}
                    onChange={(event) => {
                      const role = event.target.value as ClubRole;
                      if (role === 'owner') setConfirming({ member, action: 'hand-over' });
                      else onSetRole(member, role);
                    }}
                    className="rounded-lg border border-slate-300 bg-white px-2 py-1.5 text-sm text-slate-900 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100"
                  >
                    {roles.map((role) => (
                      <option key={role} value={role}>
                        {t(OPTION_LABELS[role])}
                      </option>
                    ))}
                  </select>
                  <Button
                    variant="ghost"
                    aria-label={t('memberList.removeLabel', { name })}
                    disabled={pending}
                    onClick={() => setConfirming({ member, action: 'remove' })}
                    className="px-3"
                  >
                    {t('memberList.remove')}
                  </Button>
                </div>
              ) : (
                <span
                  data-testid="club-member-role"
                  className="rounded-full bg-slate-100 px-2.5 py-0.5 text-xs font-semibold text-slate-700 dark:bg-slate-800 dark:text-slate-200"
                >
                  {t(CLUB_ROLE_LABELS[member.role])}
                </span>
              )}
            </li>
          );
        })}
      </ul>
      <ConfirmDialog
        open={confirming?.action === 'hand-over'}
        title={t('memberList.handOver.title')}
        description={
          confirming
            ? t('memberList.handOver.description', { name: nameOf(confirming.member), club: clubName })
            : ''
        }
        confirmLabel={t('memberList.handOver.confirm')}
        onCancel={() => setConfirming(null)}
        onConfirm={() => {
          if (confirming) onSetRole(confirming.member, 'owner');
          setConfirming(null);
        }}
      />
      <ConfirmDialog
        open={confirming?.action === 'remove'}
        title={t('memberList.removeDialog.title')}
        description={
          confirming
            ? t('memberList.removeDialog.description', { name: nameOf(confirming.member), club: clubName })
            : ''
        }
        confirmLabel={t('memberList.remove')}
        destructive
        onCancel={() => setConfirming(null)}
        onConfirm={() => {
          if (confirming) onRemove(confirming.member);
          setConfirming(null);
        }}
      />
    </>
  );
}
