import { act, createElement } from 'react';
import { createRoot } from 'react-dom/client';
import {
  announceWatchedPosts,
  ON_SCREEN_SETTLE_MS,
  useOnScreen,
  useWatchedPosts,
  watchComments,
  watchPosts,
} from './post-watch';

// The socket module, reduced to what post-watch uses: the current socket and the rejoin moments.
jest.mock('./socket', () => {
  const state = { socket: null as unknown };
  return { fakeState: state, getSocket: () => state.socket };
});

const { fakeState } = jest.requireMock<{ fakeState: { socket: unknown } }>('./socket');

class FakeSocket {
  connected = true;
  emitted: [string, { postIds: string[] }][] = [];
  emit(event: string, payload: { postIds: string[] }) {
    this.emitted.push([event, payload]);
  }
  /** What was emitted since the last call. */
  take() {
    return this.emitted.splice(0);
  }
}

let socket: FakeSocket;
const releases: (() => void)[] = [];
/** Shows posts for one test; afterEach stops showing them. */
const show = (...ids: string[]) => {
  const release = watchPosts(ids);
  releases.push(release);
  return release;
};
const ids = (count: number, prefix = 'p') => Array.from({ length: count }, (_, i) => `${prefix}${i}`);
/** Lets queued microtasks (the batched flush) run. */
const flushed = () => Promise.resolve();
/** What the app runs after every connect and on resync (live-events.ts). */
const rejoin = () => announceWatchedPosts();

beforeEach(() => {
  socket = new FakeSocket();
  fakeState.socket = socket;
  rejoin();
  socket.take();
});

afterEach(async () => {
  releases.splice(0).forEach((release) => release());
  await flushed();
});

describe('post watches', () => {
  it('tells the server once per batch, in messages of at most 50 ids', async () => {
    show(...ids(60));
    show(...ids(60, 'q'));
    expect(socket.emitted).toEqual([]);
    await flushed();
    expect(socket.take()).toEqual([
      ['posts:watch', { postIds: ids(50) }],
      ['posts:watch', { postIds: [...ids(60).slice(50), ...ids(40, 'q')] }],
      ['posts:watch', { postIds: ids(60, 'q').slice(40) }],
    ]);
  });

  it('keeps a post watched while any view shows it', async () => {
    const feed = show('a', 'b');
    const thread = show('a');
    await flushed();
    expect(socket.take()).toEqual([['posts:watch', { postIds: ['a', 'b'] }]]);

    feed();
    await flushed();
    expect(socket.take()).toEqual([['posts:unwatch', { postIds: ['b'] }]]);

    feed();
    await flushed();
    expect(socket.take()).toEqual([]);

    thread();
    await flushed();
    expect(socket.take()).toEqual([['posts:unwatch', { postIds: ['a'] }]]);
  });

  it('sends only what changed when a list is shown again with posts added and removed', async () => {
    const firstPage = show('a', 'b', 'c');
    await flushed();
    socket.take();

    firstPage();
    show('new', 'a', 'c', 'd');
    await flushed();
    expect(socket.take()).toEqual([
      ['posts:unwatch', { postIds: ['b'] }],
      ['posts:watch', { postIds: ['new', 'd'] }],
    ]);
  });

  it('sends nothing for posts shown and gone again within one batch', async () => {
    show('a')();
    await flushed();
    expect(socket.take()).toEqual([]);
  });

  it('waits while offline, then announces every post shown when the socket connects', async () => {
    socket.connected = false;
    show('a', 'b');
    show('c')();
    await flushed();
    expect(socket.take()).toEqual([]);

    socket.connected = true;
    rejoin();
    expect(socket.take()).toEqual([['posts:watch', { postIds: ['a', 'b'] }]]);
  });

  it('announces everything shown again after a reconnect or a resync, and only that', async () => {
    show(...ids(70));
    const gone = show('gone');
    await flushed();
    gone();
    await flushed();
    socket.take();

    rejoin();
    expect(socket.take()).toEqual([
      ['posts:watch', { postIds: ids(50) }],
      ['posts:watch', { postIds: ids(70).slice(50) }],
    ]);
  });
});

