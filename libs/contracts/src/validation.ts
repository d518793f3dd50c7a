import en from './locales/en/validation.json';
import fr from './locales/fr/validation.json';
import type { Language } from './languages';

/**
 * The texts of the request schemas' rules (requests/), one catalogue per language: `locales/<language>/
 * validation.json`, the `validation` namespace of both sides' i18next. A schema says a rule in English, exactly
 * as the spec words it; the server's replies and the client's forms then say it in the reader's language by the
 * rule's key (`validationKeyOf`).
 */
export const VALIDATION_CATALOGUES = { en, fr } satisfies Record<Language, typeof en>;
/** The English catalogue alone, which the schemas need anyway: an app's bundle can take it without the others. */
export const ENGLISH_VALIDATION_CATALOGUE = en;

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

function englishTemplate(key: ValidationKey): string {
  let node: unknown = en;
  for (const part of key.split('.')) node = (node as Record<string, unknown>)[part];
  return node as string;
}

/** `{{name}}` filled in as i18next fills it (values go in as they are, as both sides configure it). */
export function fillIn(template: string, values: ValidationValues): string {
  return template.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) =>
    Object.hasOwn(values, name) ? String(values[name]) : whole,
  );
}

/**
 * The English text of a schema rule, for its `message`: `english('posts.contentTooLong', { max: 5000 })` is
 * 'Posts can be at most 5000 characters'. The text is remembered with its key, so whoever shows the message can
 * say it in another language (`validationKeyOf`).
 */
export function english(key: ValidationKey, values: ValidationValues = {}): string {
  const text = fillIn(englishTemplate(key), values);
  const known = SAID.get(text);
  if (known && (known.key !== key || JSON.stringify(known.values) !== JSON.stringify(values))) {
    CONFLICTS.add(text);
  }
  SAID.set(text, { key, values });
  return text;
}

/** The rule a schema's English message says, or null when no schema said it (zod's own texts, another text). */
export function validationKeyOf(message: string): ValidationText | null {
  return SAID.get(message) ?? null;
}

/** Texts two different rules (or one rule with other values) have said: always none. */
export function ambiguousValidationTexts(): string[] {
  return [...CONFLICTS];
}
