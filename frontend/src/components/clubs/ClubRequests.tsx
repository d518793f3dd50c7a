import type { ClubRequest } from '@piste/contracts';
import { UserPlus } from 'lucide-react';
import { useTranslation } from '../../i18n/use-translation';
import { Link } from '../../lib/router';
import { profilePath } from '../../lib/paths';
import { Avatar } from '../Avatar';
import { Button } from '../Button';
import { EmptyState } from '../EmptyState';

interface ClubRequestsProps {
  requests: ClubRequest[];
  busy: readonly string[];
  onAccept: (request: ClubRequest) => void;
  onDecline: (request: ClubRequest) => void;
}

/** Who asks to join, oldest first, for the club's admins to answer. */
export function ClubRequests({ requests, busy, onAccept, onDecline }: ClubRequestsProps) {
  const { t } = useTranslation('clubs');
  if (!requests.length) {
    return (
      <div className="rounded-2xl border border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900">
        <EmptyState
          look="panel"
          icon={UserPlus}
          title={t('requests.empty.title')}
          description={t('requests.empty.description')}
        />
      </div>
    );
  }
  return (
    <ul
      aria-label={t('requests.label')}
      className="divide-y divide-slate-100 rounded-2xl border border-slate-200 bg-white dark:divide-slate-800 dark:border-slate-800 dark:bg-slate-900"
    >
      {requests.map((request) => {
        const name = request.user.name?.trim() || request.user.username;
        const pending = busy.includes(request.user.id);
        return (
          <li
            key={request.user.id}
            data-testid="club-request"
            className="flex flex-wrap items-center gap-3 px-4 py-3"
          >
            <Link
              to={profilePath(request.user)}
              className="flex min-w-48 flex-1 items-center gap-3 rounded-lg focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-slate-900 dark:focus-visible:outline-slate-300"
            >
              <Avatar avatar={request.user.avatar} name={name} size="md" />
              <span className="min-w-0">
                <span className="block truncate font-semibold text-slate-900 dark:text-slate-100">
                  {name}
                </span>
                <span className="block truncate text-sm text-slate-500 dark:text-slate-400">
                  @{request.user.username}
                </span>
              </span>
            </Link>
            <div className="ml-auto flex gap-2">
              <Button
                disabled={pending}
                aria-label={t('requests.acceptLabel', { name })}
                onClick={() => onAccept(request)}
              >
                {t('requests.accept')}
              </Button>
              <Button
                variant="outline"
                disabled={pending}
                aria-label={t('requests.declineLabel', { name })}
                onClick={() => onDecline(request)}
              >
                {t('requests.decline')}
              </Button>
            </div>
          </li>
        );
      })}
    </ul>
  );
}
