import { WEAPON_LABELS, type FeedPost, type SessionUser } from '@piste/contracts';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { banNotice, useBanStore } from '../stores/ban';
import { useEditHistoryStore } from '../stores/edit-history';
import { useFeedStore } from '../stores/feed';
import { useMutesStore } from '../stores/mutes';
import { usePostsStore } from '../stores/posts';
import { useSavesStore } from '../stores/saves';
import { lazyPartsArrive, typeInto } from '../test-support/mounted';
import { feedPost } from '../test-support/posts';
import { sessionUser } from '../test-support/session-user';
import { PostCard } from './PostCard';

// A plain anchor for Link: where a link goes is what is checked, not the navigation.
jest.mock('../lib/router', () => ({
  Link: ({ to, ...props }: { to: string }) =>
    jest.requireActual<typeof import('react')>('react').createElement('a', { href: to, ...props }),
}));

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

// jsdom has no modal dialogs; the delete confirmation opens one.
HTMLDialogElement.prototype.showModal = function (this: HTMLDialogElement) {
  this.open = true;
};
HTMLDialogElement.prototype.close = function (this: HTMLDialogElement) {
  this.open = false;
};

const AUTHOR_ID = 'author-1';
const author = sessionUser({ id: AUTHOR_ID, username: 'claire', name: 'Claire Dubois' });
const reader: SessionUser = { ...author, id: 'reader-1', username: 'ben', name: 'Ben' };

function makePost(overrides: Partial<FeedPost> = {}): FeedPost {
  return feedPost('post-1', {
    authorId: AUTHOR_ID,
    content: 'Lunge ladder, three sets',
    likesCount: 3,
    dislikesCount: 1,
    createdAt: new Date(Date.now() - 5 * 60_000).toISOString(),
    author: { id: AUTHOR_ID, name: 'Claire Dubois', username: 'claire', avatar: null, title: null },
    isLiked: true,
    ...overrides,
  });
}

const toggleReaction = jest.fn(() => Promise.resolve());
const hide = jest.fn(() => Promise.resolve());
const remove = jest.fn(() => Promise.resolve());
const report = jest.fn(() => Promise.resolve());
const edit = jest.fn(() => Promise.resolve(true));
const toggleSave = jest.fn(() => Promise.resolve());
const mute = jest.fn(() => Promise.resolve(true));
const loadHistory = jest.fn(() => Promise.resolve());

let host: HTMLDivElement;
let root: Root;

beforeEach(() => {
  jest.clearAllMocks();
  useFeedStore.setState({ hide, remove });
  usePostsStore.setState({ toggleReaction, report, edit, reacting: {}, postsById: {} });
  useSavesStore.setState({ toggleSave, saving: {} });
  useMutesStore.setState({ mute, muting: {} });
  useEditHistoryStore.setState({ load: loadHistory, histories: {} });
  useBanStore.setState({ until: null, reason: null });
  host = document.createElement('div');
  document.body.append(host);
  root = createRoot(host);
});

afterEach(() => {
  act(() => root.unmount());
  host.remove();
});

/** Shows `post` as the lists do: kept in the posts store, its card given only the id. */
function render(post: FeedPost, user: SessionUser | null = reader) {
  act(() => {
    usePostsStore.setState({ postsById: { [post.id]: post } });
    root.render(<PostCard postId={post.id} user={user} />);
  });
}

/** An element's accessible name as the card gives it: its aria-label, else its text. */
const nameOf = (element: Element) => element.getAttribute('aria-label') ?? element.textContent?.trim();

function button(name: string) {
  const match = [...host.querySelectorAll('button')].find((b) => nameOf(b) === name);
  if (!match) throw new Error(`No button named ${name}`);
  return match;
}

function openMenu() {
  act(() => button('Post options').click());
  return [...host.querySelectorAll('[role=menuitem]')].map(nameOf);
}

function choose(item: string) {
  openMenu();
  act(() => button(item).click());
}

