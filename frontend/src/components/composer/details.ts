/** The details the drill and achievement posts ask for, as tables the composer's form and fields share. */

/** One detail a post type asks for: its key in the details, its label and an example. */
export interface DetailField<K extends string> {
  key: K;
  label: string;
  placeholder: string;
  type?: 'text' | 'number';
}

export const DRILL_FIELDS = [
  { key: 'duration', label: 'Duration', placeholder: 'e.g. 20 minutes' },
  { key: 'level', label: 'Level', placeholder: 'e.g. Beginner' },
  { key: 'equipment', label: 'Equipment', placeholder: 'e.g. Mask, blade, partner' },
  { key: 'focus', label: 'Focus', placeholder: 'e.g. Distance' },
] as const satisfies readonly DetailField<string>[];

export const ACHIEVEMENT_FIELDS = [
  { key: 'place', label: 'Place', placeholder: 'e.g. 1st' },
  { key: 'score', label: 'Score', placeholder: 'e.g. 15-12' },
  { key: 'competition', label: 'Competition', placeholder: 'e.g. Regional Open' },
  { key: 'competitors', label: 'Competitors', placeholder: 'e.g. 64', type: 'number' },
] as const satisfies readonly DetailField<string>[];

/** The post types with details: the fields each asks for, how they are announced and coloured. */
export const DETAILS = {
  drill: {
    legend: 'Drill details',
    fields: DRILL_FIELDS,
    className: 'border-sky-100 bg-sky-50/50 dark:border-sky-900 dark:bg-sky-950/50',
  },
  achievement: {
    legend: 'Achievement details',
    fields: ACHIEVEMENT_FIELDS,
    className: 'border-amber-100 bg-amber-50/50 dark:border-amber-900 dark:bg-amber-950/50',
  },
} as const;
export type DetailKind = keyof typeof DETAILS;

type Values<F extends readonly DetailField<string>[]> = Record<F[number]['key'], string>;

/** The details as the form holds them: every field, empty. */
export function emptyDetails<F extends readonly DetailField<string>[]>(fields: F): Values<F> {
  return Object.fromEntries(fields.map((field) => [field.key, ''])) as Values<F>;
}

/** The details kept in a stored draft, as the form holds them: every field, its text or empty. */
export function detailsFrom<F extends readonly DetailField<string>[]>(fields: F, kept: unknown): Values<F> {
  const source = kept && typeof kept === 'object' ? (kept as Record<string, unknown>) : {};
  return Object.fromEntries(
    fields.map(({ key }) => [key, typeof source[key] === 'string' ? source[key] : '']),
  ) as Values<F>;
}
