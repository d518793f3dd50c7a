import { LIMITS } from '@piste/contracts';
import { useTranslation } from '../../i18n/use-translation';
import type { FieldBinding } from '../../lib/forms';
import { controlClassName } from '../FormField';
import { DETAILS, type DetailField, type DetailKind } from './details';
import type { DetailPath } from './post-draft';

interface DetailFieldsProps {
  kind: DetailKind;
  /** The form's binding of a detail, by its path in the draft (`drill.duration`). */
  field: (name: DetailPath) => FieldBinding;
}

/** The composer's drill or achievement details: free-text fields (competitors is a number), side by side. */
export function DetailFields({ kind, field }: DetailFieldsProps) {
  const { legend, fields, className } = DETAILS[kind];
  const { t } = useTranslation('feed');
  return (
    <fieldset className={`mt-4 grid gap-3 rounded-xl border p-3.5 sm:ml-13 sm:grid-cols-2 ${className}`}>
      <legend className="sr-only">{t(legend)}</legend>
      {fields.map(({ key, label, placeholder, ...detail }: DetailField<string>) => {
        const type = detail.type ?? 'text';
        const id = `${kind}-${key}`;
        // Details are free text: nothing to show under them.
        const { error: _error, ...input } = field(`${kind}.${key}` as DetailPath);
        return (
          <div key={key}>
            <label
              htmlFor={id}
              className="mb-1 block text-xs font-semibold text-slate-600 dark:text-slate-300"
            >
              {t(label)}
            </label>
            <input
              id={id}
              type={type}
              min={type === 'number' ? 0 : undefined}
              maxLength={type === 'text' ? LIMITS.detailField : undefined}
              placeholder={t(placeholder)}
              {...input}
              className={controlClassName(false)}
            />
          </div>
        );
      })}
    </fieldset>
  );
}
