import i18next from 'i18next';
import resourcesToBackend from 'i18next-resources-to-backend';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LANGUAGE, type ShownLanguage } from './languages';
import { FIRST_SCREEN_NAMESPACES } from './namespaces';
import common from './locales/en/common.json';
import feed from './locales/en/feed.json';

type Catalogue = Record<string, unknown>;

/** Every other catalogue, each its own chunk, fetched when a screen first needs it. */
const CATALOGUES = import.meta.glob<Catalogue>(
  ['./locales/*/*.json', '!./locales/en/common.json', '!./locales/en/feed.json'],
  { import: 'default' },
);

/**
 * The request rules' texts, which the contracts hold for the server and the app alike, fetched as text when a form
 * first says a rule (English too: the first screen's modules say their few rules written out, see the contracts'
 * validation-texts.ts). Text, since the contracts import every catalogue for the server and a module imported both
 * ways would stay in the entry.
 */
const VALIDATION_TEXTS = import.meta.glob<string>('../../../libs/contracts/src/locales/*/validation.json', {
  query: '?raw',
  import: 'default',
});

async function loadCatalogue(language: string, namespace: string): Promise<Catalogue> {
  if (language === 'pseudo') {
    const [english, { pseudoCatalogue }] = await Promise.all([
      loadCatalogue(DEFAULT_LANGUAGE, namespace),
      import('./pseudo'),
    ]);
    return pseudoCatalogue(english as Parameters<typeof pseudoCatalogue>[0]);
  }
  if (namespace === 'validation') {
    const load = VALIDATION_TEXTS[`../../../libs/contracts/src/locales/${language}/validation.json`];
    if (!load) throw new Error(`No catalogue ${language}/${namespace}`);
    return JSON.parse(await load()) as Catalogue;
  }
  const load = CATALOGUES[`./locales/${language}/${namespace}.json`];
  if (!load) throw new Error(`No catalogue ${language}/${namespace}`);
  return load();
}

/**
 * Starts the interface's translations in `language`: English for the first screen is already here; another
 * language's first-screen catalogues are fetched before this resolves, so the first paint is in that language.
 */
export async function startI18n(language: ShownLanguage): Promise<void> {
  document.documentElement.lang = htmlLang(language);
  i18next.on('languageChanged', (shown) => {
    document.documentElement.lang = htmlLang(shown);
  });
  await i18next
    .use(initReactI18next)
    .use(resourcesToBackend(loadCatalogue))
    .init({
      lng: language,
      fallbackLng: DEFAULT_LANGUAGE,
      ns: [...FIRST_SCREEN_NAMESPACES],
      defaultNS: 'common',
      supportedLngs: ['en', 'fr', 'pseudo'],
      resources: { en: { common, feed } },
      partialBundledLanguages: true,
      interpolation: { escapeValue: false },
      // Said outright (they are i18next's defaults), so i18next does not test every key for natural language.
      nsSeparator: ':',
      keySeparator: '.',
      react: { useSuspense: true },
    });
}

/** The `lang` attribute for a shown language: the pseudo-locale is English underneath. */
function htmlLang(language: string): string {
  return language === 'pseudo' ? 'en' : language;
}
