import { POST_WATCH_MAX_IDS } from '@piste/contracts';
import { useEffect } from 'react';
import { getSocket, type PisteSocket } from './socket';

/**
 * The posts this tab shows, for the server: it sends a post's counts and comments only to the sockets that
 * watch it (`posts:watch`). Views say what they show; a post stays watched while at least one view shows it.
 * Changes made together (a list re-rendered, one view leaving as another arrives) reach the server once, after
 * the current task, as only what changed, 50 ids a message.
 */

/** How many views show each post, in the order they were first shown. */
const viewers = new Map<string, number>();
/** Posts whose viewer count changed since the server was last told. */
const changed = new Set<string>();
/** The posts the server was told about on this connection. */
const announced = new Set<string>();
let flushQueued = false;

/** Shows posts from now on; returns the function that stops showing them. */
export function watchPosts(postIds: Iterable<string>): () => void {
  const ids = [...new Set(postIds)];
  ids.forEach((id) => countViewer(id, 1));
  queueFlush();
  let shown = true;
  return () => {
    if (!shown) return;
    shown = false;
    ids.forEach((id) => countViewer(id, -1));
    queueFlush();
  };
}

/** Watches `postIds` while the calling component shows them. */
export function useWatchedPosts(postIds: readonly string[]): void {
  // Keyed by content, so a re-render with the same posts changes nothing.
  const key = postIds.join(' ');
  useEffect(() => (key ? watchPosts(key.split(' ')) : undefined), [key]);
}

function countViewer(postId: string, change: 1 | -1): void {
  const count = (viewers.get(postId) ?? 0) + change;
  if (count > 0) viewers.set(postId, count);
  else viewers.delete(postId);
  changed.add(postId);
}

function queueFlush(): void {
  if (flushQueued) return;
  flushQueued = true;
  queueMicrotask(flush);
}

/** Tells the server what changed. Offline, nothing: the next connect announces everything shown. */
function flush(): void {
  flushQueued = false;
  const socket = getSocket();
  const watch: string[] = [];
  const unwatch: string[] = [];
  for (const postId of changed) {
    if (viewers.has(postId) && !announced.has(postId)) watch.push(postId);
    else if (!viewers.has(postId) && announced.has(postId)) unwatch.push(postId);
  }
  changed.clear();
  if (!socket?.connected) return;
  unwatch.forEach((postId) => announced.delete(postId));
  watch.forEach((postId) => announced.add(postId));
  // Leaving first keeps the socket under the server's cap on watched posts.
  emitInChunks(socket, 'posts:unwatch', unwatch);
  emitInChunks(socket, 'posts:watch', watch);
}

/** After a (re)connect, and on resync, the server hears every post shown, oldest first. */
export function announceWatchedPosts(): void {
  const socket = getSocket();
  if (!socket?.connected) return;
  changed.clear();
  announced.clear();
  viewers.forEach((_count, postId) => announced.add(postId));
  emitInChunks(socket, 'posts:watch', [...announced]);
}

function emitInChunks(socket: PisteSocket, event: 'posts:watch' | 'posts:unwatch', postIds: string[]): void {
  for (let start = 0; start < postIds.length; start += POST_WATCH_MAX_IDS) {
    socket.emit(event, { postIds: postIds.slice(start, start + POST_WATCH_MAX_IDS) });
  }
}
