import { zodResolver } from '@hookform/resolvers/zod';
import type { BaseSyntheticEvent } from 'react';
import {
  get,
  useForm,
  type DefaultValues,
  type FieldErrors,
  type FieldValues,
  type Path,
  type SubmitHandler,
  type UseFormRegisterReturn,
  type UseFormReturn,
} from 'react-hook-form';
import i18next from 'i18next';
import { useTranslation } from '../i18n/use-translation';
import { english, UPLOAD_RULES, validationKeyOf, type UploadPurpose } from '@piste/contracts';
import type { z } from 'zod';
import { notify } from './toast';

/** A schema from the contracts: what the form holds goes in, what the server receives comes out. */
export type FormSchema = z.ZodType<FieldValues, FieldValues>;

/**
 * The spec's toast titles for the validation failures it announces as a toast, by the text (which is
 * the toast's description), e.g. `{ 'Please enter your name': 'Name required' }`.
 */
export type ValidationToastTitles = Readonly<Record<string, string>>;

export interface ContractFormOptions<Schema extends FormSchema> {
  defaultValues: DefaultValues<z.input<Schema>>;
  toastTitles?: ValidationToastTitles;
}

/** What an input needs from the form: its registration and the text of its first problem, if any. */
export type FieldBinding = UseFormRegisterReturn & { error?: string };

export interface ContractForm<Schema extends FormSchema> extends UseFormReturn<
  z.input<Schema>,
  unknown,
  z.output<Schema>
> {
  /** The form's onSubmit: checks the values with the schema, then hands the parsed ones to `onValid`. */
  onSubmit: (onValid: SubmitHandler<z.output<Schema>>) => (event?: BaseSyntheticEvent) => void;
  /** An input's props. Editing a field clears its error until the next submit. */
  field: (name: Path<z.input<Schema>>) => FieldBinding;
}

/**
 * A schema's message in the interface's language: the schemas say their rules in English, and the contracts'
 * `validation` catalogue says each rule in every language. A text no schema said (zod's own) stays as it is.
 */
export function validationText(message: string): string {
  const rule = validationKeyOf(message);
  if (!rule) return message;
  return i18next.t(`validation:${rule.key}`, { ...rule.values, defaultValue: message });
}

/** The text of a form error (`errors.notes`), in the interface's language; none when it has none. */
export function errorText(error: { message?: unknown } | undefined): string | undefined {
  const message = error?.message;
  return typeof message === 'string' ? validationText(message) : undefined;
}

/** The toast for the first failing field whose issue the spec announces, as [title, description]. */
export function validationToast(
  errors: FieldErrors,
  titles: ValidationToastTitles,
): [title: string, description: string] | null {
  for (const error of Object.values(errors)) {
    const message = error?.message;
    if (typeof message === 'string' && Object.hasOwn(titles, message)) {
      return [titles[message], validationText(message)];
    }
  }
  return null;
}

/**
 * A form validated by a contract schema, the one the server checks the same body with. On a failed submit
 * every failing field shows its first issue's text (in the interface's language: the form's errors keep the
 * schema's English, `field` says it), the first of them takes the focus, and the spec's toast (if it names one
 * for the issue) is raised here, nowhere else.
 */
export function useContractForm<Schema extends FormSchema>(
  schema: Schema,
  { defaultValues, toastTitles = {} }: ContractFormOptions<Schema>,
): ContractForm<Schema> {
  // The rules' catalogue, fetched without holding the form back: until it is here a rule is said in English.
  useTranslation('validation', { useSuspense: false });
  const form = useForm<z.input<Schema>, unknown, z.output<Schema>>({
    resolver: zodResolver(schema),
    defaultValues,
    mode: 'onSubmit',
    // A field's error stays until it is edited (then it goes) or the form is submitted again.
    reValidateMode: 'onSubmit',
    shouldFocusError: true,
  });

  const onInvalid = (errors: FieldErrors) => {
    const toast = validationToast(errors, toastTitles);
    if (toast) notify.error(...toast);
  };

  return {
    ...form,
    onSubmit: (onValid) => (event) => void form.handleSubmit(onValid, onInvalid)(event),
    field: (name) => {
      const error: unknown = get(form.formState.errors, name);
      return {
        ...form.register(name, { onChange: () => form.clearErrors(name) }),
        error: errorText(error as { message?: unknown } | undefined),
      };
    },
  };
}

/**
 * Checks a file chosen for `purpose` against the contracts' rule for it (the one the server holds uploads to): a
 * refused one raises the spec's toast ('Invalid file type' or 'File too large') with the rule's text.
 */
export function acceptFile(file: File, purpose: UploadPurpose): boolean {
  const rule = UPLOAD_RULES[purpose];
  if (!rule.kinds.some((kind) => file.type.startsWith(`${kind}/`))) {
    notify.error(i18next.t('forms.invalidFileType'), validationText(english(rule.wrongType)));
    return false;
  }
  if (file.size > rule.maxBytes) {
    notify.error(i18next.t('forms.fileTooLarge'), validationText(english(rule.tooLarge)));
    return false;
  }
  return true;
}

/** The text a store action rejected with (the one its toast showed), for the form to show beside its fields. */
export function failureText(error: unknown, fallback: string): string {
  return error instanceof Error && error.message ? error.message : fallback;
}

/**
 * Whether a store action failed with the server's error `code` ('accounts.wrong_password'), looking through the
 * errors it wraps: the code names the error in any language, where its text is the reader's.
 */
export function failedWithCode(error: unknown, code: string): boolean {
  for (let cause = error, depth = 0; cause && typeof cause === 'object' && depth < 4; depth++) {
    if ((cause as { code?: unknown }).code === code) return true;
    cause = (cause as { cause?: unknown }).cause;
  }
  return false;
}
