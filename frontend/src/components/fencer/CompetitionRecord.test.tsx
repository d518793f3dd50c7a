import type { CompetitionEntry } from '@piste/contracts';
import { renderToStaticMarkup } from 'react-dom/server';
import { CompetitionRecord } from './CompetitionRecord';

// A plain anchor for Link: the markup is what is checked, not the navigation.
jest.mock('../../lib/router', () => ({
  Link: ({ to, ...props }: { to: string }) =>
    jest.requireActual<typeof import('react')>('react').createElement('a', { href: to, ...props }),
}));

const RESULT: CompetitionEntry = {
  postId: 'post-1',
  competition: 'Lyon Open',
  place: '1st',
  score: '15-12',
  competitors: 64,
  date: '2025-03-09T10:00:00.000Z',
  summary: 'First gold!',
};
const LISTED: CompetitionEntry = {
  postId: null,
  competition: 'Club champion 2021',
  place: null,
  score: null,
  competitors: null,
  date: null,
  summary: null,
};

function render(entries: CompetitionEntry[], isOwn = false) {
  const host = document.createElement('div');
  host.innerHTML = renderToStaticMarkup(<CompetitionRecord entries={entries} isOwn={isOwn} name="Claire" />);
  return host;
}

describe('CompetitionRecord', () => {
  it('lists results in order as a timeline: date, competition, place, score and field size', () => {
    const host = render([RESULT, LISTED]);
    const items = [...host.querySelectorAll('ol > li')];
    expect(items).toHaveLength(2);
    const [result, listed] = items;
    expect(result.querySelector('time')?.getAttribute('dateTime')).toBe(RESULT.date);
    expect(result.textContent).toContain('Lyon Open');
    expect(result.textContent).toContain('1st');
    expect(result.textContent).toContain('Score15-12');
    expect(result.textContent).toContain('64 fencers');
    expect(result.textContent).toContain('First gold!');
    expect([...result.querySelectorAll('dt')].map((dt) => dt.textContent)).toEqual([
      'Place',
      'Score',
      'Competitors',
    ]);
    expect(listed.querySelector('time')).toBeNull();
    expect(listed.textContent).toBe('Listed on profileClub champion 2021');
  });

  it('heads a result without a competition with the post’s words', () => {
    const host = render([{ ...RESULT, competition: null, place: null, score: null, competitors: null }]);
    expect(host.querySelector('ol > li p')?.textContent).toBe('First gold!');
    expect(host.querySelector('ol > li dl')).toBeNull();
  });

  it('says when there is no result yet, inviting the owner to share one', () => {
    expect(render([]).textContent).toContain('Results Claire shares as achievement posts show up here.');
    const own = render([], true);
    expect(own.textContent).toContain('No competition results yet');
    expect(own.querySelector('a')?.getAttribute('href')).toBe('/post');
  });
});
