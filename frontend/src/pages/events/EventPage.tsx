import type { SessionUser } from '@piste/contracts';
import {
  CalendarDays,
  CalendarPlus,
  Castle,
  Clock,
  ExternalLink,
  MapPin,
  Pencil,
  Swords,
  Trash2,
  Users,
} from 'lucide-react';
import { useEffect, useState, type ReactNode } from 'react';
import { Link, useNavigate, useParams } from '../../lib/router';
import { useTranslation } from '../../i18n/use-translation';
import { Button, buttonClassName } from '../../components/Button';
import { ClubWeapons } from '../../components/clubs/ClubWeapons';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { EmptyState } from '../../components/EmptyState';
import { EventAttendance } from '../../components/events/EventAttendance';
import { LogBoutDialog } from '../../components/record/LogBoutDialog';
import { EventAttendees } from '../../components/events/EventAttendees';
import { eventPlace, eventTimes, viewerTimes } from '../../components/events/event-format';
import { EventKindBadge } from '../../components/events/EventKindBadge';
import { PageNotReady } from '../../components/PageNotReady';
import { clubPath, editEventPath, eventCalendarFilePath, EVENTS_PATH, profilePath } from '../../lib/paths';
import { browserTimeZone } from '../../lib/zoned-time';
import { useEventPageStore } from '../../stores/event-page';
import { NotFoundPage } from '../NotFoundPage';

const linkClasses =
  'rounded-sm font-semibold text-slate-900 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-slate-900 dark:text-slate-100 dark:focus-visible:outline-slate-300';

/**
 * /events/:id — an event: when (in its own time zone, and the viewer's when it differs), where, its weapons and
 * categories, who runs it, Going and Interested with live counts, a calendar file, and who goes.
 */
