import { ROLES, type FeedPost } from '@piste/contracts';
import { ApiError } from '../api/client';
import * as postsApi from '../api/posts';
import { notify } from '../lib/toast';
import { timeAgo } from '../lib/relative-time';
import { roleStyle } from '../components/RoleBadge';
import { useFeedStore } from './feed';
import { useSessionStore } from './session';
import { startLiveEvents } from '../live-events';
import { liveSocket } from '../test-support/live-socket-mock';
import { watchFeed } from '../realtime/socket';
import { feedPost } from '../test-support/posts';
import { sessionUser } from '../test-support/session-user';
import { usePostsStore } from './posts';
import { heldReply } from '../test-support/held-reply';

jest.mock('../realtime/socket', () =>
  jest
    .requireActual<typeof import('../test-support/live-socket-mock')>('../test-support/live-socket-mock')
    .socketModule(),
);
jest.mock('../api/posts');
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
const toast = jest.mocked(notify);

const me = sessionUser({ id: 'me', username: 'me', name: 'Me' });

const makePost = feedPost;

/** The feed's posts in order, and one post as every view shows it. */
const shownIds = () => useFeedStore.getState().postIds;
const post = (id: string) => usePostsStore.getState().postsById[id];

const page = (from: number, count: number) =>
  Array.from({ length: count }, (_, i) => makePost(`p${from + i}`));

beforeEach(async () => {
  jest.clearAllMocks();
  useSessionStore.setState({ user: me, status: 'ready' });
  await useFeedStore.getState().open(null);
  usePostsStore.getState().reset();
});

