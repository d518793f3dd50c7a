import { POST_WATCH_MAX_IDS } from '@piste/contracts';
import { useCallback, useEffect, useRef, useState, type RefCallback } from 'react';
import { getSocket, type PisteSocket } from './socket';

/**
 * The posts this tab shows, for the server: it sends a post's counts and edits only to the sockets that watch it
 * (`posts:watch`), and its new and edited comments only to those that show them (`comments:watch`). Views say what
 * they show; a post stays watched while at least one view shows it. Changes made together (a list re-rendered, one
 * view leaving as another arrives) reach the server once, after the current task, as only what changed, 50 ids a
 * message.
 */

type WatchEvent = 'posts:watch' | 'comments:watch';
type UnwatchEvent = 'posts:unwatch' | 'comments:unwatch';

/** One kind of watch (posts, or their comments): what views show, and what the server was told. */
class WatchList {
  /** How many views show each post, in the order they were first shown. */
  private readonly viewers = new Map<string, number>();
  /** Posts whose viewer count changed since the server was last told. */
  private readonly changed = new Set<string>();
  /** The posts the server was told about on this connection. */
  private readonly announced = new Set<string>();
  private flushQueued = false;

  constructor(
    private readonly watchEvent: WatchEvent,
    private readonly unwatchEvent: UnwatchEvent,
  ) {}

  /** Shows posts from now on; returns the function that stops showing them. */
  show(postIds: Iterable<string>): () => void {
    const ids = [...new Set(postIds)];
    ids.forEach((id) => this.countViewer(id, 1));
    this.queueFlush();
    let shown = true;
    return () => {
      if (!shown) return;
      shown = false;
      ids.forEach((id) => this.countViewer(id, -1));
      this.queueFlush();
    };
  }

  /** After a (re)connect, and on resync: the server hears every post shown, oldest first. */
  announce(): void {
    const socket = getSocket();
    if (!socket?.connected) return;
    this.changed.clear();
    this.announced.clear();
    this.viewers.forEach((_count, postId) => this.announced.add(postId));
    emitInChunks(socket, this.watchEvent, [...this.announced]);
  }

  private countViewer(postId: string, change: 1 | -1): void {
    const count = (this.viewers.get(postId) ?? 0) + change;
    if (count > 0) this.viewers.set(postId, count);
    else this.viewers.delete(postId);
    this.changed.add(postId);
  }

  private queueFlush(): void {
    if (this.flushQueued) return;
    this.flushQueued = true;
    queueMicrotask(() => this.flush());
  }

  /** Tells the server what changed. Offline, nothing: the next connect announces everything shown. */
  private flush(): void {
    this.flushQueued = false;
    const socket = getSocket();
    const watch: string[] = [];
    const unwatch: string[] = [];
    for (const postId of this.changed) {
      if (this.viewers.has(postId) && !this.announced.has(postId)) watch.push(postId);
      else if (!this.viewers.has(postId) && this.announced.has(postId)) unwatch.push(postId);
    }
    this.changed.clear();
    if (!socket?.connected) return;
    unwatch.forEach((postId) => this.announced.delete(postId));
    watch.forEach((postId) => this.announced.add(postId));
    // Leaving first keeps the socket under the server's cap on watched posts.
    emitInChunks(socket, this.unwatchEvent, unwatch);
    emitInChunks(socket, this.watchEvent, watch);
  }
}

const posts = new WatchList('posts:watch', 'posts:unwatch');
const comments = new WatchList('comments:watch', 'comments:unwatch');

/** Shows posts (their counts and edits) from now on; returns the function that stops showing them. */
export function watchPosts(postIds: Iterable<string>): () => void {
  return posts.show(postIds);
}

/** Shows the comments of posts from now on (a thread opened); returns the function that closes them. */
export function watchComments(postIds: Iterable<string>): () => void {
  return comments.show(postIds);
}

/** Watches `postIds` while the calling component shows them. */
export function useWatchedPosts(postIds: readonly string[]): void {
  // Keyed by content, so a re-render with the same posts changes nothing.
  const key = postIds.join(' ');
  useEffect(() => (key ? watchPosts(key.split(' ')) : undefined), [key]);
}

/** Watches a post's comments while the calling component shows them. */
export function useWatchedComments(postId: string): void {
  useEffect(() => watchComments([postId]), [postId]);
}

/** How far outside the viewport an element still counts as on screen: the next one scrolled to is ready. */
const ON_SCREEN_MARGIN = '200px 0px';
/**
 * Elements coming on and off screen are applied together, at most once this often: a fling through a feed watches
 * nothing it passes, and scrolling stays within the server's allowance of watch messages (SECURITY.md).
 */
export const ON_SCREEN_SETTLE_MS = 400;

/** What changed since the last settle: each element's setter and its latest state. */
const unsettled = new Map<(onScreen: boolean) => void, boolean>();
let settleTimer: ReturnType<typeof setTimeout> | null = null;

function settle(): void {
  settleTimer = null;
  const changes = [...unsettled];
  unsettled.clear();
  changes.forEach(([setOnScreen, onScreen]) => setOnScreen(onScreen));
}

/**
 * Whether the element given to the returned ref is on screen (or within ON_SCREEN_MARGIN of it), as it settles.
 * Without IntersectionObserver, always.
 */
export function useOnScreen<E extends Element>(): [RefCallback<E>, boolean] {
  const [onScreen, setOnScreen] = useState(typeof IntersectionObserver === 'undefined');
  const observer = useRef<IntersectionObserver | null>(null);
  // A ref callback rather than state: attaching it re-renders nothing.
  const ref = useCallback((element: E | null) => {
    observer.current?.disconnect();
    observer.current = null;
    unsettled.delete(setOnScreen);
    if (!element || typeof IntersectionObserver === 'undefined') return;
    observer.current = new IntersectionObserver(
      (entries) => {
        unsettled.set(setOnScreen, entries[entries.length - 1].isIntersecting);
        settleTimer ??= setTimeout(settle, ON_SCREEN_SETTLE_MS);
      },
      { rootMargin: ON_SCREEN_MARGIN },
    );
    observer.current.observe(element);
  }, []);
  return [ref, onScreen];
}

/** After a (re)connect, and on resync, the server hears every post and thread shown, oldest first. */
export function announceWatchedPosts(): void {
  posts.announce();
  comments.announce();
}

function emitInChunks(socket: PisteSocket, event: WatchEvent | UnwatchEvent, postIds: string[]): void {
  for (let start = 0; start < postIds.length; start += POST_WATCH_MAX_IDS) {
    socket.emit(event, { postIds: postIds.slice(start, start + POST_WATCH_MAX_IDS) });
  }
}