export function EventPage({ user }: { user: SessionUser }) {
  const { id = '' } = useParams();
  const store = useEventPageStore();
  const { open, close } = store;
  const navigate = useNavigate();
  const [confirmingCancel, setConfirmingCancel] = useState(false);
  const [loggingBout, setLoggingBout] = useState(false);
  const { t } = useTranslation(['events', 'people', 'clubs']);

  useEffect(() => {
    void open(id);
    return close;
  }, [open, close, id]);

  if (store.status === 'not-found') return <NotFoundPage />;
  if (!store.page || store.id !== id) {
    return (
      <PageNotReady
        failed={store.status === 'error'}
        failedTitle={t('page.loadFailed')}
        loadingLabel={t('page.loading')}
        icon={CalendarDays}
        onRetry={() => void store.refresh()}
        bars={[['h-8 w-64 max-w-full', 'strong'], 'h-4 w-72 max-w-full', 'h-4 w-48', 'h-10 w-60 max-w-full']}
      />
    );
  }

  const { event, goingCount, interestedCount, viewerStatus, attendees, canEdit } = store.page;
  const yourTimes = viewerTimes(event, browserTimeZone());
  const creatorName = event.creator ? event.creator.name?.trim() || event.creator.username : null;

  return (
    <div data-testid="event-page" className="mx-auto max-w-3xl space-y-6">
      <section className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6 dark:border-slate-800 dark:bg-slate-900">
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
          <EventKindBadge kind={event.kind} />
          {event.club ? (
            <Link
              to={clubPath(event.club.slug)}
              className={`inline-flex items-center gap-1 text-sm ${linkClasses}`}
            >
              <Castle aria-hidden className="size-4 shrink-0" />
              {event.club.name}
            </Link>
          ) : null}
        </div>
        <h1 className="mt-2 text-2xl font-bold tracking-tight break-words text-slate-900 sm:text-3xl dark:text-slate-100">
          {event.title}
        </h1>

        <dl className="mt-4 space-y-2 text-sm text-slate-700 dark:text-slate-300">
          <Detail icon={CalendarDays} term={t('page.when')}>
            <span data-testid="event-times">{eventTimes(event)}</span>
            {yourTimes ? (
              <span data-testid="event-your-times" className="block text-slate-500 dark:text-slate-400">
                {t('page.yourTime', { times: yourTimes })}
              </span>
            ) : null}
          </Detail>
          <Detail icon={MapPin} term={t('page.where')}>
            {eventPlace(event)}
          </Detail>
          {creatorName && event.creator ? (
            <Detail icon={Users} term={t('page.organiser')}>
              {t('page.addedBy')}{' '}
              <Link to={profilePath(event.creator)} className={linkClasses}>
                {creatorName}
              </Link>
            </Detail>
          ) : null}
        </dl>

        <div className="mt-4 flex flex-wrap items-center gap-2">
          <ClubWeapons weapons={event.weapons} />
          {event.categories.length ? (
            <ul aria-label={t('form.categories')} className="flex flex-wrap gap-1.5">
              {event.categories.map((category) => (
                <li
                  key={category}
                  className="rounded-full bg-slate-100 px-2.5 py-0.5 text-xs font-medium break-all text-slate-700 dark:bg-slate-800 dark:text-slate-200"
                >
                  {category}
                </li>
              ))}
            </ul>
          ) : null}
        </div>

        {event.description ? (
          <p className="mt-4 text-sm whitespace-pre-line break-words text-slate-700 dark:text-slate-300">
            {event.description}
          </p>
        ) : null}

        {event.url ? (
          <p className="mt-4 text-sm">
            <a
              href={event.url}
              target="_blank"
              rel="noopener noreferrer"
              className={`inline-flex items-center gap-1 break-all ${linkClasses}`}
            >
              {t('page.registration')}
              <ExternalLink aria-hidden className="size-4 shrink-0" />
              <span className="sr-only">{t('page.newTab')}</span>
            </a>
          </p>
        ) : null}

        <div className="mt-5 flex flex-wrap items-center gap-3 border-t border-slate-100 pt-5 dark:border-slate-800">
          <EventAttendance
            viewerStatus={viewerStatus}
            goingCount={goingCount}
            interestedCount={interestedCount}
            pending={store.attending}
            onAttend={(status) => void store.attend(status)}
          />
          <a href={eventCalendarFilePath(event.id)} download className={buttonClassName('outline')}>
            <CalendarPlus aria-hidden className="size-4" />
            {t('page.addToCalendar')}
          </a>
          {/* Once it has started, those who went log their bouts there. */}
          {viewerStatus === 'going' && Date.parse(event.startsAt) <= Date.now() ? (
            <Button variant="outline" onClick={() => setLoggingBout(true)}>
              <Swords aria-hidden className="size-4" />
              {t('people:record.logBout')}
            </Button>
          ) : null}
        </div>

        {canEdit ? (
          <div className="mt-4 flex flex-wrap gap-2">
            <Link to={editEventPath(event.id)} className={buttonClassName('outline')}>
              <Pencil aria-hidden className="size-4" />
              {t('page.edit')}
            </Link>
            <Button variant="outline" disabled={store.acting} onClick={() => setConfirmingCancel(true)}>
              <Trash2 aria-hidden className="size-4" />
              {t('page.cancelEvent')}
            </Button>
          </div>
        ) : null}
      </section>

      <section aria-labelledby="event-attendees-heading" className="space-y-3">
        <h2 id="event-attendees-heading" className="text-lg font-semibold text-slate-900 dark:text-slate-100">
          {t('attendees.label')}
        </h2>
        {attendees.length ? (
          <EventAttendees attendees={attendees} viewerId={user.id} />
        ) : (
          <EmptyState
            icon={Clock}
            title={t('attendees.empty.title')}
            description={t('attendees.empty.description')}
          />
        )}
      </section>

      <LogBoutDialog
        open={loggingBout}
        onClose={() => setLoggingBout(false)}
        opponent={null}
        defaultWeapon={event.weapons[0] ?? 'epee'}
        event={{ id: event.id, title: event.title }}
      />
      <ConfirmDialog
        open={confirmingCancel}
        title={t('page.cancelDialog.title')}
        description={t('page.cancelDialog.description', { title: event.title })}
        confirmLabel={t('page.cancelEvent')}
        destructive
        pending={store.acting}
        onCancel={() => setConfirmingCancel(false)}
        onConfirm={() => {
          setConfirmingCancel(false);
          void store.cancelEvent().then((cancelled) => {
            if (cancelled) navigate(EVENTS_PATH);
          });
        }}
      />
    </div>
  );
}

/** One line of what the event is: its icon, a name for screen readers, and what it says. */
function Detail({
  icon: Icon,
  term,
  children,
}: {
  icon: typeof CalendarDays;
  term: string;
  children: ReactNode;
}) {
  return (
    <div>
      <dt className="sr-only">{term}</dt>
      <dd className="flex items-start gap-2">
        <Icon aria-hidden className="mt-0.5 size-4 shrink-0 text-slate-500 dark:text-slate-400" />
        <span className="min-w-0 break-words">{children}</span>
      </dd>
    </div>
  );
}
