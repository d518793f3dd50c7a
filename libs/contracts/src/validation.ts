import en from './locales/en/validation.json';
import fr from './locales/fr/validation.json';
import type { Language } from './languages';
import { fillIn, said, type ValidationKey, type ValidationValues } from './validation-texts';

export * from './validation-texts';

/**
 * The texts of the request schemas' rules (requests/), one catalogue per language: `locales/<language>/
 * validation.json`, the `validation` namespace of both sides' i18next. A schema says a rule in English, exactly
 * as the spec words it; the server's replies and the client's forms then say it in the reader's language by the
 * rule's key (`validationKeyOf`).
 */
export const VALIDATION_CATALOGUES = { en, fr } satisfies Record<Language, typeof en>;

function englishTemplate(key: ValidationKey): string {
  let node: unknown = en;
  for (const part of key.split('.')) node = (node as Record<string, unknown>)[part];
  return node as string;
}

/**
 * The English text of a schema rule, for its `message`: `english('posts.contentTooLong', { max: 5000 })` is
 * 'Posts can be at most 5000 characters'. The text is remembered with its key, so whoever shows the message can
 * say it in another language (`validationKeyOf`).
 */
export function english(key: ValidationKey, values: ValidationValues = {}): string {
  return said(key, fillIn(englishTemplate(key), values), values);
}
