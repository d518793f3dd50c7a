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

/** The request rules' texts, which the contracts hold for the server and the app alike. */
const VALIDATION_CATALOGUES = import.meta.glob<Catalogue>(
  '../../../libs/contracts/src/locales/*/validation.json',
  {
    import: 'default',
  },
);

async function loadCatalogue(language: string, namespace: string): Promise<Catalogue> {
  if (language === 'pseudo') {
    const [english, { pseudoCatalogue }] = await Promise.all([
      loadCatalogue(DEFAULT_LANGUAGE, namespace),
      import('./pseudo'),
    ]);
    return pseudoCatalogue(english as Parameters<typeof pseudoCatalogue>[0]);
  }
  const load =
    namespace === 'validation'
      ? VALIDATION_CATALOGUES[`../../../libs/contracts/src/locales/${language}/validation.json`]
      : CATALOGUES[`./locales/${language}/${namespace}.json`];
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
      react: { useSuspense: true },
    });
}

/** The `lang` attribute for a shown language: the pseudo-locale is English underneath. */
function htmlLang(language: string): string {
  return language === 'pseudo' ? 'en' : language;
}