describe('PostCard', () => {
  it('links the author name and avatar to the fencer page', () => {
    render(makePost());
    const links = [...host.querySelectorAll('a')].map((a) => ({
      name: nameOf(a),
      href: a.getAttribute('href'),
    }));
    expect(links).toEqual([
      { name: "Claire Dubois's profile", href: '/u/claire' },
      { name: 'Claire Dubois', href: '/u/claire' },
    ]);
    expect(host.querySelector('article')?.getAttribute('aria-label')).toBe('Post by Claire Dubois');
  });

  it('shows the role badge, the weapon fallback title and the relative time', () => {
    render(makePost());
    expect(host.querySelector('[data-testid=role-badge]')?.textContent).toBe('Coach');
    expect(host.querySelector('header')?.textContent).toContain(`${WEAPON_LABELS.epee} fencer`);
    const time = host.querySelector('time')!;
    expect(time.textContent).toBe('Just now');

    render(makePost({ createdAt: new Date(Date.now() - 3 * 3_600_000).toISOString() }));
    expect(host.querySelector('time')?.textContent).toBe('3 hours ago');
  });

  it('names each reaction button with its count and says whether it is pressed', () => {
    render(makePost());
    const footer = [...host.querySelectorAll('footer button')].map((b) => ({
      name: nameOf(b),
      pressed: b.getAttribute('aria-pressed'),
      expanded: b.getAttribute('aria-expanded'),
    }));
    expect(footer).toEqual([
      { name: 'Like, 3 likes', pressed: 'true', expanded: null },
      { name: 'Dislike, 1 dislike', pressed: 'false', expanded: null },
      { name: 'Comment, 0 comments', pressed: null, expanded: 'false' },
      { name: 'Save, 0 saves', pressed: 'false', expanded: null },
    ]);
  });

  it('likes and dislikes through the posts store', () => {
    render(makePost({ isLiked: false }));
    act(() => button('Like, 3 likes').click());
    expect(toggleReaction).toHaveBeenCalledWith('post-1', 'like');
    act(() => button('Dislike, 1 dislike').click());
    expect(toggleReaction).toHaveBeenLastCalledWith('post-1', 'dislike');
  });

  it('holds the reactions while one is on its way', () => {
    usePostsStore.setState({ reacting: { 'post-1': true } });
    render(makePost());
    expect(button('Like, 3 likes').disabled).toBe(true);
    expect(button('Dislike, 1 dislike').disabled).toBe(true);
    expect(button('Comment, 0 comments').disabled).toBe(false);
  });

  it('lets a banned user take a like back but not give a dislike, and says why', () => {
    const until = '2099-11-23T10:00:00.000Z';
    useBanStore.setState({ until });
    render(makePost({ isLiked: true }));
    expect(button('Like, 3 likes').disabled).toBe(false);
    const dislike = button('Dislike, 1 dislike');
    expect(dislike.disabled).toBe(true);
    expect(dislike.title).toBe(banNotice(until));
  });

  it('offers its author Edit post, Save post, Delete Post and Hide Post, and deletes after the confirmation', async () => {
    render(makePost(), author);
    expect(openMenu()).toEqual(['Edit post', 'Save post', 'Delete Post', 'Hide Post']);
    act(() => button('Delete Post').click());
    await lazyPartsArrive();
    const dialog = host.querySelector('dialog')!;
    expect(dialog.open).toBe(true);
    expect(dialog.textContent).toContain('Delete this post?');
    expect(remove).not.toHaveBeenCalled();
    const confirm = [...dialog.querySelectorAll('button')].find((b) => nameOf(b) === 'Delete Post')!;
    await act(async () => {
      confirm.click();
      await Promise.resolve();
    });
    expect(remove).toHaveBeenCalledWith('post-1');
    expect(dialog.open).toBe(false);
  });

  it('offers anyone else Save post, Report Post, Mute @author and Hide Post', () => {
    render(makePost(), reader);
    expect(openMenu()).toEqual(['Save post', 'Report Post', 'Mute @claire', 'Hide Post']);
    act(() => button('Report Post').click());
    expect(report).toHaveBeenCalledWith('post-1');
    choose('Hide Post');
    expect(hide).toHaveBeenCalledWith('post-1');
    expect(remove).not.toHaveBeenCalled();
  });

  it('shows drill details as a description list of the filled-in fields', () => {
    render(
      makePost({
        type: 'drill',
        drillDetails: { duration: '20 minutes', level: 'Beginner', equipment: '', focus: 'Distance' },
      }),
    );
    const list = host.querySelector('dl')!;
    const pairs = [...list.children].map((pair) => [
      pair.querySelector('dt')?.textContent,
      pair.querySelector('dd')?.textContent,
    ]);
    expect(pairs).toEqual([
      ['Duration', '20 minutes'],
      ['Level', 'Beginner'],
      ['Focus', 'Distance'],
    ]);
  });

  it('shows achievement details, competitors included, and no list for a general post', () => {
    render(
      makePost({
        type: 'achievement',
        achievementDetails: { place: '1st', score: '15-12', competition: 'Regional Open', competitors: 64 },
      }),
    );
    expect([...host.querySelectorAll('dt')].map((term) => term.textContent)).toEqual([
      'Place',
      'Score',
      'Competition',
      'Competitors',
    ]);
    expect([...host.querySelectorAll('dd')].map((value) => value.textContent)).toEqual([
      '1st',
      '15-12',
      'Regional Open',
      '64',
    ]);

    render(makePost());
    expect(host.querySelector('dl')).toBeNull();
  });

  it('links mentions to the fencer and hashtags to the tag, keeping the line breaks', () => {
    render(makePost({ content: 'Thanks @ben_s.\nMore #Épée drills' }));
    const content = host.querySelector('[data-testid=post-content]')!;
    expect(content.textContent).toBe('Thanks @ben_s.\nMore #Épée drills');
    expect(content.className).toContain('whitespace-pre-line');
    expect([...content.querySelectorAll('a')].map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['@ben_s', '/u/ben_s'],
      ['#Épée', '/tags/epee'],
    ]);
  });

  it('lets its author edit the text in place and saves only what changed', async () => {
    render(makePost(), author);
    choose('Edit post');
    await lazyPartsArrive();
    const editor = host.querySelector<HTMLFormElement>('[data-testid=post-editor]')!;
    const text = editor.querySelector('textarea')!;
    expect(text.value).toBe('Lunge ladder, three sets');
    typeInto(text, 'Lunge ladder, four sets');
    await act(async () => {
      button('Save').click();
      await Promise.resolve();
    });
    expect(edit).toHaveBeenCalledWith('post-1', { content: 'Lunge ladder, four sets' });
    expect(host.querySelector('[data-testid=post-editor]')).toBeNull();
  });

  it('edits a drill’s details and an image’s description, and keeps the editor open when saving fails', async () => {
    edit.mockResolvedValueOnce(false);
    render(
      makePost({
        type: 'drill',
        drillDetails: { duration: '20 minutes', level: 'Beginner', equipment: null, focus: null },
        mediaUrl: '/objects/post/a.jpg',
        mediaType: 'image',
      }),
      author,
    );
    choose('Edit post');
    await lazyPartsArrive();
    const input = (label: string) => {
      const match = [...host.querySelectorAll('label')].find((l) => l.textContent === label);
      return match!.control as HTMLInputElement;
    };
    typeInto(input('Focus'), 'Distance');
    typeInto(input('Image description (alt text)'), 'A fencer lunging');
    await act(async () => {
      button('Save').click();
      await Promise.resolve();
    });
    expect(edit).toHaveBeenCalledWith('post-1', {
      drillDetails: { duration: '20 minutes', level: 'Beginner', equipment: null, focus: 'Distance' },
      mediaAlt: 'A fencer lunging',
    });
    expect(host.querySelector('[data-testid=post-editor]')).not.toBeNull();
    act(() => button('Cancel').click());
    expect(host.querySelector('[data-testid=post-editor]')).toBeNull();
    expect(host.querySelector('[data-testid=post-content]')?.textContent).toBe('Lunge ladder, three sets');
  });

  it('marks an edited post and shows its earlier versions, newest first', async () => {
    useEditHistoryStore.setState({
      histories: {
        'post:post-1': {
          status: 'ready',
          versions: [
            {
              content: 'Second try',
              drillDetails: null,
              achievementDetails: null,
              mediaAlt: null,
              writtenAt: '2026-11-22T10:05:00.000Z',
            },
            {
              content: 'First try',
              drillDetails: null,
              achievementDetails: null,
              mediaAlt: null,
              writtenAt: '2026-11-22T10:00:00.000Z',
            },
          ],
        },
      },
    });
    render(makePost());
    expect(host.querySelector('button[aria-haspopup=dialog]')).toBeNull();

    render(makePost({ editedAt: '2026-11-22T10:10:00.000Z' }));
    const mark = button('Edited: show earlier versions');
    expect(mark.textContent).toBe('edited');
    act(() => mark.click());
    await lazyPartsArrive();
    expect(loadHistory).toHaveBeenCalledWith({ kind: 'post', id: 'post-1' });
    const dialog = host.querySelector('dialog')!;
    expect(dialog.open).toBe(true);
    const versions = [...dialog.querySelectorAll('[data-testid=edit-history-version]')];
    expect(versions.map((v) => v.querySelector('p + p')?.textContent)).toEqual(['Second try', 'First try']);
    expect(versions[0].querySelector('time')?.getAttribute('dateTime')).toBe('2026-11-22T10:05:00.000Z');
  });

  it('says a post is for connections only, and nothing for a public one', () => {
    render(makePost({ visibility: 'public' }));
    expect(host.querySelector('[data-testid=visibility-badge]')).toBeNull();
    render(makePost({ visibility: 'connections' }));
    expect(host.querySelector('[data-testid=visibility-badge]')?.textContent).toBe('Connections only');
  });

  it('saves and unsaves through the saves store, and shows the save count', () => {
    render(makePost({ savesCount: 2 }));
    expect(host.querySelector('[data-testid=save-count]')?.textContent).toBe('2');
    choose('Save post');
    expect(toggleSave).toHaveBeenCalledWith('post-1');

    render(makePost({ savesCount: 3, isSaved: true }));
    expect(openMenu()).toContain('Unsave post');
    expect(button('Save, 3 saves').getAttribute('aria-pressed')).toBe('true');
    act(() => button('Save, 3 saves').click());
    expect(toggleSave).toHaveBeenCalledTimes(2);
  });

  it('mutes the author through the mutes store', () => {
    render(makePost(), reader);
    choose('Mute @claire');
    expect(mute).toHaveBeenCalledWith(expect.objectContaining({ id: AUTHOR_ID, username: 'claire' }));
  });

  it('describes the image with the author’s description, or leaves it to the text', () => {
    render(makePost({ mediaUrl: '/objects/post/a.jpg', mediaType: 'image', mediaAlt: 'A fencer lunging' }));
    expect(host.querySelector('[data-testid=post-media]')?.getAttribute('alt')).toBe('A fencer lunging');
    render(makePost({ mediaUrl: '/objects/post/a.jpg', mediaType: 'image' }));
    expect(host.querySelector('[data-testid=post-media]')?.getAttribute('alt')).toBe('');
  });
});
