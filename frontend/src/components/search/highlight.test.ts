import { matchedText, matchedWords, searchTerms } from './highlight';

/** The marked parts of `text`. */
const marked = (text: string, ranges: [number, number][]) =>
  ranges.map(([start, end]) => text.slice(start, end));

describe('search highlighting', () => {
  it('folds case and accents as the server does', () => {
    expect(searchTerms(' "Épée" & parry:riposte! ')).toEqual(['epee', 'parry', 'riposte']);
  });

  it('marks the words of a post that start with a typed word of three letters or more, or equal a shorter one', () => {
    const text = 'Épée drills: parry-riposte at 3 m, then drill again';
    expect(marked(text, matchedWords(text, 'dri epee'))).toEqual(['Épée', 'drills', 'drill']);
    expect(marked(text, matchedWords(text, 'm'))).toEqual(['m']);
    expect(marked(text, matchedWords(text, 'ri'))).toEqual([]);
    expect(matchedWords(text, '%_')).toEqual([]);
  });

  it('marks the typed text wherever it occurs in a name, accents aside', () => {
    expect(marked('José Núñez', matchedText('José Núñez', 'se nun'))).toEqual(['sé Núñ']);
    expect(marked('Anna Straßer', matchedText('Anna Straßer', 'stras'))).toEqual(['Straß']);
    expect(marked('ana_banana', matchedText('ana_banana', 'ana'))).toEqual(['ana', 'ana']);
    expect(matchedText('Anna', '  ')).toEqual([]);
  });
});
