import i18next from 'i18next';
import { inSentence, timeAgo } from './relative-time';

const created = Date.parse('2026-11-20T10:00:00.000Z');
const at = (style: Parameters<typeof timeAgo>[1], minutes: number) =>
  timeAgo(new Date(created).toISOString(), style, created + minutes * 60_000);

describe('timeAgo', () => {
  it("words a post's age as the spec does: no minutes", () => {
    expect([0, 59, 60, 150, 24 * 60, 72 * 60].map((m) => at('post', m))).toEqual([
      'Just now',
      'Just now',
      '1 hour ago',
      '2 hours ago',
      '1 day ago',
      '3 days ago',
    ]);
  });

  it('words notifications and requests with minutes', () => {
    expect([0, 1, 5, 60, 180, 24 * 60, 3 * 24 * 60].map((m) => at('minutes', m))).toEqual([
      'Just now',
      '1 minute ago',
      '5 minutes ago',
      '1 hour ago',
      '3 hours ago',
      '1 day ago',
      '3 days ago',
    ]);
  });

  it("words the Messages page's times compactly", () => {
    expect([0, 5, 60, 180, 24 * 60, 3 * 24 * 60].map((m) => at('compact', m))).toEqual([
      'Just now',
      '5m ago',
      '1h ago',
      '3h ago',
      '1d ago',
      '3d ago',
    ]);
  });

  it('says nothing wrong about a time it cannot read', () => {
    expect(timeAgo('not a date', 'post')).toBe('Just now');
    expect(timeAgo('not a date', 'minutes')).toBe('Just now');
    expect(timeAgo('not a date', 'compact')).toBe('');
  });
});

describe('timeAgo in French', () => {
  beforeEach(async () => {
    await i18next.changeLanguage('fr');
  });
  afterEach(async () => {
    await i18next.changeLanguage('en');
  });

  it('words the same ages in French, with its plurals', () => {
    expect([0, 1, 5, 60, 180, 24 * 60, 3 * 24 * 60].map((m) => at('minutes', m))).toEqual([
      'À l’instant',
      'il y a 1 minute',
      'il y a 5 minutes',
      'il y a 1 heure',
      'il y a 3 heures',
      'il y a 1 jour',
      'il y a 3 jours',
    ]);
    expect([5, 180, 3 * 24 * 60].map((m) => at('compact', m))).toEqual([
      'il y a 5 min',
      'il y a 3 h',
      'il y a 3 j',
    ]);
    expect(inSentence(at('post', 0))).toBe('à l’instant');
  });
});
