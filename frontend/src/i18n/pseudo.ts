/** Each ASCII letter's accented look-alike. */
const ACCENTED: Record<string, string> = Object.fromEntries(
  [...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ'].map((letter, i) => [
    letter,
    [...'àƀçđéƒĝĥîĵķĺɱñöþǫŕšţûṽŵẋýžÀƁÇĐÉƑĜĤÎĴĶĹṀÑÖÞǪŔŠŢÛṼŴẊÝŽ'][i],
  ]),
);

/** Interpolations (`{{count}}`), nested keys (`$t(…)`) and component tags (`<link>`, `</1>`) stay as they are. */
const KEEP = /(\{\{[^}]*\}\}|\$t\([^)]*\)|<\/?\w+\/?>)/;

/**
 * English made pseudo-French: every letter accented and the text about 40 % longer, between brackets, so a
 * screen that clips, overflows or shows an untranslated string gives itself away.
 */
export function pseudoText(english: string): string {
  if (!english) return english;
  const accented = english
    .split(KEEP)
    .map((part, i) => (i % 2 === 1 ? part : [...part].map((c) => ACCENTED[c] ?? c).join('')))
    .join('');
  const letters = english.replace(KEEP, '').length;
  return `[${accented}${' ~'.repeat(Math.ceil(letters * 0.2))}]`;
}

type Catalogue = { [key: string]: string | Catalogue };

/** A whole catalogue made pseudo. */
export function pseudoCatalogue(catalogue: Catalogue): Catalogue {
  return Object.fromEntries(
    Object.entries(catalogue).map(([key, value]) => [
      key,
      typeof value === 'string' ? pseudoText(value) : pseudoCatalogue(value),
    ]),
  );
}
