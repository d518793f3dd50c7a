import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  ambiguousValidationTexts,
  createBoutSchema,
  createPostSchema,
  fillIn,
  LANGUAGES,
  saidTexts,
  VALIDATION_CATALOGUES,
  validationKeyOf,
} from './index';

type Catalogue = { [key: string]: string | Catalogue };

/** `{a: {b: 'x'}}` → `[['a.b', 'x']]`. */
function flatten(value: Catalogue, prefix = ''): [string, string][] {
  return Object.entries(value).flatMap(([key, inner]) =>
    typeof inner === 'string' ? [[prefix + key, inner]] : flatten(inner, `${prefix}${key}.`),
  );
}

const variables = (text: string) => [...text.matchAll(/\{\{\s*(\w+)/g)].map((m) => m[1]).sort();
const english = new Map(flatten(VALIDATION_CATALOGUES.en));

/** The contracts' own sources, where every rule's key is written. */
const sources = readdirSync(__dirname, { recursive: true, encoding: 'utf8' })
  .filter((name) => name.endsWith('.ts') && !name.endsWith('.spec.ts'))
  .map((name) => readFileSync(join(__dirname, name), 'utf8'))
  .join('\n');

describe('the validation catalogues', () => {
  it.each(LANGUAGES.filter((language) => language !== 'en'))(
    '%s has every English rule, no other, and the same {{variables}}',
    (language) => {
      const translated = new Map(flatten(VALIDATION_CATALOGUES[language]));
      expect([...translated.keys()].sort()).toEqual([...english.keys()].sort());
      for (const [key, text] of translated) {
        expect({ key, variables: variables(text) }).toEqual({
          key,
          variables: variables(english.get(key) ?? ''),
        });
        expect({ key, empty: text.trim() === '' }).toEqual({ key, empty: false });
      }
    },
  );

  it('has no rule the schemas do not say', () => {
    const unused = [...english.keys()].filter((key) => !sources.includes(`'${key}'`));
    expect(unused).toEqual([]);
  });

  it('gives every rule its own English text, so a message names one rule', () => {
    const texts = [...english.values()];
    expect(texts.filter((text, i) => texts.indexOf(text) !== i)).toEqual([]);
    expect(ambiguousValidationTexts()).toEqual([]);
  });

  it('is what every rule said with its text is held to (the first screen’s few rules, written out)', () => {
    const said = saidTexts();
    expect(said.length).toBeGreaterThan(english.size / 2);
    for (const [text, { key, values }] of said) {
      expect({ key, text }).toEqual({ key, text: fillIn(english.get(key) ?? `missing ${key}`, values) });
    }
  });
});

describe('a schema’s message', () => {
  it('is the English text, and names its rule and values', () => {
    const result = createPostSchema.safeParse({ content: 'x'.repeat(5001), weapon: 'epee' });
    const message = result.error?.issues[0]?.message ?? '';
    expect(message).toBe('Posts can be at most 5000 characters');
    expect(validationKeyOf(message)).toEqual({ key: 'posts.contentTooLong', values: { max: 5000 } });
  });

  it('names the rule of a text said while parsing (a bout’s touch limit)', () => {
    const result = createBoutSchema.safeParse({
      weapon: 'sabre',
      opponentName: 'Jean',
      kind: 'de',
      date: '2026-11-26',
      scoreFor: 16,
      scoreAgainst: 3,
      won: true,
    });
    const message = result.error?.issues.find((issue) => issue.path[0] === 'scoreFor')?.message ?? '';
    expect(message).toBe('A direct elimination bout goes to 15 touches at most');
    expect(validationKeyOf(message)).toEqual({ key: 'record.touchLimit.de', values: { limit: 15 } });
  });

  it('names no rule when zod wrote the text', () => {
    const result = createPostSchema.safeParse({ content: 'Lunge', weapon: 'epee', drillDetails: 'x' });
    const message = result.error?.issues[0]?.message ?? '';
    expect(message).toMatch(/^Invalid input/);
    expect(validationKeyOf(message)).toBeNull();
  });
});
