import { mentionQueryAt } from './MentionTextarea';

describe('mentionQueryAt', () => {
  it('reads the @name typed just before the caret', () => {
    expect(mentionQueryAt('Great bout @be', 14)).toEqual({ start: 11, text: 'be' });
    expect(mentionQueryAt('@a', 2)).toEqual({ start: 0, text: 'a' });
    expect(mentionQueryAt('(@claire.d', 10)).toEqual({ start: 1, text: 'claire.d' });
  });

  it('reads nothing after a space, in an email address or away from the caret', () => {
    expect(mentionQueryAt('@ben ', 5)).toBeNull();
    expect(mentionQueryAt('claire@example', 14)).toBeNull();
    expect(mentionQueryAt('@@ben', 5)).toBeNull();
    expect(mentionQueryAt('@ben and more', 13)).toBeNull();
    expect(mentionQueryAt('just @', 6)).toBeNull();
  });
});
