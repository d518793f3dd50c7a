import type { PostComment } from '@piste/contracts';
import * as postsApi from '../api/posts';
import * as socialApi from '../api/social';
import { notify } from '../lib/toast';
import { startLiveEvents } from '../live-events';
import { liveSocket } from '../test-support/live-socket-mock';
import { feedPost } from '../test-support/posts';
import { sessionUser } from '../test-support/session-user';
import { useCommentsStore } from './comments';
import { useFeedStore } from './feed';
import { useMutesStore } from './mutes';
import { usePostsStore } from './posts';
import { useSavesStore } from './saves';
import { useSessionStore } from './session';

jest.mock('../realtime/socket', () =>
  jest
    .requireActual<typeof import('../test-support/live-socket-mock')>('../test-support/live-socket-mock')
    .socketModule(),
);
jest.mock('../api/posts');
jest.mock('../api/social');
jest.mock('../api/moderation');
jest.mock('../api/objects');
jest.mock('../lib/toast', () =>
  jest
    .requireActual<typeof import('../test-support/live-socket-mock')>('../test-support/live-socket-mock')
    .toastModule(),
);

// The stores follow server events through the app's one table of live updates.
startLiveEvents();
const live = liveSocket();
const api = jest.mocked(postsApi);
const social = jest.mocked(socialApi);
const toast = jest.mocked(notify);

const me = sessionUser({ id: 'me', username: 'me', name: 'Me' });
const post = (id: string) => usePostsStore.getState().postsById[id];

function comment(id: string, overrides: Partial<PostComment> = {}): PostComment {
  return {
    id,
    postId: 'p1',
    authorId: 'me',
    parentId: null,
    content: `Comment ${id}`,
    likesCount: 0,
    isLiked: false,
    createdAt: '2026-11-22T10:00:00.000Z',
    author: { id: 'me', name: 'Me', username: 'me', avatar: null },
    ...overrides,
  };
}
const commentOf = (id: string) => useCommentsStore.getState().threads.p1?.comments.find((c) => c.id === id);

beforeEach(async () => {
  jest.clearAllMocks();
  useSessionStore.setState({ user: me, status: 'ready' });
  await useFeedStore.getState().open(null);
  usePostsStore.getState().reset();
  useCommentsStore.getState().reset();
  usePostsStore.getState().keep([feedPost('p1', { savesCount: 1 }), feedPost('p2')]);
});

describe('post edits', () => {
  it('takes the server’s post after an edit, and says when it fails', async () => {
    social.editPost.mockResolvedValueOnce(
      feedPost('p1', { content: 'Better words', editedAt: '2026-11-22T11:00:00.000Z' }),
    );
    await expect(usePostsStore.getState().edit('p1', { content: 'Better words' })).resolves.toBe(true);
    expect(social.editPost).toHaveBeenCalledWith('p1', { content: 'Better words' });
    expect(post('p1')).toMatchObject({ content: 'Better words', editedAt: '2026-11-22T11:00:00.000Z' });

    social.editPost.mockRejectedValueOnce(new Error('Posts can be at most 5000 characters'));
    await expect(usePostsStore.getState().edit('p1', { content: 'x' })).resolves.toBe(false);
    expect(toast.error).toHaveBeenCalledWith('Failed to update post', 'Posts can be at most 5000 characters');
    expect(post('p1').content).toBe('Better words');
  });

  it('follows post:updated live, for the posts it holds', () => {
    live.play('post:updated', {
      postId: 'p1',
      weapon: 'epee',
      content: 'Edited elsewhere',
      drillDetails: null,
      achievementDetails: null,
      mediaAlt: 'A lunge',
      editedAt: '2026-11-22T11:00:00.000Z',
    });
    expect(post('p1')).toMatchObject({
      content: 'Edited elsewhere',
      mediaAlt: 'A lunge',
      editedAt: '2026-11-22T11:00:00.000Z',
      likesCount: 0,
    });
    live.play('post:updated', {
      postId: 'gone',
      weapon: 'epee',
      content: 'x',
      drillDetails: null,
      achievementDetails: null,
      mediaAlt: null,
      editedAt: '2026-11-22T11:00:00.000Z',
    });
    expect(post('gone')).toBeUndefined();
  });

  it('applies a saves count carried by post:counts, and keeps it when the count is absent', () => {
    const counts = { postId: 'p1', weapon: 'epee', likesCount: 2, dislikesCount: 0, commentsCount: 1 };
    live.play('post:counts', { ...counts, savesCount: 7 });
    expect(post('p1')).toMatchObject({ likesCount: 2, savesCount: 7 });
    live.play('post:counts', { ...counts, likesCount: 3 });
    expect(post('p1')).toMatchObject({ likesCount: 3, savesCount: 7 });
  });
});