describe('feed store', () => {
  it('loads the first page and offers more only after a full page', async () => {
    api.fetchFeedPage.mockResolvedValueOnce(page(0, 10));
    await useFeedStore.getState().open('epee');
    expect(api.fetchFeedPage).toHaveBeenCalledWith('epee');
    expect(useFeedStore.getState()).toMatchObject({ status: 'ready', hasMore: true });

    api.fetchFeedPage.mockResolvedValueOnce(page(10, 3));
    await useFeedStore.getState().loadMore();
    expect(api.fetchFeedPage).toHaveBeenLastCalledWith('epee', 'p9');
    expect(shownIds()).toHaveLength(13);
    expect(useFeedStore.getState().hasMore).toBe(false);
  });

  it('follows the feed the page shows live, from its first page, until the page leaves it', async () => {
    api.fetchFeedPage.mockResolvedValue(page(0, 3));
    const stopFollowing = useFeedStore.getState().follow('sabre');
    expect(jest.mocked(watchFeed)).toHaveBeenLastCalledWith('sabre');
    expect(api.fetchFeedPage).toHaveBeenCalledWith('sabre');
    await Promise.resolve();
    expect(useFeedStore.getState()).toMatchObject({
      weapon: 'sabre',
      status: 'ready',
      postIds: ['p0', 'p1', 'p2'],
    });

    stopFollowing();
    expect(jest.mocked(watchFeed)).toHaveBeenLastCalledWith(null);
  });

  it('drops a slow first page of a feed left meanwhile', async () => {
    const slow = heldReply<FeedPost[]>();
    api.fetchFeedPage.mockReturnValueOnce(slow.promise);
    const foil = useFeedStore.getState().open('foil');
    api.fetchFeedPage.mockResolvedValueOnce(page(0, 2));
    await useFeedStore.getState().open('epee');
    slow.give(page(5, 2));
    await foil;
    expect(useFeedStore.getState()).toMatchObject({ weapon: 'epee', postIds: ['p0', 'p1'] });
  });

  it('opened ahead of the first render, the feed page’s own open fetches nothing again, but a later visit does', async () => {
    api.fetchFeedPage.mockResolvedValue(page(0, 10));
    await useFeedStore.getState().openAhead('epee');
    await useFeedStore.getState().open('epee');
    expect(api.fetchFeedPage).toHaveBeenCalledTimes(1);
    expect(useFeedStore.getState()).toMatchObject({ weapon: 'epee', status: 'ready' });

    // Back on the feed later: events may have been missed meanwhile.
    await useFeedStore.getState().open('epee');
    expect(api.fetchFeedPage).toHaveBeenCalledTimes(2);
  });

  it('opened ahead of the first render, another feed opened first is fetched as usual', async () => {
    api.fetchFeedPage.mockResolvedValue(page(0, 10));
    await useFeedStore.getState().openAhead('epee');
    await useFeedStore.getState().open('foil');
    expect(api.fetchFeedPage).toHaveBeenLastCalledWith('foil');
    expect(useFeedStore.getState()).toMatchObject({ weapon: 'foil', status: 'ready' });
  });

  it('keeps new posts by others behind the button, shows own posts at once, and pages past both', async () => {
    api.fetchFeedPage.mockResolvedValueOnce(page(0, 10));
    await useFeedStore.getState().open('epee');
    live.play('post:created', { post: makePost('new1') });
    live.play('post:created', { post: makePost('new1') });
    live.play('post:created', { post: makePost('foil', { weapon: 'foil' }) });
    live.play('post:created', { post: makePost('mine', { authorId: me.id }) });
    expect(useFeedStore.getState().incomingIds).toEqual(['new1']);
    expect(shownIds()[0]).toBe('mine');

    api.fetchFeedPage.mockResolvedValueOnce([makePost('p9'), makePost('p10')]);
    await useFeedStore.getState().loadMore();
    // The cursor is the oldest post shown, whatever arrived live above it.
    expect(api.fetchFeedPage).toHaveBeenLastCalledWith('epee', 'p9');
    expect(shownIds().filter((id) => id === 'p9')).toHaveLength(1);

    useFeedStore.getState().showIncoming();
    expect(shownIds().slice(0, 2)).toEqual(['new1', 'mine']);
    expect(useFeedStore.getState().incomingIds).toEqual([]);
  });

  it('pages after the oldest post still shown, once the last one was deleted', async () => {
    api.fetchFeedPage.mockResolvedValueOnce(page(0, 10));
    await useFeedStore.getState().open('epee');
    live.play('post:deleted', { postId: 'p9', weapon: 'epee' });
    api.fetchFeedPage.mockResolvedValueOnce(page(10, 3));
    await useFeedStore.getState().loadMore();
    expect(api.fetchFeedPage).toHaveBeenLastCalledWith('epee', 'p8');
    expect(shownIds().slice(-4)).toEqual(['p8', 'p10', 'p11', 'p12']);
  });

  it('applies live counts and deletions, and refetches the first page after a reconnect', async () => {
    api.fetchFeedPage.mockResolvedValueOnce(page(0, 2));
    await useFeedStore.getState().open('epee');
    live.play('post:counts', {
      postId: 'p0',
      likesCount: 4,
      dislikesCount: 1,
      commentsCount: 2,
      weapon: 'epee',
    });
    expect(post('p0')).toMatchObject({
      likesCount: 4,
      dislikesCount: 1,
      commentsCount: 2,
    });
    live.play('post:deleted', { postId: 'p1', weapon: 'epee' });
    expect(shownIds()).toEqual(['p0']);

    api.fetchFeedPage.mockResolvedValueOnce(page(5, 1));
    live.reconnect();
    await new Promise((r) => setTimeout(r, 0));
    expect(shownIds()).toEqual(['p5']);
  });

  it('applies a batch of counts to every post it names, in one update', async () => {
    api.fetchFeedPage.mockResolvedValueOnce(page(0, 3));
    await useFeedStore.getState().open('epee');
    const updates = jest.fn();
    const stop = usePostsStore.subscribe(updates);
    const counts = (postId: string, likesCount: number) =>
      ({ postId, likesCount, dislikesCount: 0, commentsCount: 1, weapon: 'epee' }) as const;
    live.play('posts:counts', { counts: [counts('p0', 7), counts('p2', 9), counts('gone', 1)] });
    stop();
    expect(updates).toHaveBeenCalledTimes(1);
    expect([post('p0'), post('p1'), post('p2')].map((p) => p.likesCount)).toEqual([7, 0, 9]);
  });

  it('toggles reactions and shows the spec’s toasts', async () => {
    api.fetchFeedPage.mockResolvedValueOnce([makePost('p0', { isDisliked: true, dislikesCount: 1 })]);
    await useFeedStore.getState().open('epee');
    // What the server answers once p0 is liked by this user alone, or by nobody.
    const liked = (isLiked: boolean) => ({
      postId: 'p0',
      likesCount: isLiked ? 1 : 0,
      dislikesCount: 0,
      isLiked,
      isDisliked: false,
    });
    api.react.mockResolvedValueOnce(liked(true));
    await usePostsStore.getState().toggleReaction('p0', 'like');
    expect(api.react).toHaveBeenCalledWith('like', me.id, 'p0');
    expect(post('p0')).toMatchObject({
      isLiked: true,
      likesCount: 1,
      dislikesCount: 0,
    });

    api.unreact.mockResolvedValueOnce(liked(false));
    await usePostsStore.getState().toggleReaction('p0', 'like');
    expect(api.unreact).toHaveBeenCalledWith('like', me.id, 'p0');

    api.react.mockRejectedValueOnce(new ApiError('Post already liked', 409));
    await usePostsStore.getState().toggleReaction('p0', 'like');
    expect(toast.info).toHaveBeenCalledWith('Already Liked', 'You already liked this post');
    api.react.mockRejectedValueOnce(new ApiError('Post already disliked', 409));
    await usePostsStore.getState().toggleReaction('p0', 'dislike');
    expect(toast.info).toHaveBeenCalledWith('Already Disliked', 'You already disliked this post');
    api.react.mockRejectedValueOnce(new ApiError('boom', 500));
    await usePostsStore.getState().toggleReaction('p0', 'dislike');
    expect(toast.error).toHaveBeenCalledWith('Error', 'Failed to update dislike status');
  });

  it('hides at once and brings the post back with a refetch when hiding fails', async () => {
    api.fetchFeedPage.mockResolvedValueOnce(page(0, 2));
    await useFeedStore.getState().open('epee');
    let fail: (reason: unknown) => void = () => undefined;
    api.hidePost.mockReturnValueOnce(new Promise((_, reject) => (fail = reject)));
    api.fetchFeedPage.mockResolvedValueOnce(page(0, 2));
    const hiding = useFeedStore.getState().hide('p0');
    expect(shownIds()).toEqual(['p1']);
    // Gone from every view, not only the feed.
    expect(post('p0')).toBeUndefined();
    fail(new ApiError('nope', 500));
    await hiding;
    expect(toast.error).toHaveBeenCalledWith('Failed to hide post');
    expect(shownIds()).toEqual(['p0', 'p1']);
    expect(post('p0')).toMatchObject({ id: 'p0' });
  });

  it('follows the user’s own reactions from another tab (post:viewer) wherever the post is shown', async () => {
    api.fetchFeedPage.mockResolvedValueOnce(page(0, 2));
    await useFeedStore.getState().open('epee');
    // A post shown on another view (a fencer's page) too.
    usePostsStore.getState().keep([makePost('f1')]);
    live.play('post:created', { post: makePost('new', { weapon: 'epee' }) });
    const liked = { likesCount: 3, dislikesCount: 0, isLiked: true, isDisliked: false };
    for (const postId of ['p0', 'f1', 'new']) live.play('post:viewer', { postId, ...liked });
    expect(post('p0')).toMatchObject(liked);
    expect(post('p1')).toMatchObject({ isLiked: false, likesCount: 0 });
    expect(post('f1')).toMatchObject(liked);
    expect(useFeedStore.getState().incomingIds).toEqual(['new']);
    expect(post('new')).toMatchObject(liked);

    live.play('post:viewer', {
      postId: 'p0',
      likesCount: 2,
      dislikesCount: 1,
      isLiked: false,
      isDisliked: true,
    });
    expect(post('p0')).toMatchObject({
      isLiked: false,
      isDisliked: true,
      likesCount: 2,
      dislikesCount: 1,
    });
  });

  it('shows a post just published from /post at the top of its feed, once, before the feed has it', async () => {
    api.fetchFeedPage.mockResolvedValueOnce(page(0, 2));
    await useFeedStore.getState().open('epee');
    const mine = makePost('mine', { weapon: 'foil', authorId: me.id });
    api.createPost.mockResolvedValueOnce(mine);
    const draft = {
      content: mine.content,
      type: 'general' as const,
      weapon: 'foil' as const,
      drillDetails: null,
      achievementDetails: null,
      file: null,
    };
    await useFeedStore.getState().publish(draft);
    // Not on the Épée feed shown meanwhile.
    expect(shownIds()).toEqual(['p0', 'p1']);

    // The Foil feed's first page was read before the post was stored: the post still leads it.
    api.fetchFeedPage.mockResolvedValueOnce([makePost('f0', { weapon: 'foil' })]);
    await useFeedStore.getState().open('foil');
    expect(shownIds()).toEqual(['mine', 'f0']);
    // The live event that follows adds no copy, and neither does a page that has it.
    live.play('post:created', { post: mine });
    expect(shownIds()).toEqual(['mine', 'f0']);
    api.fetchFeedPage.mockResolvedValueOnce([mine, makePost('f0', { weapon: 'foil' })]);
    await useFeedStore.getState().refresh();
    expect(shownIds()).toEqual(['mine', 'f0']);
  });

  it('uploads a video’s poster with it, and posts without one when the poster upload fails', async () => {
    const objects = jest.mocked(await import('../api/objects'));
    const video = new File(['v'], 'clip.webm', { type: 'video/webm' });
    const poster = new File(['p'], 'clip-poster.jpg', { type: 'image/jpeg' });
    const draft = {
      content: 'Footwork',
      type: 'general' as const,
      weapon: 'epee' as const,
      drillDetails: null,
      achievementDetails: null,
      file: video,
      poster,
    };
    objects.uploadFile
      .mockResolvedValueOnce('/objects/post/video')
      .mockResolvedValueOnce('/objects/post/poster');
    api.createPost.mockResolvedValue(makePost('v1', { authorId: me.id }));
    await useFeedStore.getState().publish(draft);
    expect(objects.uploadFile).toHaveBeenNthCalledWith(2, poster, 'post');
    expect(api.createPost).toHaveBeenLastCalledWith(
      expect.objectContaining({
        mediaUrl: '/objects/post/video',
        mediaType: 'video',
        mediaPosterUrl: '/objects/post/poster',
      }),
    );

    objects.uploadFile
      .mockResolvedValueOnce('/objects/post/video2')
      .mockRejectedValueOnce(new Error('poster refused'));
    await useFeedStore.getState().publish(draft);
    expect(api.createPost).toHaveBeenLastCalledWith(
      expect.objectContaining({ mediaUrl: '/objects/post/video2', mediaPosterUrl: null }),
    );
    expect(toast.error).not.toHaveBeenCalled();
  });
});

describe('post display helpers', () => {
  it('words a post’s age as the spec does', () => {
    const now = Date.parse('2026-11-22T12:00:00Z');
    expect(timeAgo('2026-11-22T11:30:00Z', 'post', now)).toBe('Just now');
    expect(timeAgo('2026-11-22T09:00:00Z', 'post', now)).toBe('3 hours ago');
    expect(timeAgo('2026-11-19T12:00:00Z', 'post', now)).toBe('3 days ago');
  });

  it('gives every spec role its own style and the rest the default', () => {
    const roles = ROLES.filter((role) => role !== 'student');
    expect(roles).toHaveLength(13);
    const styles = roles.map((r) => roleStyle(r).className);
    expect(new Set(styles).size).toBe(roles.length);
    expect(roleStyle('student').label).toBe('Student');
    expect(roleStyle(null).label).toBe('Student');
    expect(roleStyle('fencing_master').className).toBe(roleStyle('student').className);
    expect(styles).not.toContain(roleStyle('student').className);
  });
});
