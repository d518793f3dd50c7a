import type { PostPage } from '@piste/contracts';
import { act, createElement } from 'react';
import * as socialApi from '../api/social';
import { FILTER_DEBOUNCE_MS } from '../components/drills/DrillFilterBar';
import { useDrillsStore } from '../stores/drills';
import { usePostsStore } from '../stores/posts';
import { liveSocket } from '../test-support/live-socket-mock';
import { mountEach, settle, typeInto } from '../test-support/mounted';
import { feedPost } from '../test-support/posts';
import { routerAddress } from '../test-support/router-mock';
import { sessionUser } from '../test-support/session-user';
import { DrillsPage } from './DrillsPage';

jest.mock('../lib/router', () => jest.requireActual('../test-support/router-mock').routerModule());
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
const live = liveSocket();
const coach = sessionUser({ id: 'u1', username: 'coach', name: 'Coach' });
const page = (ids: string[], nextCursor: string | null = null): PostPage => ({
  posts: ids.map((id) => feedPost(id, { type: 'drill' })),
  nextCursor,
});

/** A reply that arrives on the next turn, as over the network: the test's next settle takes it in. */
const later = <T,>(value: T) => new Promise<T>((resolve) => setTimeout(() => resolve(value), 0));

beforeEach(() => {
  jest.resetAllMocks();
  usePostsStore.getState().reset();
  useDrillsStore.getState().reset();
  api.fetchDrills.mockImplementation(() => later(page(['d1', 'd2'])));
  address.visit('/drills?weapon=foil&level=Beginner&sort=saved&focus=distance');
});
const view = mountEach(() => <DrillsPage user={coach} />);
const host = () => view.host();
const loaded = () => settle(() => undefined);
beforeEach(loaded);
const select = (id: string) => host().querySelector<HTMLSelectElement>(`#drills-${id}`)!;
const input = (id: string) => host().querySelector<HTMLInputElement>(`#drills-${id}`)!;
const cards = () => [...host().querySelectorAll('[data-testid=post-card]')].map((card) => card.textContent);
const button = (name: string) =>
  [...host().querySelectorAll<HTMLButtonElement>('button')].find((b) => b.textContent?.trim() === name);
/** Picks `value` in a select, and lets the fetch it starts settle. */
const choose = (target: HTMLSelectElement, value: string) =>
  settle(() => {
    target.value = value;
    target.dispatchEvent(new Event('change', { bubbles: true }));
  });
const pause = () => act(() => new Promise((resolve) => setTimeout(resolve, FILTER_DEBOUNCE_MS + 50)));

describe('DrillsPage', () => {
  it('fetches the drills the address asks for and shows its filters', async () => {
    await loaded();
    expect(api.fetchDrills).toHaveBeenCalledTimes(1);
    expect(api.fetchDrills).toHaveBeenCalledWith({
      weapon: 'foil',
      level: 'Beginner',
      focus: 'distance',
      sort: 'saved',
    });
    expect(select('weapon').value).toBe('foil');
    expect(select('level').value).toBe('Beginner');
    expect(select('sort').value).toBe('saved');
    expect(input('focus').value).toBe('distance');
    expect(cards()).toEqual(['d1', 'd2']);
  });

  it('puts a chosen filter in the address at once and fetches again', async () => {
    await loaded();
    await choose(select('weapon'), 'sabre');
    expect(address.current()).toBe('/drills?weapon=sabre&level=Beginner&sort=saved&focus=distance');
    expect(api.fetchDrills).toHaveBeenLastCalledWith({
      weapon: 'sabre',
      level: 'Beginner',
      focus: 'distance',
      sort: 'saved',
    });

    await choose(select('sort'), '');
    await choose(select('level'), '');
    expect(address.current()).toBe('/drills?weapon=sabre&focus=distance');
    expect(api.fetchDrills).toHaveBeenLastCalledWith({ weapon: 'sabre', focus: 'distance' });
  });

  it('waits for typing to pause before a text filter reaches the address and the list', async () => {
    await loaded();
    typeInto(input('q'), 'lun');
    typeInto(input('q'), 'lunge');
    await loaded();
    expect(api.fetchDrills).toHaveBeenCalledTimes(1);
    await pause();
    expect(address.current()).toContain('q=lunge');
    expect(api.fetchDrills).toHaveBeenCalledTimes(2);
    expect(api.fetchDrills).toHaveBeenLastCalledWith(expect.objectContaining({ q: 'lunge' }));

    // A trailing space is not a new search.
    typeInto(input('q'), 'lunge ');
    await pause();
    expect(input('q').value).toBe('lunge ');
    expect(api.fetchDrills).toHaveBeenCalledTimes(2);
  });

  it('keeps a level from a shared link, clears every filter, and says when no drill matches', async () => {
    api.fetchDrills.mockImplementation(() => later(page([])));
    address.visit('/drills?level=Elite');
    await loaded();
    expect(select('level').value).toBe('Elite');
    expect(api.fetchDrills).toHaveBeenLastCalledWith({ level: 'Elite' });
    expect(host().querySelector('[data-testid=drills-empty]')?.textContent).toContain(
      'No drills match these filters',
    );
    await settle(() => button('Clear filters')!.click());
    expect(address.current()).toBe('/drills');
    expect(input('focus').value).toBe('');
    expect(select('weapon').value).toBe('');
    expect(api.fetchDrills).toHaveBeenLastCalledWith({});
    expect(host().querySelector('[data-testid=drills-empty]')?.textContent).toContain('No drills yet');
    expect(button('Clear filters')).toBeUndefined();
  });

  it('loads the next page from the cursor, and the first again after a reconnect', async () => {
    api.fetchDrills.mockImplementationOnce(() => later(page(['d1', 'd2'], 'd2')));
    address.visit('/drills');
    await loaded();
    api.fetchDrills.mockResolvedValueOnce(page(['d3']));
    await settle(() => button('Load More Posts')!.click());
    expect(api.fetchDrills).toHaveBeenLastCalledWith({}, 'd2');
    expect(cards()).toEqual(['d1', 'd2', 'd3']);
    expect(button('Load More Posts')).toBeUndefined();

    api.fetchDrills.mockResolvedValueOnce(page(['d0', 'd1']));
    await settle(() => live.reconnect());
    expect(cards()).toEqual(['d0', 'd1']);
  });
});
