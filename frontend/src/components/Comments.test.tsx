import type { PostComment, UserSuggestion } from '@piste/contracts';
import { act } from 'react';
import { useBanStore } from '../stores/ban';
import { useCommentsStore } from '../stores/comments';
import { useEditHistoryStore } from '../stores/edit-history';
import { useReportDialogStore } from '../stores/report-dialog';
import { useUserSuggestionsStore } from '../stores/user-suggestions';
import { lazyPartsArrive, mountEach, settle, typeInto } from '../test-support/mounted';
import { sessionUser } from '../test-support/session-user';
import { Comments } from './Comments';

// A plain anchor for Link: where a link goes is what is checked, not the navigation.
jest.mock('../lib/router', () => ({
  Link: ({ to, ...props }: { to: string }) =>
    jest.requireActual<typeof import('react')>('react').createElement('a', { href: to, ...props }),
}));

// jsdom has no modal dialogs; the edit history opens one.
HTMLDialogElement.prototype.showModal = function (this: HTMLDialogElement) {
  this.open = true;
};
HTMLDialogElement.prototype.close = function (this: HTMLDialogElement) {
  this.open = false;
};

const me = sessionUser({ id: 'me', username: 'claire', name: 'Claire' });

function comment(id: string, overrides: Partial<PostComment> = {}): PostComment {
  return {
    id,
    postId: 'p1',
    authorId: 'me',
    parentId: null,
    content: `Comment ${id}`,
    likesCount: 0,
    isLiked: false,
    createdAt: new Date().toISOString(),
    author: { id: 'me', name: 'Claire', username: 'claire', avatar: null },
    ...overrides,
  };
}

const load = jest.fn(() => Promise.resolve());
const add = jest.fn(() => Promise.resolve(true));
const edit = jest.fn(() => Promise.resolve(true));
const loadHistory = jest.fn(() => Promise.resolve());
const SUGGESTIONS: UserSuggestion[] = [
  {
    id: 'u1',
    username: 'benoit',
    name: 'Benoît',
    avatar: null,
    title: null,
    weaponSpecialty: null,
    role: 'student',
    connected: true,
  },
];
const suggest = jest.fn(() => Promise.resolve(SUGGESTIONS));

function showThread(comments: PostComment[]) {
  act(() => useCommentsStore.setState({ threads: { p1: { status: 'ready', comments } } }));
}

beforeEach(() => {
  jest.clearAllMocks();
  useBanStore.setState({ until: null, reason: null });
  useCommentsStore.setState({ load, add, edit, threads: {}, liking: {} });
  useEditHistoryStore.setState({ load: loadHistory, histories: {} });
  useUserSuggestionsStore.setState({ suggest, byQuery: {} });
});
const view = mountEach(() => <Comments postId="p1" user={me} />);

const nameOf = (element: Element) => element.getAttribute('aria-label') ?? element.textContent?.trim();
function button(name: string, within: ParentNode = view.host()) {
  const match = [...within.querySelectorAll('button')].find((b) => nameOf(b) === name);
  if (!match) throw new Error(`No button named ${name}`);
  return match;
}
const buttonNames = (within: ParentNode) => [...within.querySelectorAll('button')].map(nameOf);
const commentItem = (id: string) => view.host().querySelector(`[data-comment-id=${id}]`)!;

describe('Comments', () => {
  it('links mentions and hashtags in a comment', () => {
    showThread([comment('c1', { content: 'Nice one @benoit #footwork' })]);
    const links = [...commentItem('c1').querySelectorAll('[data-testid=comment-content] a')];
    expect(links.map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['@benoit', '/u/benoit'],
      ['#footwork', '/tags/footwork'],
    ]);
  });

  it('lets only its author edit a comment, in place', async () => {
    showThread([
      comment('c1'),
      comment('c2', { authorId: 'ben', author: { id: 'ben', name: 'Ben', username: 'ben', avatar: null } }),
    ]);
    expect(buttonNames(commentItem('c2'))).not.toContain('Edit comment');
    act(() => button('Edit comment', commentItem('c1')).click());
    const editor = commentItem('c1').querySelector<HTMLFormElement>('form[aria-label="Edit comment"]')!;
    const text = editor.querySelector('textarea')!;
    expect(text.value).toBe('Comment c1');
    typeInto(text, 'Comment c1, corrected');
    await settle(() => button('Save', editor).click());
    expect(edit).toHaveBeenCalledWith('p1', 'c1', 'Comment c1, corrected');
    expect(commentItem('c1').querySelector('form[aria-label="Edit comment"]')).toBeNull();
  });

  it("offers Report comment in the menu of someone else's comment, which opens the report dialog on it", () => {
    showThread([
      comment('c1'),
      comment('c2', { authorId: 'ben', author: { id: 'ben', name: 'Ben', username: 'ben', avatar: null } }),
    ]);
    expect(buttonNames(commentItem('c1'))).not.toContain('Comment options');
    act(() => button('Comment options', commentItem('c2')).click());
    const item = [...commentItem('c2').querySelectorAll('[role="menuitem"]')];
    expect(item.map(nameOf)).toEqual(['Report comment']);
    act(() => (item[0] as HTMLButtonElement).click());
    expect(useReportDialogStore.getState().subject).toEqual({ type: 'comment', id: 'c2', name: 'Ben' });
    act(() => useReportDialogStore.setState({ subject: null }));
  });

  it('leaves the comment as it was on Cancel', () => {
    showThread([comment('c1')]);
    act(() => button('Edit comment').click());
    typeInto(commentItem('c1').querySelector('form textarea')!, 'Never mind');
    act(() => button('Cancel').click());
    expect(edit).not.toHaveBeenCalled();
    expect(commentItem('c1').querySelector('[data-testid=comment-content]')?.textContent).toBe('Comment c1');
  });

  it('marks an edited comment and opens its earlier versions', async () => {
    useEditHistoryStore.setState({
      histories: {
        'comment:c1': {
          status: 'ready',
          versions: [{ content: 'Frist', writtenAt: '2026-11-22T10:00:00.000Z' }],
        },
      },
    });
    showThread([comment('c1', { editedAt: '2026-11-22T10:05:00.000Z' }), comment('c2')]);
    expect(buttonNames(commentItem('c2'))).not.toContain('Edited: show earlier versions');
    act(() => button('Edited: show earlier versions', commentItem('c1')).click());
    await lazyPartsArrive();
    expect(loadHistory).toHaveBeenCalledWith({ kind: 'comment', id: 'c1' });
    const dialog = commentItem('c1').querySelector('dialog')!;
    expect(dialog.open).toBe(true);
    expect(dialog.querySelector('[data-testid=edit-history-version]')?.textContent).toContain('Frist');
  });

  it('suggests fencers in the comment box, and Enter picks one instead of sending', async () => {
    showThread([]);
    const box = view.host().querySelector<HTMLTextAreaElement>('textarea[placeholder="Write a comment..."]')!;
    typeInto(box, 'Thanks @ben');
    await act(() => new Promise((resolve) => setTimeout(resolve, 200)));
    expect(view.host().querySelector('[data-testid=mention-suggestions]')).not.toBeNull();
    act(() => {
      box.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true, cancelable: true }));
    });
    expect(add).not.toHaveBeenCalled();
    expect(box.value).toBe('Thanks @benoit ');
    expect(view.host().querySelector('[data-testid=mention-suggestions]')).toBeNull();
  });
});
