import { foldAccents } from '@piste/contracts';
import type { ReactNode } from 'react';

const WORD = /[\p{L}\p{N}]+/gu;
/** The server matches words of this length and more by their start, shorter ones whole. */
const PREFIX_FROM = 3;

/** The folded words of what someone typed. */
export function searchTerms(query: string): string[] {
  return foldAccents(query).match(WORD) ?? [];
}

/** A [start, end) range of the original text to mark. */
type Range = [number, number];

/** Post search matches words by their start: the words of `text` that a term of the query matches. */
export function matchedWords(text: string, query: string): Range[] {
  const terms = searchTerms(query);
  const ranges: Range[] = [];
  for (const found of text.matchAll(WORD)) {
    const word = foldAccents(found[0]);
    if (terms.some((term) => (term.length >= PREFIX_FROM ? word.startsWith(term) : word === term))) {
      ranges.push([found.index, found.index + found[0].length]);
    }
  }
  return ranges;
}

/** Fencer search matches the typed text anywhere in a name: where it occurs, accents and case aside. */
export function matchedText(text: string, query: string): Range[] {
  const needle = foldAccents(query.trim());
  if (!needle) return [];
  // Fold character by character, remembering where each folded character came from.
  let folded = '';
  const origin: number[] = [];
  let offset = 0;
  for (const char of text) {
    for (const piece of foldAccents(char)) {
      folded += piece;
      origin.push(offset);
    }
    offset += char.length;
  }
  origin.push(text.length);
  const ranges: Range[] = [];
  for (let at = folded.indexOf(needle); at !== -1; at = folded.indexOf(needle, at + needle.length)) {
    const end = origin[at + needle.length];
    // A folded ligature ('ß' → 'ss') half matched still marks the whole letter.
    const whole = end === origin[at + needle.length - 1] ? nextCharEnd(text, end) : end;
    ranges.push([origin[at], whole]);
  }
  return ranges;
}

function nextCharEnd(text: string, index: number): number {
  const code = text.codePointAt(index);
  return code === undefined ? index : index + String.fromCodePoint(code).length;
}

function Marked({ text, ranges }: { text: string; ranges: Range[] }) {
  if (ranges.length === 0) return <>{text}</>;
  const parts: ReactNode[] = [];
  let shownUpTo = 0;
  for (const [start, end] of ranges) {
    parts.push(text.slice(shownUpTo, start));
    parts.push(
      <mark
        key={start}
        className="rounded-sm bg-amber-100 px-px text-inherit dark:bg-amber-400/25 dark:text-amber-100"
      >
        {text.slice(start, end)}
      </mark>,
    );
    shownUpTo = end;
  }
  parts.push(text.slice(shownUpTo));
  return <>{parts}</>;
}

/** A post's text with the words the search matched marked, so a result shows why it was found. */
export function HighlightWords({ text, query }: { text: string; query: string }) {
  return <Marked text={text} ranges={matchedWords(text, query)} />;
}

/** A name with the typed text marked where it occurs. */
export function HighlightText({ text, query }: { text: string; query: string }) {
  return <Marked text={text} ranges={matchedText(text, query)} />;
}
