import i18next from 'i18next';
import { DEFAULT_LANGUAGE, LANGUAGES, VALIDATION_CATALOGUES, type Language } from '@piste/contracts';
import enErrors from './locales/en/errors.json';
import enMail from './locales/en/mail.json';
import enNotifications from './locales/en/notifications.json';
import enPush from './locales/en/push.json';
import frErrors from './locales/fr/errors.json';
import frMail from './locales/fr/mail.json';
import frNotifications from './locales/fr/notifications.json';
import frPush from './locales/fr/push.json';

/**
 * The server's texts that reach people, one catalogue per language and namespace (DESIGN.md §8): `errors` (the
 * error replies, keyed by their codes), `mail`, `notifications` (what each notification says) and `push`; and
 * `validation`, the request schemas' rules, which the contracts hold for both sides. English is the spec's text,
 * exactly.
 */
export const CATALOGUES = {
  en: {
    errors: enErrors,
    mail: enMail,
    notifications: enNotifications,
    push: enPush,
    validation: VALIDATION_CATALOGUES.en,
  },
  fr: {
    errors: frErrors,
    mail: frMail,
    notifications: frNotifications,
    push: frPush,
    validation: VALIDATION_CATALOGUES.fr,
  },
} satisfies Record<Language, Record<string, unknown>>;
export type Namespace = keyof (typeof CATALOGUES)['en'];
export const NAMESPACES = Object.keys(CATALOGUES.en) as Namespace[];

/** The server's own instance: the client's catalogues are the frontend's. */
const i18n = i18next.createInstance();
void i18n.init({
  resources: CATALOGUES,
  lng: DEFAULT_LANGUAGE,
  fallbackLng: DEFAULT_LANGUAGE,
  supportedLngs: [...LANGUAGES],
  ns: NAMESPACES,
  defaultNS: 'errors',
  initAsync: false,
  // Replies are JSON and mails escape their own HTML: values go in as they are.
  interpolation: { escapeValue: false },
});

/** Values a text is built from: `{{name}}` in the catalogue; `count` picks the plural form. */
export type TextValues = Record<string, string | number>;

/** The text of `key` (`namespace:path.to.text`) in `language`. */
export function translate(language: Language, key: string, values: TextValues = {}): string {
  return i18n.t(key, { ...values, lng: language });
}

/** Whether `key` has a text in `language` (no fallback). */
export function hasText(language: Language, key: string): boolean {
  return i18n.exists(key, { lng: language, fallbackLng: false });
}

/** A translator bound to one language, for code that writes many texts (a mail). */
export type Translate = (key: string, values?: TextValues) => string;
export const translator =
  (language: Language): Translate =>
  (key, values) =>
    translate(language, key, values);
