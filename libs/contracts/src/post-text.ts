/**
 * How a post's or comment's text carries mentions and hashtags (DESIGN.md §4c), read the same way by the server
 * (which notifies and indexes) and the browser (which links): `@username` names a fencer, `#tag` a topic.
 */

/** Longest hashtag kept; longer runs of letters are not a tag. */
export const HASHTAG_MAX = 50;

/** A mention: `@` not after a letter, digit or another `@` (so an email address is not one), then a username. */
const MENTION = /(^|[^\p{L}\p{N}_@.])@([A-Za-z0-9_.-]{3,40})/gu;
/** A hashtag: `#` not after a letter or digit, then letters (with their accents), digits and `_`. */
const HASHTAG = /(^|[^\p{L}\p{N}\p{M}_&#])#([\p{L}\p{M}\p{N}_]+)/gu;

/** Letters that do not decompose into a base letter and marks, as the database's fold_accents() maps them. */
const UNDECOMPOSED: Record<string, string> = {
  ø: 'o',
  ł: 'l',
  đ: 'd',
  ħ: 'h',
  ı: 'i',
  æ: 'ae',
  œ: 'oe',
  ß: 'ss',
};

/** Lower case without accents, like the database's fold_accents(): `#Épée` and `#epee` are one tag. */
export function foldAccents(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[øłđħıæœß]/g, (letter) => UNDECOMPOSED[letter]);
}

/** A mention's username: trailing dots and dashes are the sentence's, not the name's. */
function trimUsername(raw: string): string {
  return raw.replace(/[.-]+$/, '');
}

/** The usernames mentioned in a text, lower case, each once, in order. */
export function mentionedUsernames(text: string): string[] {
  const names = new Set<string>();
  for (const match of text.matchAll(MENTION)) {
    const username = trimUsername(match[2]);
    if (username.length >= 3) names.add(username.toLowerCase());
  }
  return [...names];
}

/** The hashtags of a text, folded, each once, in order. */
export function hashtagsOf(text: string): string[] {
  const tags = new Set<string>();
  for (const match of text.matchAll(HASHTAG)) {
    const tag = foldTag(match[2]);
    if (tag) tags.add(tag);
  }
  return [...tags];
}

/** A tag as stored and linked (`/tags/{tag}`): folded, or null when it is not a tag (too long, or nothing left). */
export function foldTag(raw: string): string | null {
  const tag = foldAccents(raw.replace(/^#/, '')).replace(/[^\p{L}\p{N}_]/gu, '');
  return tag.length > 0 && tag.length <= HASHTAG_MAX ? tag : null;
}

/** A piece of a text as the browser shows it: plain, a mention to link, or a hashtag to link. */
export type TextPiece =
  | { kind: 'text'; text: string }
  | { kind: 'mention'; text: string; username: string }
  | { kind: 'tag'; text: string; tag: string };

/** Splits a text into its plain runs, mentions and hashtags, in order; joined back, the pieces are the text. */
export function textPieces(text: string): TextPiece[] {
  const found: { start: number; end: number; piece: TextPiece }[] = [];
  for (const match of text.matchAll(MENTION)) {
    const username = trimUsername(match[2]);
    if (username.length < 3) continue;
    const start = match.index + match[1].length;
    found.push({
      start,
      end: start + 1 + username.length,
      piece: { kind: 'mention', text: `@${username}`, username },
    });
  }
  for (const match of text.matchAll(HASHTAG)) {
    const tag = foldTag(match[2]);
    if (!tag) continue;
    const start = match.index + match[1].length;
    found.push({
      start,
      end: start + 1 + match[2].length,
      piece: { kind: 'tag', text: `#${match[2]}`, tag },
    });
  }
  found.sort((a, b) => a.start - b.start);
  const pieces: TextPiece[] = [];
  let at = 0;
  for (const { start, end, piece } of found) {
    if (start < at) continue;
    if (start > at) pieces.push({ kind: 'text', text: text.slice(at, start) });
    pieces.push(piece);
    at = end;
  }
  if (at < text.length) pieces.push({ kind: 'text', text: text.slice(at) });
  return pieces;
}
