import { foldAccents, foldTag, hashtagsOf, mentionedUsernames, textPieces } from './post-text';

describe('the text of posts and comments', () => {
  it('folds case and accents as the database does', () => {
    expect(foldAccents('ÉPÉE Ñúñez Łódź straße Œuvre')).toBe('epee nunez lodz strasse oeuvre');
    expect(foldAccents('e\u0301pe\u0301e')).toBe('epee');
  });

  it('finds each mention once, lower case, without the sentence around it or an email address', () => {
    expect(
      mentionedUsernames(
        'Bout with @Marcus_B. and @marcus_b, then @ana.l-! Mail ana@club.fr, or @ab, or @@x_y_z',
      ),
    ).toEqual(['marcus_b', 'ana.l']);
  });

  it('finds hashtags folded, not inside words, anchors or HTML entities', () => {
    expect(hashtagsOf('#Épée and #epee, #foot_work! a#b, page#top, &#39; #')).toEqual(['epee', 'foot_work']);
    expect(foldTag('#Riposte')).toBe('riposte');
    expect(foldTag('x'.repeat(51))).toBeNull();
    expect(foldTag('---')).toBeNull();
  });

  it('splits a text into plain runs, mentions and tags that join back into it', () => {
    const text = 'Thanks @ana.l. for the #Lunge ladder!\n#2';
    const pieces = textPieces(text);
    expect(pieces).toEqual([
      { kind: 'text', text: 'Thanks ' },
      { kind: 'mention', text: '@ana.l', username: 'ana.l' },
      { kind: 'text', text: '. for the ' },
      { kind: 'tag', text: '#Lunge', tag: 'lunge' },
      { kind: 'text', text: ' ladder!\n' },
      { kind: 'tag', text: '#2', tag: '2' },
    ]);
    expect(pieces.map((piece) => piece.text).join('')).toBe(text);
  });
});
