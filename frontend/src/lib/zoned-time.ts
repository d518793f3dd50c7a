/**
 * Wall-clock times in a named time zone. An event's form asks for its start and end as the clocks show them where
 * it happens (a `datetime-local` value, e.g. '2027-03-28T09:00', in 'Europe/Paris'); the server keeps instants.
 */

const MINUTE_MS = 60_000;
const DAY_MS = 24 * 60 * MINUTE_MS;

const partFormats = new Map<string, Intl.DateTimeFormat>();

/** The numbers of a date as the clocks of `timeZone` show it (cached: building a format is slow). */
function clockOf(
  instant: number,
  timeZone: string,
): Record<'year' | 'month' | 'day' | 'hour' | 'minute', number> {
  let format = partFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
    });
    partFormats.set(timeZone, format);
  }
  const parts = Object.fromEntries(
    format.formatToParts(new Date(instant)).map((part) => [part.type, Number(part.value)]),
  );
  return { year: parts.year, month: parts.month, day: parts.day, hour: parts.hour, minute: parts.minute };
}

/** The wall time `instant` shows in `timeZone`, counted as if that wall time were UTC (whole minutes). */
function wallMsAt(instant: number, timeZone: string): number {
  const { year, month, day, hour, minute } = clockOf(instant, timeZone);
  return Date.UTC(year, month - 1, day, hour, minute);
}

/** How far `timeZone`'s clocks are ahead of UTC at `instant`, in milliseconds (Paris in winter: one hour). */
export function zoneOffsetMs(timeZone: string, instant: number): number {
  return wallMsAt(instant, timeZone) - Math.floor(instant / MINUTE_MS) * MINUTE_MS;
}

const WALL_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/;

/** A `datetime-local` value ('2027-03-28T09:00') as its numbers counted as UTC; null when it is not one. */
function parseWallTime(wall: string): number | null {
  const match = WALL_TIME.exec(wall);
  if (!match) return null;
  const [year, month, day, hour, minute] = match.slice(1).map(Number);
  const ms = Date.UTC(year, month - 1, day, hour, minute);
  const back = new Date(ms);
  // 2027-02-30 rolls over into March: not a date.
  if (back.getUTCMonth() !== month - 1 || back.getUTCDate() !== day || hour > 23 || minute > 59) return null;
  return ms;
}

/**
 * The instant at which `timeZone`'s clocks show `wall` ('2027-03-28T09:00'), or null when `wall` is not a wall
 * time (or the zone is unknown). Where clocks change it decides as calendars do: a time skipped when clocks go
 * forward (02:30 in Paris on 2027-03-28) is read with the offset before the change (03:30 once they moved); a time
 * shown twice when they go back is the first of the two.
 */
export function zonedTimeToInstant(wall: string, timeZone: string): Date | null {
  const wallMs = parseWallTime(wall);
  if (wallMs === null) return null;
  try {
    // A zone changes its clocks at most once in a couple of days: the offsets a day either side are the
    // candidates.
    const before = zoneOffsetMs(timeZone, wallMs - DAY_MS);
    const after = zoneOffsetMs(timeZone, wallMs + DAY_MS);
    const matching = [wallMs - before, wallMs - after].filter(
      (instant) => wallMsAt(instant, timeZone) === wallMs,
    );
    return new Date(matching.length ? Math.min(...matching) : wallMs - before);
  } catch {
    return null;
  }
}

const pad = (value: number) => String(value).padStart(2, '0');

/** What `timeZone`'s clocks show at `instant`, as a `datetime-local` value ('2027-03-28T09:00'). */
export function instantToZonedTime(instant: Date | string, timeZone: string): string {
  const { year, month, day, hour, minute } = clockOf(new Date(instant).getTime(), timeZone);
  return `${year}-${pad(month)}-${pad(day)}T${pad(hour)}:${pad(minute)}`;
}

/** The browser's own time zone ('Europe/Paris'), UTC when it cannot tell. */
export function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

/** Every time zone this browser knows, for a form to choose from, with `including` among them. */
export function timeZoneChoices(including: string): string[] {
  const zones = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return zones.includes(including) ? zones : [including, ...zones];
}
