import type en from './locales/en/validation.json';

/**
 * The request schemas' rules by their English texts, without the catalogue itself: what a reply's or a form's
 * English message says can be found again as a rule (`validationKeyOf`) and said in another language. Modules the
 * app's first screen loads say their few rules here with their text (`said`), so the catalogue (validation.ts)
 * stays out of that screen; contracts' validation.spec.ts holds each such text to the catalogue's.
 */

type KeysOf<T> = {
  [K in keyof T & string]: T[K] extends string ? K : `${K}.${KeysOf<T[K]>}`;
}[keyof T & string];

/** A rule's key in the catalogue: `posts.contentRequired`. */
export type ValidationKey = KeysOf<typeof en>;
/** The values a rule's text is built from (`{{max}}`). */
export type ValidationValues = Readonly<Record<string, string | number>>;
/** A rule as it can be said in any language. */
export interface ValidationText {
  key: ValidationKey;
  values: ValidationValues;
}

/** Every text a schema has said, with the rule it says: a text names one rule (a test holds it to that). */
const SAID = new Map<string, ValidationText>();
const CONFLICTS = new Set<string>();

/** Remembers that `text` says the rule `key` with `values`, and gives the text back. */
export function said(key: ValidationKey, text: string, values: ValidationValues = {}): string {
  const known = SAID.get(text);
  if (known && (known.key !== key || JSON.stringify(known.values) !== JSON.stringify(values))) {
    CONFLICTS.add(text);
  }
  SAID.set(text, { key, values });
  return text;
}

/** `{{name}}` filled in as i18next fills it (values go in as they are, as both sides configure it). */
export function fillIn(template: string, values: ValidationValues): string {
  return template.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) =>
    Object.hasOwn(values, name) ? String(values[name]) : whole,
  );
}

/** The rule a schema's English message says, or null when no schema said it (zod's own texts, another text). */
export function validationKeyOf(message: string): ValidationText | null {
  return SAID.get(message) ?? null;
}

/** Every text said so far, with its rule: for the test that holds each to the catalogue. */
export function saidTexts(): [string, ValidationText][] {
  return [...SAID];
}

/** Texts two different rules (or one rule with other values) have said: always none. */
export function ambiguousValidationTexts(): string[] {
  return [...CONFLICTS];
}