describe('useWatchedPosts', () => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

  function List({ postIds }: { postIds: string[] }) {
    useWatchedPosts(postIds);
    return null;
  }

  it('watches what a component shows, follows its changes and lets go when it unmounts', async () => {
    const root = createRoot(document.createElement('div'));
    /** Commits a render, then lets the batched flush run. */
    const commit = async (update: () => void) => {
      act(update);
      await flushed();
    };

    await commit(() => root.render(createElement(List, { postIds: ['a', 'b'] })));
    expect(socket.take()).toEqual([['posts:watch', { postIds: ['a', 'b'] }]]);

    await commit(() => root.render(createElement(List, { postIds: ['a', 'b'] })));
    expect(socket.take()).toEqual([]);

    await commit(() => root.render(createElement(List, { postIds: ['c', 'a', 'b'] })));
    expect(socket.take()).toEqual([['posts:watch', { postIds: ['c'] }]]);

    await commit(() => root.unmount());
    expect(socket.take()).toEqual([['posts:unwatch', { postIds: ['c', 'a', 'b'] }]]);
  });
});

describe('comment watches', () => {
  it("follow a post's comments apart from the post, and are announced again after a reconnect", async () => {
    const card = show('a');
    const thread = watchComments(['a']);
    await flushed();
    expect(socket.take()).toEqual([
      ['posts:watch', { postIds: ['a'] }],
      ['comments:watch', { postIds: ['a'] }],
    ]);

    rejoin();
    expect(socket.take()).toEqual([
      ['posts:watch', { postIds: ['a'] }],
      ['comments:watch', { postIds: ['a'] }],
    ]);

    // The thread closed, the card still shown: its counts still come, its comments no more.
    thread();
    await flushed();
    expect(socket.take()).toEqual([['comments:unwatch', { postIds: ['a'] }]]);
    card();
    await flushed();
    expect(socket.take()).toEqual([['posts:unwatch', { postIds: ['a'] }]]);
  });
});

describe('a card watches its post while on screen', () => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

  /** The browser's observer, driven by the test: `scroll` says whether the observed element is on screen. */
  class FakeIntersectionObserver {
    static current: FakeIntersectionObserver | null = null;
    constructor(private readonly callback: (entries: { isIntersecting: boolean }[]) => void) {
      FakeIntersectionObserver.current = this;
    }
    observe() {}
    disconnect() {
      FakeIntersectionObserver.current = null;
    }
    scroll(isIntersecting: boolean) {
      this.callback([{ isIntersecting }]);
    }
  }

  beforeAll(() => {
    (globalThis as { IntersectionObserver?: unknown }).IntersectionObserver = FakeIntersectionObserver;
    // The batched flush runs as a microtask: only the settling of what is on screen waits on a timer.
    jest.useFakeTimers({ doNotFake: ['queueMicrotask'] });
  });
  afterAll(() => {
    jest.useRealTimers();
    delete (globalThis as { IntersectionObserver?: unknown }).IntersectionObserver;
  });
  const settled = () => jest.advanceTimersByTime(ON_SCREEN_SETTLE_MS);

  function Card({ postId }: { postId: string }) {
    const [ref, onScreen] = useOnScreen<HTMLDivElement>();
    useWatchedPosts(onScreen ? [postId] : []);
    return createElement('div', { ref });
  }

  it('watches nothing off screen, the post once it scrolls in, and lets go as it scrolls out', async () => {
    const root = createRoot(document.createElement('div'));
    const commit = async (update: () => void) => {
      act(update);
      await flushed();
    };
    const scroll = (onScreen: boolean) => FakeIntersectionObserver.current!.scroll(onScreen);

    await commit(() => root.render(createElement(Card, { postId: 'a' })));
    await commit(() => scroll(false));
    await commit(settled);
    expect(socket.take()).toEqual([]);

    await commit(() => scroll(true));
    expect(socket.take()).toEqual([]);
    await commit(settled);
    expect(socket.take()).toEqual([['posts:watch', { postIds: ['a'] }]]);

    // Passed by within one settling: nothing changes.
    await commit(() => scroll(false));
    await commit(() => scroll(true));
    await commit(settled);
    expect(socket.take()).toEqual([]);

    await commit(() => scroll(false));
    await commit(settled);
    expect(socket.take()).toEqual([['posts:unwatch', { postIds: ['a'] }]]);

    await commit(() => root.unmount());
    expect(FakeIntersectionObserver.current).toBeNull();
  });
});
