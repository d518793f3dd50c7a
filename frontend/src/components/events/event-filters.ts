import { EVENT_KINDS, isWeapon, type EventFilters, type EventKind } from '@piste/contracts';

/**
 * How the events page's filters sit in its address (`/events?from=2027-03-01&to=2027-03-31&country=FR&weapon=epee
 * &kind=competition`): days as the browser's calendar shows them, so a shared link reads the same.
 */

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** The instant a day ('2027-03-01') starts, here; the next day's start with `end`. Undefined for no day. */
function dayStart(day: string | null, end = false): string | undefined {
  const match = day ? DAY.exec(day) : null;
  if (!match) return undefined;
  const [year, month, date] = match.slice(1).map(Number);
  const start = new Date(year, month - 1, date + (end ? 1 : 0));
  if (Number.isNaN(start.getTime())) return undefined;
  return new Date(start.getTime() - (end ? 1 : 0)).toISOString();
}

const isEventKind = (value: string | null): value is EventKind =>
  (EVENT_KINDS as readonly (string | null)[]).includes(value);

/** The filters an address asks for; what it leaves out, or gets wrong, filters nothing. */
export function eventFiltersOf(params: URLSearchParams): EventFilters {
  const weapon = params.get('weapon');
  const kind = params.get('kind');
  const country = params.get('country')?.trim().toUpperCase() ?? '';
  return {
    from: dayStart(params.get('from')),
    // The whole of the last day.
    to: dayStart(params.get('to'), true),
    country: /^[A-Z]{2}$/.test(country) ? country : undefined,
    weapon: isWeapon(weapon) ? weapon : undefined,
    kind: isEventKind(kind) ? kind : undefined,
  };
}

/** Whether any filter narrows the list. */
export const isFiltered = (filters: EventFilters): boolean => Object.values(filters).some(Boolean);

/** `params` with `name` set to `value`, or without it when `value` is empty. */
export function withParam(params: URLSearchParams, name: string, value: string): URLSearchParams {
  const next = new URLSearchParams(params);
  if (value) next.set(name, value);
  else next.delete(name);
  return next;
}
