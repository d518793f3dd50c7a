import type { FencingEvent } from '@piste/contracts';
import { CalendarDays, Castle, MapPin, UserCheck } from 'lucide-react';
import { useTranslation } from '../../i18n/use-translation';
import { Link } from '../../lib/router';
import { eventPath } from '../../lib/paths';
import { ClubWeapons } from '../clubs/ClubWeapons';
import { eventCity, eventTimes, startDay } from './event-format';
import { EventKindBadge } from './EventKindBadge';

/** An event in a list: its day, title (the link to its page), kind, times, place, weapons, club and who goes. */
export function EventCard({ event }: { event: FencingEvent }) {
  const { t } = useTranslation('events');
  const { month, day } = startDay(event);
  return (
    <article
      data-testid="event-card"
      className="relative flex gap-4 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm transition hover:border-slate-300 sm:p-5 dark:border-slate-800 dark:bg-slate-900 dark:hover:border-slate-700"
    >
      <div
        aria-hidden
        className="flex w-12 shrink-0 flex-col items-center self-start rounded-xl border border-slate-200 bg-slate-50 py-1.5 dark:border-slate-700 dark:bg-slate-800"
      >
        <span className="text-xs font-semibold text-red-700 uppercase dark:text-red-300">{month}</span>
        <span className="text-xl leading-tight font-bold text-slate-900 dark:text-slate-100">{day}</span>
      </div>
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
          <EventKindBadge kind={event.kind} />
          {event.club ? (
            <span className="inline-flex min-w-0 items-center gap-1 text-sm text-slate-600 dark:text-slate-300">
              <Castle aria-hidden className="size-4 shrink-0" />
              <span className="break-words">{event.club.name}</span>
            </span>
          ) : null}
        </div>
        <h2 className="mt-1.5 text-base font-semibold text-slate-900 dark:text-slate-100">
          <Link
            to={eventPath(event.id)}
            className="break-words after:absolute after:inset-0 after:rounded-2xl focus-visible:outline-none focus-visible:after:outline-2 focus-visible:after:outline-offset-2 focus-visible:after:outline-slate-900 dark:focus-visible:after:outline-slate-300"
          >
            {event.title}
          </Link>
        </h2>
        <p className="mt-1 flex items-start gap-1.5 text-sm text-slate-600 dark:text-slate-300">
          <CalendarDays aria-hidden className="mt-0.5 size-4 shrink-0" />
          <span>{eventTimes(event)}</span>
        </p>
        <p className="mt-0.5 flex items-start gap-1.5 text-sm text-slate-600 dark:text-slate-300">
          <MapPin aria-hidden className="mt-0.5 size-4 shrink-0" />
          <span className="min-w-0 break-words">{eventCity(event)}</span>
        </p>
        <div className="mt-3 flex flex-wrap items-center justify-between gap-2">
          <ClubWeapons weapons={event.weapons} />
          <span
            data-testid="event-card-going"
            className="inline-flex items-center gap-1 text-sm font-medium text-slate-700 dark:text-slate-200"
          >
            <UserCheck aria-hidden className="size-4 shrink-0" />
            {t('attendance.goingCount', { count: event.goingCount })}
          </span>
        </div>
      </div>
    </article>
  );
}
