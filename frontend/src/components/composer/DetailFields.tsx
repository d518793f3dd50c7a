import { LIMITS } from '@piste/contracts';
import { controlClassName } from '../FormField';

/** One detail a post type asks for: its key in the details, its label and an example. */
interface DetailField<K extends string> {
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

type Values<F extends readonly DetailField<string>[]> = Record<F[number]['key'], string>;

/** The details as the form holds them: every field, empty. */
export function emptyDetails<F extends readonly DetailField<string>[]>(fields: F): Values<F> {
  return Object.fromEntries(fields.map((field) => [field.key, ''])) as Values<F>;
}

interface DetailFieldsProps<F extends readonly DetailField<string>[]> {
  /** 'drill' or 'achievement': names the inputs' ids. */
  kind: string;
  legend: string;
  fields: F;
  values: Values<F>;
  onChange: (values: Values<F>) => void;
  className: string;
}

/** The composer's drill or achievement details: free-text fields (competitors is a number), side by side. */
export function DetailFields<F extends readonly DetailField<string>[]>({
  kind,
  legend,
  fields,
  values,
  onChange,
  className,
}: DetailFieldsProps<F>) {
  return (
    <fieldset className={`mt-4 grid gap-3 rounded-xl border p-3.5 sm:ml-13 sm:grid-cols-2 ${className}`}>
      <legend className="sr-only">{legend}</legend>
      {fields.map(({ key, label, placeholder, ...field }) => {
        const type = 'type' in field ? field.type : 'text';
        const id = `${kind}-${key}`;
        const name = key as F[number]['key'];
        return (
          <div key={key}>
            <label
              htmlFor={id}
              className="mb-1 block text-xs font-semibold text-slate-600 dark:text-slate-300"
            >
              {label}
            </label>
            <input
              id={id}
              type={type}
              min={type === 'number' ? 0 : undefined}
              value={values[name]}
              maxLength={type === 'text' ? LIMITS.detailField : undefined}
              placeholder={placeholder}
              onChange={(event) => onChange({ ...values, [name]: event.target.value })}
              className={controlClassName(false)}
            />
          </div>
        );
      })}
    </fieldset>
  );
}
