import type { ClubPage } from '@piste/contracts';
import { useState } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { Button } from '../Button';
import { ConfirmDialog } from '../ConfirmDialog';
import { CLUB_ROLE_LABELS } from './club-format';

interface ClubMembershipProps {
  page: ClubPage;
  pending: boolean;
  onJoin: () => void;
  onLeave: () => void;
}

/**
 * Where the viewer stands: Join, Ask to join, Request sent, or their role and Leave after a confirm (the owner
 * cannot leave).
 */
export function ClubMembership({ page, pending, onJoin, onLeave }: ClubMembershipProps) {
  const { viewerRole, viewerRequest, club } = page;
  const { t } = useTranslation(['clubs', 'common']);
  const [confirmingLeave, setConfirmingLeave] = useState(false);
  if (viewerRole) {
    return (
      <div className="flex flex-wrap items-center gap-2">
        <span
          data-testid="club-viewer-role"
          className="rounded-full bg-slate-100 px-3 py-1 text-sm font-semibold text-slate-700 dark:bg-slate-800 dark:text-slate-200"
        >
          {t(CLUB_ROLE_LABELS[viewerRole])}
        </span>
        {viewerRole === 'owner' ? null : (
          <Button variant="outline" disabled={pending} onClick={() => setConfirmingLeave(true)}>
            {t('membership.leave')}
          </Button>
        )}
        <ConfirmDialog
          open={confirmingLeave}
          title={t('membership.leaveDialog.title', { club: club.name })}
          description={
            club.joinPolicy === 'open'
              ? t('membership.leaveDialog.open')
              : t('membership.leaveDialog.request')
          }
          confirmLabel={t('membership.leaveDialog.confirm')}
          pending={pending}
          onCancel={() => setConfirmingLeave(false)}
          onConfirm={() => {
            setConfirmingLeave(false);
            onLeave();
          }}
        />
      </div>
    );
  }
  if (viewerRequest === 'pending') {
    return (
      <Button variant="outline" disabled>
        {t('membership.requestSent')}
      </Button>
    );
  }
  return (
    <Button disabled={pending} onClick={onJoin}>
      {club.joinPolicy === 'open' ? t('membership.join') : t('membership.askToJoin')}
    </Button>
  );
}
