import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { VALIDATION_CATALOGUES } from '@piste/contracts';
import { NAMESPACES } from './namespaces';
import { UI_LANGUAGES } from './languages';

const LOCALES = join(__dirname, 'locales');
const SOURCES = join(__dirname, '..');

type Catalogue = { [key: string]: string | Catalogue };

function catalogue(language: string, namespace: string): Catalogue {
  return JSON.parse(readFileSync(join(LOCALES, language, `${namespace}.json`), 'utf8')) as Catalogue;
}

/** `{a: {b: 'x'}}` → `[['a.b', 'x']]`. */
function flatten(value: Catalogue, prefix = ''): [string, string][] {
  return Object.entries(value).flatMap(([key, inner]) =>
    typeof inner === 'string' ? [[prefix + key, inner]] : flatten(inner, `${prefix}${key}.`),
  );
}

const PLURAL = /_(zero|one|two|few|many|other)$/;
const baseKey = (key: string) => key.replace(PLURAL, '');
const variables = (text: string) => [...text.matchAll(/\{\{\s*(\w+)/g)].map((m) => m[1]).sort();

/** Every source file of the app that is not a test or a catalogue. */
function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory())
      return name === 'locales' || name === 'test-support' ? [] : sourceFiles(path);
    return /\.(ts|tsx)$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

describe('the catalogues', () => {
  it('has one file per namespace in every language, and nothing else', () => {
    for (const language of UI_LANGUAGES) {
      expect(readdirSync(join(LOCALES, language)).sort()).toEqual(
        NAMESPACES.map((ns) => `${ns}.json`).sort(),
      );
    }
  });

  describe.each(NAMESPACES)('%s', (namespace) => {
    const english = new Map(flatten(catalogue('en', namespace)));

    it.each(UI_LANGUAGES.filter((language) => language !== 'en'))(
      'has every English key in %s, and no other',
      (language) => {
        const translated = new Map(flatten(catalogue(language, namespace)));
        const bases = (keys: Iterable<string>) => [...new Set([...keys].map(baseKey))].sort();
        expect(bases(translated.keys())).toEqual(bases(english.keys()));
        for (const [key, text] of translated) {
          const base = baseKey(key);
          const englishVariables = new Set(
            [...english].filter(([k]) => baseKey(k) === base).flatMap(([, t]) => variables(t)),
          );
          expect({ key, unknown: variables(text).filter((v) => !englishVariables.has(v)) }).toEqual({
            key,
            unknown: [],
          });
        }
      },
    );

    it.each([...UI_LANGUAGES])('has every plural form %s needs, and no empty text', (language) => {
      const texts = new Map(flatten(catalogue(language, namespace)));
      const needed = new Intl.PluralRules(language).resolvedOptions().pluralCategories;
      for (const [key, text] of texts) {
        expect({ key, empty: text.trim() === '' }).toEqual({ key, empty: false });
        const plural = PLURAL.exec(key);
        if (!plural) continue;
        for (const form of needed) {
          expect({ key, has: texts.has(`${baseKey(key)}_${form}`) }).toEqual({ key, has: true });
        }
      }
    });

    it('has no key the code does not use', () => {
      const code = sourceFiles(SOURCES)
        .map((path) => readFileSync(path, 'utf8'))
        .join('\n');
      const unused = [...new Set([...english.keys()].map(baseKey))].filter(
        (key) =>
          !["'", '"', '`', ':'].some((quote) => code.includes(`${quote}${key}${quote === ':' ? '' : quote}`)),
      );
      expect({ namespace, unused }).toEqual({ namespace, unused: [] });
    });
  });

  // The request rules' catalogue is the contracts' (the server says the same rules); its keys are checked there.
  it.each(UI_LANGUAGES.filter((language) => language !== 'en'))(
    'has the request rules in %s, each with the English rule’s variables',
    (language) => {
      const english = new Map(flatten(VALIDATION_CATALOGUES.en));
      const translated = flatten(VALIDATION_CATALOGUES[language]);
      expect(translated.map(([key]) => key).sort()).toEqual([...english.keys()].sort());
      for (const [key, text] of translated) {
        expect({ key, variables: variables(text) }).toEqual({ key, variables: variables(english.get(key)!) });
      }
    },
  );

  it('reads its sources from the app', () => {
    expect(sourceFiles(SOURCES).map((path) => relative(SOURCES, path))).toContain('main.tsx');
  });
});
