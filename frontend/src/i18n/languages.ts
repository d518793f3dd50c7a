import i18next from 'i18next';

/**
 * The languages of the interface: English (the spec's strings, exactly) and French. `pseudo` is English made
 * accented and about 40 % longer, for checking that every screen survives a longer language; it is never offered.
 */
export const UI_LANGUAGES = ['en', 'fr'] as const;
export type UiLanguage = (typeof UI_LANGUAGES)[number];
export type ShownLanguage = UiLanguage | 'pseudo';

export const DEFAULT_LANGUAGE: UiLanguage = 'en';

/** Each language's name in itself, as a language menu lists them. */
export const LANGUAGE_NAMES: Record<UiLanguage, string> = { en: 'English', fr: 'Français' };

export function isUiLanguage(value: unknown): value is UiLanguage {
  return typeof value === 'string' && (UI_LANGUAGES as readonly string[]).includes(value);
}

/** The first of the browser's preferred languages the interface speaks (`fr-CA` → fr), else English. */
export function browserLanguage(preferred: readonly string[] = navigator.languages ?? [navigator.language]) {
  for (const tag of preferred) {
    const base = tag.toLowerCase().split('-')[0];
    if (isUiLanguage(base)) return base;
  }
  return DEFAULT_LANGUAGE;
}

/** The language the server should answer in (`Accept-Language`): the one shown; the pseudo-locale is English. */
export function requestLanguage(): UiLanguage {
  const shown = i18next.resolvedLanguage ?? i18next.language;
  return isUiLanguage(shown) ? shown : DEFAULT_LANGUAGE;
}

/** The locale for `Intl` formatting (numbers, dates, relative times, plurals): the language shown. */
export function intlLocale(): UiLanguage {
  return requestLanguage();
}
