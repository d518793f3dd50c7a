import { POST_WATCH_MAX_IDS } from '@piste/contracts';
import { getSocket } from './socket';

/**
 * The events this tab shows, for the server: it sends an event's going and interested counts only to the sockets
 * that watch it (`events:watch`). An event stays watched while at least one view shows it; offline, nothing is
 * sent, and the next connect announces every event shown.
 */

/** How many views show each event. */
const viewers = new Map<string, number>();

/** Shows events from now on; returns the function that stops showing them. */
export function watchEvents(eventIds: Iterable<string>): () => void {
  const ids = [...new Set(eventIds)];
  const added = ids.filter((id) => {
    const count = viewers.get(id) ?? 0;
    viewers.set(id, count + 1);
    return count === 0;
  });
  emit('events:watch', added);
  let shown = true;
  return () => {
    if (!shown) return;
    shown = false;
    const gone = ids.filter((id) => {
      const count = (viewers.get(id) ?? 1) - 1;
      if (count > 0) viewers.set(id, count);
      else viewers.delete(id);
      return count <= 0;
    });
    emit('events:unwatch', gone);
  };
}

/** After a (re)connect, and on resync: rooms do not survive a reconnect, so the server hears them all again. */
export function announceWatchedEvents(): void {
  emit('events:watch', [...viewers.keys()]);
}

function emit(event: 'events:watch' | 'events:unwatch', eventIds: string[]): void {
  const socket = getSocket();
  if (!socket?.connected) return;
  for (let start = 0; start < eventIds.length; start += POST_WATCH_MAX_IDS) {
    socket.emit(event, { eventIds: eventIds.slice(start, start + POST_WATCH_MAX_IDS) });
  }
}
