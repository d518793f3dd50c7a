import { isWeapon } from '@piste/contracts';
import type { DrillFilters } from '../../stores/drills';

/** How the drill library's filters sit in its address (`/drills?weapon=foil&level=Beginner&q=lunge`). */

/** The text filters, by their name in the address. */
export const TEXT_FILTERS = ['q', 'focus', 'equipment'] as const;
export type TextFilter = (typeof TEXT_FILTERS)[number];

/** The levels the composer suggests for a drill ('e.g. Beginner'); the server matches the whole value. */
export const DRILL_LEVELS = ['Beginner', 'Intermediate', 'Advanced'] as const;

/** The filters an address asks for; what it leaves out, or gets wrong, filters nothing. */
export function drillFiltersOf(params: URLSearchParams): DrillFilters {
  const weapon = params.get('weapon');
  const text = (name: string) => params.get(name)?.trim() || undefined;
  return {
    weapon: isWeapon(weapon) ? weapon : undefined,
    level: text('level'),
    focus: text('focus'),
    equipment: text('equipment'),
    q: text('q'),
    // Newest first is the server's default, so the address says only the other order.
    sort: params.get('sort') === 'saved' ? 'saved' : undefined,
  };
}

/** Whether any filter narrows the list (the order does not). */
export function isFiltered({ sort: _sort, ...filters }: DrillFilters): boolean {
  return Object.values(filters).some(Boolean);
}

/** `params` with `name` set to `value`, or without it when `value` is empty. */
export function withParam(params: URLSearchParams, name: string, value: string): URLSearchParams {
  const next = new URLSearchParams(params);
  if (value) next.set(name, value);
  else next.delete(name);
  return next;
}
