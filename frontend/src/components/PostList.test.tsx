import type { FeedPost } from '@piste/contracts';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { startLiveEvents } from '../live-events';
import { usePostsStore } from '../stores/posts';
import { useSessionStore } from '../stores/session';
import { liveSocket } from '../test-support/live-socket-mock';
import { feedPost } from '../test-support/posts';
import { sessionUser } from '../test-support/session-user';
import { PostList } from './PostList';

jest.mock('../realtime/socket', () =>
  jest
    .requireActual<typeof import('../test-support/live-socket-mock')>('../test-support/live-socket-mock')
    .socketModule(),
);
jest.mock('../api/posts');
jest.mock('../lib/router', () => ({
  Link: ({ to, ...props }: { to: string }) =>
    jest.requireActual<typeof import('react')>('react').createElement('a', { href: to, ...props }),
}));
// Every render of a card renders its footer: counting the footers by post counts the cards' renders.
const mockCardRenders: string[] = [];
jest.mock('./PostReactions', () => ({
  PostReactions: ({ post }: { post: FeedPost }) => {
    mockCardRenders.push(post.id);
    return `${post.likesCount} likes`;
  },
}));

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const me = sessionUser({ id: 'me', username: 'me', name: 'Me' });

const makePost = (id: string) => feedPost(id);

startLiveEvents();
const live = liveSocket();
let host: HTMLDivElement;
let root: Root;

beforeEach(() => {
  useSessionStore.setState({ user: me, status: 'ready' });
  usePostsStore.setState({ postsById: {}, reacting: {} });
  usePostsStore.getState().keep([makePost('a'), makePost('b'), makePost('c')]);
  host = document.createElement('div');
  document.body.append(host);
  root = createRoot(host);
  act(() => root.render(<List postIds={['a', 'b', 'c']} />));
  mockCardRenders.length = 0;
});

afterEach(() => {
  act(() => root.unmount());
  host.remove();
});

function List({ postIds }: { postIds: string[] }) {
  return (
    <PostList
      postIds={postIds}
      user={me}
      failed={false}
      onRetry={() => undefined}
      empty="No posts"
      hasMore={false}
      loadingMore={false}
      onLoadMore={() => undefined}
    />
  );
}

const shownIds = () => [...host.querySelectorAll('article')].map((card) => card.dataset.postId);

describe('PostList', () => {
  it('re-renders only the card whose post:counts arrived', () => {
    act(() =>
      live.play('post:counts', {
        postId: 'b',
        likesCount: 5,
        dislikesCount: 0,
        commentsCount: 1,
        weapon: 'epee',
      }),
    );
    expect(mockCardRenders).toEqual(['b']);
    expect(host.querySelector('[data-post-id=b]')?.textContent).toContain('5 likes');
  });

  it('re-renders only the card whose reaction changed in another tab (post:viewer)', () => {
    act(() =>
      live.play('post:viewer', {
        postId: 'c',
        likesCount: 1,
        dislikesCount: 0,
        isLiked: true,
        isDisliked: false,
      }),
    );
    expect(mockCardRenders).toEqual(['c']);
  });

  it('leaves the other cards be when the list grows or a post leaves it', () => {
    act(() => usePostsStore.getState().keep([makePost('d')]));
    act(() => root.render(<List postIds={['a', 'b', 'c', 'd']} />));
    expect(mockCardRenders).toEqual(['d']);

    act(() => live.play('post:deleted', { postId: 'a', weapon: 'epee' }));
    expect(shownIds()).toEqual(['b', 'c', 'd']);
    expect(mockCardRenders).toEqual(['d']);
  });

  it('says why it is empty once every post is gone', () => {
    for (const postId of ['a', 'b', 'c']) act(() => usePostsStore.getState().drop(postId));
    expect(shownIds()).toEqual([]);
    expect(host.textContent).toBe('No posts');
  });
});