describe('comment edits', () => {
  beforeEach(async () => {
    api.fetchComments.mockResolvedValueOnce([comment('c1'), comment('c2')]);
    await useCommentsStore.getState().load('p1');
  });

  it('keeps the server’s text after an edit, and says when it fails', async () => {
    social.editComment.mockResolvedValueOnce(
      comment('c1', { content: 'Fixed typo', editedAt: '2026-11-22T11:00:00.000Z' }),
    );
    await expect(useCommentsStore.getState().edit('p1', 'c1', 'Fixed typo')).resolves.toBe(true);
    expect(social.editComment).toHaveBeenCalledWith('c1', { content: 'Fixed typo' });
    expect(commentOf('c1')).toMatchObject({ content: 'Fixed typo', editedAt: '2026-11-22T11:00:00.000Z' });

    social.editComment.mockRejectedValueOnce(new Error('Comment cannot be empty'));
    await expect(useCommentsStore.getState().edit('p1', 'c1', ' ')).resolves.toBe(false);
    expect(toast.error).toHaveBeenCalledWith('Failed to update comment', 'Comment cannot be empty');
  });

  it('follows comment:updated live', () => {
    live.play('comment:updated', {
      commentId: 'c2',
      postId: 'p1',
      weapon: 'epee',
      content: 'Edited in another tab',
      editedAt: '2026-11-22T11:00:00.000Z',
    });
    expect(commentOf('c2')).toMatchObject({ content: 'Edited in another tab' });
    expect(commentOf('c1')?.content).toBe('Comment c1');
  });
});

describe('saves', () => {
  it('shows the save at once and takes the server’s count', async () => {
    let answer!: (reply: { postId: string; savesCount: number; isSaved: boolean }) => void;
    social.savePost.mockReturnValueOnce(new Promise((resolve) => (answer = resolve)));
    const saving = useSavesStore.getState().toggleSave('p1');
    expect(post('p1')).toMatchObject({ isSaved: true, savesCount: 2 });
    expect(useSavesStore.getState().saving.p1).toBe(true);
    answer({ postId: 'p1', savesCount: 5, isSaved: true });
    await saving;
    expect(post('p1')).toMatchObject({ isSaved: true, savesCount: 5 });
    expect(useSavesStore.getState().saving.p1).toBeUndefined();

    social.unsavePost.mockResolvedValueOnce({ postId: 'p1', savesCount: 4, isSaved: false });
    await useSavesStore.getState().toggleSave('p1');
    expect(social.unsavePost).toHaveBeenCalledWith('p1');
    expect(post('p1')).toMatchObject({ isSaved: false, savesCount: 4 });
  });

  it('goes back to how it was and says so when saving fails', async () => {
    social.savePost.mockRejectedValueOnce(new Error('Network down'));
    await useSavesStore.getState().toggleSave('p1');
    expect(post('p1')).toMatchObject({ isSaved: false, savesCount: 1 });
    expect(toast.error).toHaveBeenCalledWith('Failed to save post', 'Network down');
  });
});

describe('mutes', () => {
  it('takes the muted fencer’s posts out of every list and says so', async () => {
    usePostsStore.getState().keep([
      feedPost('b1', {
        authorId: 'ben',
        author: { id: 'ben', name: 'Ben', username: 'ben', avatar: null },
      }),
      feedPost('b2', { authorId: 'ben' }),
    ]);
    useFeedStore.setState({ postIds: ['b1', 'p1'], incomingIds: ['b2'] });
    social.muteUser.mockResolvedValueOnce(undefined);
    await expect(useMutesStore.getState().mute({ id: 'ben', username: 'ben', name: 'Ben' })).resolves.toBe(
      true,
    );
    expect(social.muteUser).toHaveBeenCalledWith('ben');
    expect(post('b1')).toBeUndefined();
    expect(post('b2')).toBeUndefined();
    expect(post('p1')).toBeDefined();
    expect(useFeedStore.getState()).toMatchObject({ postIds: ['p1'], incomingIds: [] });
    expect(toast.success).toHaveBeenCalledWith('Muted @ben', "You won't see their posts.");
  });

  it('leaves everything shown when muting fails', async () => {
    usePostsStore.getState().keep([feedPost('b1', { authorId: 'ben' })]);
    social.muteUser.mockRejectedValueOnce(new Error('Too many requests'));
    await expect(useMutesStore.getState().mute({ id: 'ben', username: 'ben', name: 'Ben' })).resolves.toBe(
      false,
    );
    expect(post('b1')).toBeDefined();
    expect(toast.error).toHaveBeenCalledWith('Failed to mute', 'Too many requests');
  });
});
