import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { VALIDATION_CATALOGUES } from '@piste/contracts';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';

const LOCALES = join(__dirname, '..', 'i18n', 'locales');

/**
 * Every catalogue of every language, read at once (the contracts' request rules too): components render in English
 * with no waiting.
 */
function catalogues(): Record<string, Record<string, Record<string, unknown>>> {
  return Object.fromEntries(
    readdirSync(LOCALES).map((language) => [
      language,
      Object.fromEntries([
        ...readdirSync(join(LOCALES, language)).map((file) => [
          file.replace(/\.json$/, ''),
          JSON.parse(readFileSync(join(LOCALES, language, file), 'utf8')) as Record<string, unknown>,
        ]),
        ['validation', VALIDATION_CATALOGUES[language as keyof typeof VALIDATION_CATALOGUES]],
      ]),
    ]),
  );
}

void i18next.use(initReactI18next).init({
  lng: 'en',
  fallbackLng: 'en',
  defaultNS: 'common',
  resources: catalogues(),
  initAsync: false,
  interpolation: { escapeValue: false },
  react: { useSuspense: false },
});
