import { NUL_MESSAGE } from './common';
import { searchQuerySchema } from './requests/search';
import { SEARCH_PAGE_SIZE, SEARCH_TEXT_REQUIRED } from './search';

const ID = '7f1c2d4e-8a9b-4c3d-9e2f-1a2b3c4d5e6f';

/** The first issue's text, as the server's validation pipe answers it. */
function problem(query: Record<string, unknown>): string | undefined {
  const result = searchQuerySchema.safeParse(query);
  return result.success ? undefined : result.error.issues[0]?.message;
}

describe('the search query', () => {
  it('trims the text and fills in the defaults', () => {
    expect(searchQuerySchema.parse({ q: '  épée drill  ' })).toEqual({
      q: 'épée drill',
      type: 'all',
      limit: SEARCH_PAGE_SIZE,
    });
    expect(searchQuerySchema.parse({ q: 'x', type: 'posts', limit: '5', before: ID })).toEqual({
      q: 'x',
      type: 'posts',
      limit: 5,
      before: ID,
    });
  });

  it('refuses blank, missing, over-long and NUL-carrying text', () => {
    expect(problem({})).toBe(SEARCH_TEXT_REQUIRED);
    expect(problem({ q: ' \t ' })).toBe(SEARCH_TEXT_REQUIRED);
    expect(problem({ q: 'x'.repeat(101) })).toBe('Search text can be at most 100 characters');
    expect(problem({ q: 'a\u0000' })).toBe(NUL_MESSAGE);
  });

  it('pages only posts', () => {
    expect(problem({ q: 'x', before: ID })).toBe('Use before only with type=posts');
    expect(problem({ q: 'x', type: 'users', before: ID })).toBe('Use before only with type=posts');
    expect(problem({ q: 'x', type: 'posts', before: 'nope' })).toBe('Invalid id');
  });
});
