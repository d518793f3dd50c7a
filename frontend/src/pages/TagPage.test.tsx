import type { PostPage } from '@piste/contracts';
import { createElement } from 'react';
import * as socialApi from '../api/social';
import { usePostsStore } from '../stores/posts';
import { useSavedPostsStore } from '../stores/saved-posts';
import { useTagPostsStore } from '../stores/tag-posts';
import { mountEach, settle } from '../test-support/mounted';
import { feedPost } from '../test-support/posts';
import { routerAddress } from '../test-support/router-mock';
import { sessionUser } from '../test-support/session-user';
import { SavedPage } from './SavedPage';
import { TagPage } from './TagPage';

const mockParams: { tag?: string } = {};
jest.mock('../lib/router', () => ({
  ...jest
    .requireActual<typeof import('../test-support/router-mock')>('../test-support/router-mock')
    .routerModule(),
  useParams: () => mockParams,
}));
jest.mock('../api/social');
jest.mock('../lib/toast', () => jest.requireActual('../test-support/live-socket-mock').toastModule());
jest.mock('../realtime/socket', () =>
  jest
    .requireActual<typeof import('../test-support/live-socket-mock')>('../test-support/live-socket-mock')
    .socketModule(),
);
// The cards are PostCard's own tests' business: here a card is its post's id.
jest.mock('../components/PostCard', () => ({
  PostCard: ({ postId }: { postId: string }) =>
    createElement('article', { 'data-testid': 'post-card' }, postId),
}));

const api = jest.mocked(socialApi);
const address = routerAddress();
const claire = sessionUser({ id: 'u1', username: 'claire', name: 'Claire' });
const page = (ids: string[], nextCursor: string | null = null): PostPage => ({
  posts: ids.map((id) => feedPost(id)),
  nextCursor,
});
/** A reply that arrives on the next turn, as over the network: the test's next settle takes it in. */
const later = <T,>(value: T) => new Promise<T>((resolve) => setTimeout(() => resolve(value), 0));

beforeEach(() => {
  jest.resetAllMocks();
  usePostsStore.getState().reset();
  useTagPostsStore.getState().reset();
  useSavedPostsStore.getState().reset();
  mockParams.tag = 'Épée';
  address.visit('/tags/%C3%89p%C3%A9e?weapon=foil');
  api.fetchTagPosts.mockImplementation((tag) => later({ tag, ...page(['t1', 't2'], 't2') }));
  api.fetchSaved.mockImplementation(() => later(page(['s1'])));
});

const loaded = () => settle(() => undefined);

describe('TagPage', () => {
  const view = mountEach(() => <TagPage user={claire} />);
  const host = () => view.host();
  beforeEach(loaded);
  const cards = () => [...host().querySelectorAll('[data-testid=post-card]')].map((card) => card.textContent);
  const weaponLinks = () =>
    [...host().querySelectorAll<HTMLAnchorElement>('nav[aria-label=Weapon] a')].map((link) => ({
      label: link.textContent,
      href: link.getAttribute('href'),
      current: link.getAttribute('aria-current'),
    }));

  it("shows the tag as stored, the weapon's posts newest first and a filter for each weapon", async () => {
    await loaded();
    expect(host().querySelector('h1')?.textContent).toBe('#epee');
    expect(api.fetchTagPosts).toHaveBeenCalledWith('epee', 'foil', undefined);
    expect(cards()).toEqual(['t1', 't2']);
    expect(weaponLinks()).toEqual([
      { label: 'All', href: '/tags/epee', current: null },
      { label: 'Épée', href: '/tags/epee?weapon=epee', current: null },
      { label: 'Foil', href: '/tags/epee?weapon=foil', current: 'page' },
      { label: 'Sabre', href: '/tags/epee?weapon=sabre', current: null },
    ]);
  });

  it('fetches every weapon when the address names none, and says when the tag has no posts', async () => {
    api.fetchTagPosts.mockImplementation((tag) => later({ tag, ...page([]) }));
    address.visit('/tags/epee');
    await loaded();
    expect(api.fetchTagPosts).toHaveBeenLastCalledWith('epee', undefined, undefined);
    expect(weaponLinks()[0].current).toBe('page');
    expect(host().querySelector('[data-testid=tag-empty]')?.textContent).toContain('No posts tagged #epee');
  });

  it('answers 404 for what cannot be a tag', () => {
    mockParams.tag = '!!!';
    view.render(<TagPage user={claire} key="other" />);
    expect(host().textContent).toContain('404 Page Not Found');
  });
});

describe('SavedPage', () => {
  const view = mountEach(() => <SavedPage user={claire} />);
  const host = () => view.host();
  beforeEach(loaded);

  it('shows the saved posts, and how to save one when there are none', async () => {
    await loaded();
    expect(api.fetchSaved).toHaveBeenCalledWith(undefined);
    expect(host().querySelector('[data-testid=post-card]')?.textContent).toBe('s1');

    await settle(() => usePostsStore.getState().drop('s1'));
    const empty = host().querySelector('[data-testid=saved-empty]')?.textContent;
    expect(empty).toContain('No saved posts yet');
    expect(empty).toContain('menu');
  });
});
