import type { Attendee } from '@piste/contracts';
import { Clock, UserPlus } from 'lucide-react';
import { useTranslation } from '../../i18n/use-translation';
import { Link } from '../../lib/router';
import { profilePath, REQUESTS_PATH } from '../../lib/paths';
import { banNotice, useBannedUntil } from '../../stores/ban';
import { useConnectionsStore } from '../../stores/connections';
import { Avatar } from '../Avatar';
import { Button, buttonClassName } from '../Button';

const chipClasses =
  'rounded-full bg-slate-100 px-2.5 py-0.5 text-xs font-semibold text-slate-700 dark:bg-slate-800 dark:text-slate-200';

const nameOf = (attendee: Attendee) => attendee.user.name?.trim() || attendee.user.username;

/**
 * Who is going or interested, connections first: each with a link to their page, their answer, and Connect for
 * those the viewer is not connected with. Requests go through the connections store, so the header's badge and
 * the Connections page follow.
 */
export function EventAttendees({ attendees, viewerId }: { attendees: Attendee[]; viewerId: string }) {
  const { t } = useTranslation('events');
  return (
    <ul
      aria-label={t('attendees.label')}
      className="divide-y divide-slate-100 rounded-2xl border border-slate-200 bg-white dark:divide-slate-800 dark:border-slate-800 dark:bg-slate-900"
    >
      {attendees.map((attendee) => (
        <li
          key={attendee.user.id}
          data-testid="event-attendee"
          className="flex flex-wrap items-center gap-x-3 gap-y-2 px-4 py-3"
        >
          <Link
            to={profilePath(attendee.user)}
            className="flex min-w-0 flex-1 basis-44 items-center gap-3 rounded-lg focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-slate-900 dark:focus-visible:outline-slate-300"
          >
            <Avatar avatar={attendee.user.avatar} name={nameOf(attendee)} size="md" />
            <span className="min-w-0">
              <span className="block truncate font-semibold text-slate-900 dark:text-slate-100">
                {nameOf(attendee)}
              </span>
              <span className="block truncate text-sm text-slate-500 dark:text-slate-400">
                {attendee.status === 'going' ? t('attendance.going') : t('attendance.interested')} · @
                {attendee.user.username}
              </span>
            </span>
          </Link>
          <div className="ml-auto flex items-center gap-2">
            <Standing attendee={attendee} viewerId={viewerId} />
          </div>
        </li>
      ))}
    </ul>
  );
}

/** Where the viewer stands with an attendee: Connection, You, Request sent, a request to answer, or Connect. */
function Standing({ attendee, viewerId }: { attendee: Attendee; viewerId: string }) {
  const userId = attendee.user.id;
  const sent = useConnectionsStore((s) => s.sent.some((request) => request.receiverId === userId));
  const received = useConnectionsStore((s) => s.incoming.some((request) => request.senderId === userId));
  const busy = useConnectionsStore((s) => !!s.busy[userId]);
  const sendRequest = useConnectionsStore((s) => s.sendRequest);
  // A banned user may answer requests, not send new ones.
  const bannedUntil = useBannedUntil();
  const { t } = useTranslation('events');

  if (attendee.connected) return <span className={chipClasses}>{t('attendees.connection')}</span>;
  if (userId === viewerId) return <span className={chipClasses}>{t('attendees.you')}</span>;
  if (sent) {
    return (
      <Button variant="outline" disabled className="px-3 py-1.5">
        <Clock aria-hidden className="size-4" />
        {t('attendees.requestSent')}
      </Button>
    );
  }
  if (received) {
    return (
      <Link to={REQUESTS_PATH} className={buttonClassName('outline', 'px-3 py-1.5')}>
        {t('attendees.answer')}
      </Link>
    );
  }
  return (
    <Button
      variant="outline"
      className="px-3 py-1.5"
      aria-label={t('attendees.connectLabel', { name: nameOf(attendee) })}
      disabled={busy || !!bannedUntil}
      title={bannedUntil ? banNotice(bannedUntil) : undefined}
      onClick={() => void sendRequest(userId)}
    >
      <UserPlus aria-hidden className="size-4" />
      {t('attendees.connect')}
    </Button>
  );
}
