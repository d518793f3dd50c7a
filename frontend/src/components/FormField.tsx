import type { InputHTMLAttributes, ReactNode, Ref, SelectHTMLAttributes } from 'react';
import type { FieldBinding } from '../lib/forms';

const controlClasses =
  'block w-full rounded-lg border bg-white px-3 py-2 text-sm text-slate-900 shadow-xs transition placeholder:text-slate-500 dark:placeholder:text-slate-400 focus:outline-none focus:ring-2 dark:bg-slate-900 dark:text-slate-100';
const validClasses =
  'border-slate-300 focus:border-slate-900 focus:ring-slate-900/15 dark:border-slate-700 dark:focus:border-slate-300 dark:focus:ring-slate-300/15';
const invalidClasses = 'border-red-400 focus:border-red-500 focus:ring-red-500/20';

/** Classes for a text input or select, red when the field has an error. */
export function controlClassName(hasError: boolean): string {
  return `${controlClasses} ${hasError ? invalidClasses : validClasses}`;
}

/** A control's id, its error state for assistive technology, and its classes. */
function controlProps(id: string, error: string | undefined) {
  return {
    id,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? `${id}-error` : undefined,
    className: controlClassName(!!error),
  };
}

export function FieldError({ id, message }: { id: string; message?: string }) {
  if (!message) return null;
  return (
    <p id={id} className="mt-1.5 text-sm font-medium text-red-600 dark:text-red-400">
      {message}
    </p>
  );
}

interface FieldProps {
  id: string;
  label: string;
  error?: string;
  children: ReactNode;
}

/** A label, its control and the control's error text underneath. */
export function Field({ id, label, error, children }: FieldProps) {
  return (
    <div>
      <label htmlFor={id} className="mb-1.5 block text-sm font-medium text-slate-700 dark:text-slate-300">
        {label}
      </label>
      {children}
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}

interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  id: string;
  label: string;
  error?: string;
  ref?: Ref<HTMLInputElement>;
}

/** A labelled text input; spread a form's `field(name)` into it for its registration and error. */
export function TextField({ id, label, error, ...inputProps }: TextFieldProps) {
  return (
    <Field id={id} label={label} error={error}>
      <input {...controlProps(id, error)} {...inputProps} />
    </Field>
  );
}

/** A text field as a form lays it out: its name in the values, its label and its input attributes. */
export type TextFieldSpec<Name extends string> = Omit<TextFieldProps, 'id' | 'name' | 'error'> & {
  name: Name;
};

/** The fields of `specs` in order; each input's id is `{idPrefix}-{name in kebab-case}`. */
export function TextFields<Name extends string>({
  idPrefix,
  specs,
  field,
  disabled,
}: {
  idPrefix: string;
  specs: readonly TextFieldSpec<Name>[];
  field: (name: Name) => FieldBinding;
  disabled?: boolean;
}) {
  return specs.map(({ name, ...spec }) => (
    <TextField
      key={name}
      {...spec}
      {...field(name)}
      disabled={disabled}
      id={`${idPrefix}-${name.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`)}`}
    />
  ));
}

interface SelectFieldProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id'> {
  id: string;
  label: string;
  error?: string;
  ref?: Ref<HTMLSelectElement>;
  options: readonly { value: string; label: string }[];
}

/** A labelled select of `options`; spread a form's `field(name)` into it as into a TextField. */
export function SelectField({ id, label, error, options, ...selectProps }: SelectFieldProps) {
  return (
    <Field id={id} label={label} error={error}>
      <select {...controlProps(id, error)} {...selectProps}>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </Field>
  );
}
