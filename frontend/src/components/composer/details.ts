/** The details the drill and achievement posts ask for, as tables the composer's form and fields share. */

/** One detail a post type asks for: its key in the details, its label and an example (catalogue keys). */
export interface DetailField<K extends string> {
  key: K;
  label: DetailText;
  placeholder: DetailText;
  type?: 'text' | 'number';
}

/** A detail's label or example, as its key in the `feed` catalogue. */
type DetailText =
  | 'post.details.duration'
  | 'post.details.level'
  | 'post.details.equipment'
  | 'post.details.focus'
  | 'post.details.place'
  | 'post.details.score'
  | 'post.details.competition'
  | 'post.details.competitors'
  | 'composer.details.durationExample'
  | 'composer.details.levelExample'
  | 'composer.details.equipmentExample'
  | 'composer.details.focusExample'
  | 'composer.details.placeExample'
  | 'composer.details.scoreExample'
  | 'composer.details.competitionExample'
  | 'composer.details.competitorsExample';

export const DRILL_FIELDS = [
  { key: 'duration', label: 'post.details.duration', placeholder: 'composer.details.durationExample' },
  { key: 'level', label: 'post.details.level', placeholder: 'composer.details.levelExample' },
  { key: 'equipment', label: 'post.details.equipment', placeholder: 'composer.details.equipmentExample' },
  { key: 'focus', label: 'post.details.focus', placeholder: 'composer.details.focusExample' },
] as const satisfies readonly DetailField<string>[];

export const ACHIEVEMENT_FIELDS = [
  { key: 'place', label: 'post.details.place', placeholder: 'composer.details.placeExample' },
  { key: 'score', label: 'post.details.score', placeholder: 'composer.details.scoreExample' },
  {
    key: 'competition',
    label: 'post.details.competition',
    placeholder: 'composer.details.competitionExample',
  },
  {
    key: 'competitors',
    label: 'post.details.competitors',
    placeholder: 'composer.details.competitorsExample',
    type: 'number',
  },
] as const satisfies readonly DetailField<string>[];

/** The post types with details: the fields each asks for, how they are announced and coloured. */
export const DETAILS = {
  drill: {
    legend: 'composer.details.drillLegend',
    fields: DRILL_FIELDS,
    className: 'border-sky-100 bg-sky-50/50 dark:border-sky-900 dark:bg-sky-950/50',
  },
  achievement: {
    legend: 'composer.details.achievementLegend',
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
