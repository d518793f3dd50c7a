import type { EventKind, FencingEvent } from '@piste/contracts';
import i18next from 'i18next';
import { intlLocale } from '../../i18n/languages';
import { countryName } from '../clubs/club-format';

/** The keys of the event kinds' names: Competition, Training, Camp, Social. */
export const EVENT_KIND_LABELS = {
  competition: 'events:kinds.competition',
  training: 'events:kinds.training',
  camp: 'events:kinds.camp',
  social: 'events:kinds.social',
} as const satisfies Record<EventKind, string>;

/** Each kind's badge, its text at 4.5:1 or more against its fill in both themes. */
export const EVENT_KIND_CLASSES: Record<EventKind, string> = {
  competition: 'bg-amber-100 text-amber-900 dark:bg-amber-900/50 dark:text-amber-100',
  training: 'bg-sky-100 text-sky-900 dark:bg-sky-900/50 dark:text-sky-100',
  camp: 'bg-emerald-100 text-emerald-900 dark:bg-emerald-900/50 dark:text-emerald-100',
  social: 'bg-pink-100 text-pink-900 dark:bg-pink-900/50 dark:text-pink-100',
};

/** The town of an event: 'Lyon, France'. */
export const eventCity = (event: Pick<FencingEvent, 'city' | 'country'>) =>
  `${event.city}, ${countryName(event.country)}`;

/** Where an event is: 'Halle Tony Garnier, Lyon, France' (the venue when there is one). */
export const eventPlace = (event: Pick<FencingEvent, 'venue' | 'city' | 'country'>) =>
  [event.venue.trim(), eventCity(event)].filter(Boolean).join(', ');

const formats = new Map<string, Intl.DateTimeFormat>();

/** The locale of event dates and times: British English in English ('Sat, 13 Mar 2027, 09:00'), else the language. */
const dateLocale = () => {
  const shown = intlLocale();
  return shown === 'en' ? 'en-GB' : shown;
};

/** A format of `timeZone`'s clocks, in the language shown unless told otherwise (cached: building one is slow). */
function formatIn(
  timeZone: string,
  options: Intl.DateTimeFormatOptions,
  locale = dateLocale(),
): Intl.DateTimeFormat {
  const key = `${locale} ${timeZone} ${JSON.stringify(options)}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, { timeZone, ...options });
    formats.set(key, format);
  }
  return format;
}

const DATE_TIME: Intl.DateTimeFormatOptions = {
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
};

/**
 * A zone's short name at an instant: 'CET', 'EST', else its offset ('GMT+9'). American English names the
 * Americas' zones, British English Europe's; each gives the other's as an offset.
 */
export function zoneShortName(timeZone: string, instant: Date): string {
  const nameIn = (locale: string) =>
    formatIn(timeZone, { timeZoneName: 'short' }, locale)
      .formatToParts(instant)
      .find((part) => part.type === 'timeZoneName')?.value ?? timeZone;
  const american = nameIn('en-US');
  return american.startsWith('GMT') ? nameIn('en-GB') : american;
}

/**
 * When an event happens, as the clocks of `timeZone` show it (the event's own zone unless told otherwise):
 * 'Sat, 13 Mar 2027, 09:00–18:00 CET', or across days 'Sat, 13 Mar 2027, 09:00 – Mon, 15 Mar 2027, 18:00 CET'.
 */
export function eventTimes(
  event: Pick<FencingEvent, 'startsAt' | 'endsAt' | 'timezone'>,
  timeZone = event.timezone,
): string {
  const start = new Date(event.startsAt);
  const end = new Date(event.endsAt);
  const range = formatIn(timeZone, DATE_TIME).formatRange(start, end);
  const startZone = zoneShortName(timeZone, start);
  const endZone = zoneShortName(timeZone, end);
  return startZone === endZone
    ? `${range} ${startZone}`
    : i18next.t('events:format.zoneChange', { range, from: startZone, to: endZone });
}

/** The event's times for someone elsewhere: in their own zone, or null when their clocks show the same. */
export function viewerTimes(
  event: Pick<FencingEvent, 'startsAt' | 'endsAt' | 'timezone'>,
  viewerZone: string,
): string | null {
  const wall = (zone: string) =>
    [event.startsAt, event.endsAt].map((at) => formatIn(zone, DATE_TIME).format(new Date(at))).join(' ');
  return wall(viewerZone) === wall(event.timezone) ? null : eventTimes(event, viewerZone);
}

/** The day an event starts, where it happens, for a card's date badge: month ('Mar') and day ('13'). */
export function startDay(event: Pick<FencingEvent, 'startsAt' | 'timezone'>): { month: string; day: string } {
  const start = new Date(event.startsAt);
  return {
    month: formatIn(event.timezone, { month: 'short' }).format(start),
    day: formatIn(event.timezone, { day: 'numeric' }).format(start),
  };
}
