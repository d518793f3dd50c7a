import type { InputHTMLAttributes, ReactNode } from 'react';

const controlClasses =
  'block w-full rounded-lg border bg-white px-3 py-2 text-sm text-slate-900 shadow-xs transition placeholder:text-slate-500 dark:placeholder:text-slate-400 focus:outline-none focus:ring-2 dark:bg-slate-900 dark:text-slate-100';
const validClasses =
  'border-slate-300 focus:border-slate-900 focus:ring-slate-900/15 dark:border-slate-700 dark:focus:border-slate-300 dark:focus:ring-slate-300/15';
const invalidClasses = 'border-red-400 focus:border-red-500 focus:ring-red-500/20';

/** Classes for a text input or select, red when the field has an error. */
export function controlClassName(hasError: boolean): string {
  return `${controlClasses} ${hasError ? invalidClasses : validClasses}`;
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

interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'onChange'> {
  id: string;
  label: string;
  error?: string;
  onValueChange: (value: string) => void;
}

export function TextField({ id, label, error, onValueChange, ...inputProps }: TextFieldProps) {
  return (
    <Field id={id} label={label} error={error}>
      <input
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className={controlClassName(!!error)}
        onChange={(event) => onValueChange(event.target.value)}
        {...inputProps}
      />
    </Field>
  );
}
