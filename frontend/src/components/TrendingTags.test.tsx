import { act } from 'react';
import { useTrendingTagsStore } from '../stores/trending-tags';
import { mountEach } from '../test-support/mounted';
import { TrendingTags } from './TrendingTags';

jest.mock('../lib/router', () => jest.requireActual('../test-support/router-mock').routerModule());
jest.mock('../api/social');

beforeEach(() => useTrendingTagsStore.getState().reset());
const view = mountEach(() => (
  <>
    <TrendingTags weapon="foil" look="card" />
    <TrendingTags weapon="foil" look="row" />
  </>
));
const host = () => view.host();
const links = (look: number) =>
  [...host().querySelectorAll('nav[aria-label="Trending tags"]')[look].querySelectorAll('a')].map((link) => ({
    href: link.getAttribute('href'),
    name: link.getAttribute('aria-label') ?? link.textContent,
  }));

describe('TrendingTags', () => {
  it("links each of the feed's trending tags to its posts in the same weapon, with its count", () => {
    act(() =>
      useTrendingTagsStore.setState({
        weapon: 'foil',
        tags: [
          { tag: 'flick', postsCount: 12 },
          { tag: 'parry', postsCount: 1 },
        ],
      }),
    );
    expect(links(0)).toEqual([
      { href: '/tags/flick?weapon=foil', name: '#flick12 posts' },
      { href: '/tags/parry?weapon=foil', name: '#parry1 post' },
    ]);
    expect(links(1)).toEqual([
      { href: '/tags/flick?weapon=foil', name: '#flick12, 12 posts' },
      { href: '/tags/parry?weapon=foil', name: '#parry1, 1 post' },
    ]);
  });

  it("shows nothing while there are no tags, or only another weapon's", () => {
    expect(host().innerHTML).toBe('');
    act(() => useTrendingTagsStore.setState({ weapon: 'epee', tags: [{ tag: 'flick', postsCount: 3 }] }));
    expect(host().innerHTML).toBe('');
  });
});
