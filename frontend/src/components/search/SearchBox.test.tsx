import type { FeedPost, SearchReply, SearchUser } from '@piste/contracts';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import * as searchApi from '../../api/search';
import { feedPost } from '../../test-support/posts';
import { SearchBox } from './SearchBox';
import { SEARCH_DEBOUNCE_MS } from './useSearchSuggestions';

jest.mock('../../api/search');
const api = jest.mocked(searchApi);
const navigate = jest.fn();
jest.mock('../../lib/router', () => ({ useNavigate: () => navigate }));

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

function post(id: string, content: string): FeedPost {
  return feedPost(id, {
    authorId: 'a1',
    content,
    type: 'drill',
    drillDetails: { focus: 'Distance' },
    author: { id: 'a1', name: 'Ada', username: 'ada', avatar: null },
  });
}

function fencer(id: string, username: string, name: string): SearchUser {
  return { id, username, name, avatar: null, title: null, weaponSpecialty: 'foil', role: 'student' };
}

const REPLY: SearchReply = {
  posts: [post('p1', 'Drill: lunge ladder'), post('p2', 'Drilling the advance')],
  users: [fencer('u1', 'drina', 'Drina Kovač')],
  nextCursor: null,
};

let root: Root;
let host: HTMLDivElement;

beforeEach(() => {
  jest.useFakeTimers();
  jest.resetAllMocks();
  host = document.createElement('div');
  document.body.append(host);
  root = createRoot(host);
  act(() => root.render(<SearchBox />));
});

afterEach(() => {
  act(() => root.unmount());
  host.remove();
  jest.useRealTimers();
});

const input = () => host.querySelector<HTMLInputElement>('input[role=combobox]')!;
const options = () => Array.from(host.querySelectorAll<HTMLElement>('[role=option]'));
/** Where the box sent the app last. */
const opened = () => navigate.mock.lastCall?.[0] as string | undefined;

function type(text: string) {
  act(() => {
    const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
    setValue.call(input(), text);
    input().dispatchEvent(new Event('input', { bubbles: true }));
  });
}

function press(key: string) {
  act(() => {
    input().dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true }));
  });
}

/** Lets the debounce run out and the (mocked) reply arrive. */
async function settle() {
  await act(async () => {
    jest.advanceTimersByTime(SEARCH_DEBOUNCE_MS);
    await Promise.resolve();
  });
}

describe('SearchBox', () => {
  it('keeps the feed placeholder and label, closed until something is typed', () => {
    expect(input().placeholder).toBe('Search drills, fencers, clubs...');
    expect(input().getAttribute('aria-label')).toBe('Search');
    expect(input().getAttribute('aria-expanded')).toBe('false');
    expect(document.getElementById(input().getAttribute('aria-controls')!)?.getAttribute('role')).toBe(
      'listbox',
    );
  });

  it('searches once typing pauses, for the last text only', async () => {
    api.search.mockResolvedValue(REPLY);
    type('d');
    type('dr');
    jest.advanceTimersByTime(SEARCH_DEBOUNCE_MS - 1);
    type('dri');
    jest.advanceTimersByTime(SEARCH_DEBOUNCE_MS - 1);
    expect(api.search).not.toHaveBeenCalled();
    expect(host.textContent).toContain('Searching...');

    await settle();
    expect(api.search).toHaveBeenCalledTimes(1);
    expect(api.search).toHaveBeenCalledWith('dri', { limit: 5 });
    expect(input().getAttribute('aria-expanded')).toBe('true');
    const groups = Array.from(host.querySelectorAll('[role=group]'));
    expect(groups.map((group) => group.querySelectorAll('[role=option]').length)).toEqual([2, 1]);
    expect(
      groups.map((group) => document.getElementById(group.getAttribute('aria-labelledby')!)?.textContent),
    ).toEqual(['Posts', 'Fencers']);
    expect(options().at(-1)?.textContent).toContain('See all results for “dri”');
  });

  it('drops a reply that arrives after the text changed', async () => {
    let answerFirst: (reply: SearchReply) => void = () => undefined;
    api.search.mockReturnValueOnce(new Promise((resolve) => (answerFirst = resolve))).mockResolvedValueOnce({
      posts: [],
      users: [fencer('u2', 'epee_king', 'Epee King')],
      nextCursor: null,
    });
    type('dri');
    await settle();
    type('epee');
    await settle();
    await act(async () => {
      answerFirst(REPLY);
      await Promise.resolve();
    });
    expect(options().map((option) => option.textContent)).toEqual([
      expect.stringContaining('Epee King'),
      expect.stringContaining('See all results for “epee”'),
    ]);
  });

  it('moves through the options with the arrow keys and opens the chosen one with Enter', async () => {
    api.search.mockResolvedValue(REPLY);
    type('dri');
    await settle();

    press('ArrowDown');
    expect(input().getAttribute('aria-activedescendant')).toBe(options()[0].id);
    expect(options()[0].getAttribute('aria-selected')).toBe('true');
    press('ArrowDown');
    press('ArrowDown');
    expect(input().getAttribute('aria-activedescendant')).toBe(options()[2].id);
    press('ArrowUp');
    expect(input().getAttribute('aria-activedescendant')).toBe(options()[1].id);

    press('Enter');
    expect(opened()).toBe('/posts/p2');
    expect(input().getAttribute('aria-expanded')).toBe('false');
  });

  it('wraps from the first option to the last, and opens a fencer at /u/{username}', async () => {
    api.search.mockResolvedValue(REPLY);
    type('dri');
    await settle();
    press('ArrowUp');
    expect(options().at(-1)?.getAttribute('aria-selected')).toBe('true');
    press('ArrowUp');
    press('Enter');
    expect(opened()).toBe('/u/drina');
  });

  it('offers clubs after fencers, and opens one at /clubs/{slug}', async () => {
    api.search.mockResolvedValue({
      ...REPLY,
      clubs: [
        {
          id: 'c1',
          slug: 'salle-drisse',
          name: 'Salle Drisse',
          city: 'Lyon',
          country: 'FR',
          weapons: ['epee'],
          description: '',
          joinPolicy: 'open',
          logo: null,
          membersCount: 12,
          createdAt: '2026-11-01T10:00:00.000Z',
        },
      ],
    });
    type('dri');
    await settle();
    const groups = [...host.querySelectorAll('[role=group]')].map((g) => g.firstElementChild?.textContent);
    expect(groups).toEqual(['Posts', 'Fencers', 'Clubs']);
    expect(options()[3].textContent).toContain('Salle Drisse');
    expect(options()[3].textContent).toContain('Lyon, France');
    press('ArrowUp');
    press('ArrowUp');
    press('Enter');
    expect(opened()).toBe('/clubs/salle-drisse');
  });

  it('opens the results page with Enter when no option is chosen, even before the answer', () => {
    api.search.mockResolvedValue(REPLY);
    type('  lunge & parry ');
    press('Enter');
    expect(opened()).toBe('/search?q=lunge+%26+parry');
  });

  it('says so when nothing matches', async () => {
    api.search.mockResolvedValue({ posts: [], users: [], nextCursor: null });
    type('zzz');
    await settle();
    expect(options()).toEqual([]);
    expect(host.querySelector('[role=status]')?.textContent).toBe('No posts or fencers match “zzz”');
  });

  it('closes with Escape, then clears the text with a second Escape', async () => {
    api.search.mockResolvedValue(REPLY);
    type('dri');
    await settle();
    press('Escape');
    expect(input().getAttribute('aria-expanded')).toBe('false');
    expect(input().value).toBe('dri');
    press('Escape');
    expect(input().value).toBe('');
  });
});
