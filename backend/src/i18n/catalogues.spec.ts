import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { LANGUAGES, serverEventSchemas } from '@piste/contracts';
import { CATALOGUES, hasText, NAMESPACES } from './i18n';

const SRC = join(__dirname, '..');
const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return name.endsWith('.ts') && !name.endsWith('.spec.ts') ? [path] : [];
  });
}

/** Every key of a catalogue, as `a.b.c`. */
function keysOf(tree: unknown, prefix = ''): string[] {
  return Object.entries(tree as Record<string, unknown>).flatMap(([key, value]) =>
    typeof value === 'string' ? [`${prefix}${key}`] : keysOf(value, `${prefix}${key}.`),
  );
}

const sources = sourceFiles(SRC).map((path) => readFileSync(path, 'utf8'));
/** Every quoted string the server's code holds: catalogue keys (`'mail:digest.action'`) and error codes. */
const literals = new Set(sources.flatMap((text) => [...text.matchAll(/'([^'\\\n]+)'/g)].map((m) => m[1])));
/** Every error code of every domain (`export enum ClubErrorCode { NotAMember = 'clubs.not_a_member' }`). */
const codes = sourceFiles(SRC)
  .filter((path) => path.endsWith('.errors.ts'))
  .flatMap((path) =>
    [...readFileSync(path, 'utf8').matchAll(/^\s+\w+ = '([a-z_]+\.[a-z_]+)',$/gm)].map((m) => m[1]),
  );

/** The keys of a catalogue, a plural's forms (`count_one`, `count_other`) as one (`count`). */
function baseKeysOf(tree: unknown): string[] {
  const keys = keysOf(tree);
  const all = new Set(keys);
  const base = (key: string) => {
    const stem = key.replace(PLURAL_SUFFIX, '');
    return stem !== key && all.has(`${stem}_other`) ? stem : key;
  };
  return [...new Set(keys.map(base))];
}

describe('the server’s catalogues', () => {
  it.each(NAMESPACES)('%s: every language has every text English has, and no other', (namespace) => {
    const english = new Set(baseKeysOf(CATALOGUES.en[namespace]));
    for (const language of LANGUAGES) {
      const keys = new Set(baseKeysOf(CATALOGUES[language][namespace]));
      expect({ language, missing: [...english].filter((k) => !keys.has(k)) }).toEqual({
        language,
        missing: [],
      });
      expect({ language, extra: [...keys].filter((k) => !english.has(k)) }).toEqual({ language, extra: [] });
    }
  });

  it.each(NAMESPACES)('%s: a text with plurals has every form its language needs', (namespace) => {
    for (const language of LANGUAGES) {
      const keys = keysOf(CATALOGUES[language][namespace]);
      const plural = keys.filter((k) => k.endsWith('_other')).map((k) => k.slice(0, -'_other'.length));
      const forms = new Intl.PluralRules(language).resolvedOptions().pluralCategories;
      const missing = plural.flatMap((k) =>
        forms.filter((f) => !keys.includes(`${k}_${f}`)).map((f) => `${k}_${f}`),
      );
      expect({ language, missing }).toEqual({ language, missing: [] });
    }
  });

  // The request rules are said by the contracts' schemas, whose tests hold that catalogue to them.
  const saidHere = NAMESPACES.filter((namespace) => namespace !== 'validation');
  it.each(saidHere)('%s: every text is used by the code', (namespace) => {
    const unused = baseKeysOf(CATALOGUES.en[namespace]).filter(
      (key) => !literals.has(`${namespace}:${key}`) && !(namespace === 'errors' && literals.has(key)),
    );
    expect(unused).toEqual([]);
  });

  it('has a text in every language for every error code', () => {
    expect(codes.length).toBeGreaterThan(100);
    for (const language of LANGUAGES) {
      const missing = codes.filter((code) => !hasText(language, `errors:${code}`));
      expect({ language, missing }).toEqual({ language, missing: [] });
    }
  });

  it('has every text the code asks for', () => {
    // A socket event's name (`notifications:changed`) looks like a key of the namespace it shares a word with.
    const events = new Set(Object.keys(serverEventSchemas));
    const asked = [...literals].filter(
      (l) => /^(errors|mail|notifications|push):[a-z_.]+$/.test(l) && !events.has(l),
    );
    expect(asked.length).toBeGreaterThan(20);
    for (const language of LANGUAGES) {
      const missing = asked.filter((key) => !hasText(language, key) && !hasText(language, `${key}_other`));
      expect({ language, missing }).toEqual({ language, missing: [] });
    }
  });
});
