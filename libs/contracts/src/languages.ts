/** The languages Piste speaks (DESIGN.md §8): each is a catalogue on each side. */
export const LANGUAGES = ['en', 'fr'] as const;
export type Language = (typeof LANGUAGES)[number];

/** What a person gets when neither their setting nor their browser names a language Piste speaks. */
export const DEFAULT_LANGUAGE: Language = 'en';

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/**
 * The best of Piste's languages for an `Accept-Language` header, by its weights (`fr-CA,fr;q=0.9` → fr), or null
 * when it names none of them (`de`), is missing or cannot be read.
 */
export function bestLanguage(header: string | null | undefined): Language | null {
  if (!header) return null;
  let best: Language | null = null;
  let bestWeight = 0;
  for (const part of header.slice(0, 500).split(',')) {
    const [range = '', ...params] = part.trim().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const weight = q === undefined ? 1 : Number(q.slice(2));
    const primary = range.trim().toLowerCase().split('-')[0];
    if (!isLanguage(primary) || !(weight > bestWeight)) continue;
    best = primary;
    bestWeight = weight;
  }
  return best;
}
