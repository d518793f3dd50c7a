import type { AppNotification, NotificationDraft, ServerNotification, SessionUser } from '@piste/contracts';
import { useSessionStore } from './session';
import {
  NOTIFICATIONS_CAP,
  notificationsStorageKey,
  notificationTime,
  selectUnreadCount,
  useNotificationsStore,
} from './notifications';
import { startLiveEvents } from '../live-events';

// Captures the store's socket subscriptions so a test can play a server event or a connect.
jest.mock('../realtime/socket', () => {
  const handlers = new Map<string, (payload: unknown) => void>();
  const rejoin: Array<() => void> = [];
  return {
    onReconnect: () => () => undefined,
    getSocket: () => null,
    serverHandlers: handlers,
    rejoinHandlers: rejoin,
    onServerEvent: (event: string, handler: (payload: unknown) => void) => {
      handlers.set(event, handler);
      return () => handlers.delete(event);
    },
    onRejoin: (handler: () => void) => {
      rejoin.push(handler);
      return () => undefined;
    },
  };
});
const { serverHandlers, rejoinHandlers } = jest.requireMock<{
  serverHandlers: Map<string, (payload: unknown) => void>;
  rejoinHandlers: Array<() => void>;
}>('../realtime/socket');

// The server's copy: what GET /api/notifications answers, and the calls the store makes.
jest.mock('../api/notifications', () => ({
  fetchNotifications: jest.fn(),
  markNotificationsRead: jest.fn(() => Promise.resolve()),
  deleteNotification: jest.fn(() => Promise.resolve()),
}));
const api = jest.requireMock<{
  fetchNotifications: jest.Mock;
  markNotificationsRead: jest.Mock;
  deleteNotification: jest.Mock;
}>('../api/notifications');

// The stores follow server events through the app's one table of live updates.
startLiveEvents();

const alice: SessionUser = {
  id: 'user-alice',
  username: 'alice',
  name: 'Alice',
  avatar: null,
  isAdmin: false,
  bannedUntil: null,
};
const bruno: SessionUser = {
  id: 'user-bruno',
  username: 'bruno',
  name: 'Bruno',
  avatar: null,
  isAdmin: false,
  bannedUntil: null,
};

const like: NotificationDraft = {
  type: 'like',
  user: { id: 'user-bruno', name: 'Bruno', avatar: null },
  message: 'liked your post',
  postId: 'post-1',
  postContent: 'Parry four, riposte to the flank',
};

const store = () => useNotificationsStore.getState();
const stored = (userId: string): unknown =>
  JSON.parse(localStorage.getItem(notificationsStorageKey(userId)) ?? 'null');

function signIn(user: SessionUser | null) {
  useSessionStore.setState({ user, status: 'ready' });
}

beforeEach(() => {
  signIn(null);
  localStorage.clear();
  jest.restoreAllMocks();
  api.fetchNotifications.mockReset();
  api.markNotificationsRead.mockReset().mockResolvedValue(undefined);
  api.deleteNotification.mockReset().mockResolvedValue(undefined);
});

let serverSequence = 0;
/** A notification as the server stores it, `minutesAgo` old. */
function onServer(
  message: string,
  minutesAgo: number,
  extra: Partial<ServerNotification> = {},
): ServerNotification {
  serverSequence += 1;
  return {
    ...like,
    id: `00000000-0000-4000-8000-${String(serverSequence).padStart(12, '0')}`,
    message,
    createdAt: new Date(Date.now() - minutesAgo * 60_000).toISOString(),
    unread: true,
    ...extra,
  };
}

describe('notifications store', () => {
  it('adds a notification at the top, unread, "Just now", with a creation date', () => {
    signIn(alice);
    store().add({ ...like, message: 'first' });
    const added = store().add(like);

    expect(store().items.map((n) => n.message)).toEqual(['liked your post', 'first']);
    expect(added).toMatchObject({
      type: 'like',
      user: { name: 'Bruno', avatar: null },
      message: 'liked your post',
      postContent: 'Parry four, riposte to the flank',
      time: 'Just now',
      unread: true,
    });
    expect(typeof added.id).toBe('number');
    expect(Number.isNaN(Date.parse(added.createdAt ?? ''))).toBe(false);
    expect(store().unreadCount).toBe(2);
    expect(stored(alice.id)).toEqual(store().items);
  });

  it('gives distinct ids to notifications created in the same millisecond', () => {
    signIn(alice);
    jest.spyOn(Date, 'now').mockReturnValue(1_763_900_000_000);
    const first = store().add(like);
    const second = store().add(like);
    const third = store().add(like);
    expect(new Set([first.id, second.id, third.id]).size).toBe(3);
    expect(first.id).toBeGreaterThanOrEqual(1_763_900_000_000);
    expect(store().items.map((n) => n.id)).toEqual([third.id, second.id, first.id]);
  });

  it('marks one notification read', () => {
    signIn(alice);
    const older = store().add(like);
    const newer = store().add({ ...like, type: 'comment', message: 'commented on your post' });

    store().markRead(older.id);

    expect(store().items.find((n) => n.id === older.id)?.unread).toBe(false);
    expect(store().items.find((n) => n.id === newer.id)?.unread).toBe(true);
    expect(store().unreadCount).toBe(1);
    expect(selectUnreadCount(store())).toBe(1);
    expect((stored(alice.id) as AppNotification[]).find((n) => n.id === older.id)?.unread).toBe(false);
  });

  it('marks all notifications read', () => {
    signIn(alice);
    store().add(like);
    store().add(like);
    store().add(like);

    store().markAllRead();

    expect(store().items).toHaveLength(3);
    expect(store().items.every((n) => !n.unread)).toBe(true);
    expect(store().unreadCount).toBe(0);
    expect((stored(alice.id) as AppNotification[]).every((n) => !n.unread)).toBe(true);
  });

  it('deletes a notification', () => {
    signIn(alice);
    const kept = store().add({ ...like, message: 'kept' });
    const deleted = store().add({ ...like, message: 'deleted' });

    store().remove(deleted.id);

    expect(store().items.map((n) => n.id)).toEqual([kept.id]);
    expect(store().unreadCount).toBe(1);
    expect((stored(alice.id) as AppNotification[]).map((n) => n.id)).toEqual([kept.id]);
  });

  it(`keeps only the ${NOTIFICATIONS_CAP} newest`, () => {
    signIn(alice);
    for (let i = 0; i < NOTIFICATIONS_CAP + 5; i += 1) store().add({ ...like, message: `n${i}` });

    expect(store().items).toHaveLength(NOTIFICATIONS_CAP);
    expect(store().items[0].message).toBe(`n${NOTIFICATIONS_CAP + 4}`);
    expect(store().items.at(-1)?.message).toBe('n5');
    expect(stored(alice.id)).toHaveLength(NOTIFICATIONS_CAP);
  });

  it('keeps each user under their own key and switches on sign-in and sign-out', () => {
    signIn(alice);
    store().add({ ...like, message: 'for alice' });

    signIn(bruno);
    expect(store().items).toEqual([]);
    store().add({ ...like, message: 'for bruno' });
    expect(store().items.map((n) => n.message)).toEqual(['for bruno']);

    signIn(null);
    expect(store().items).toEqual([]);
    expect(store().unreadCount).toBe(0);

    signIn(alice);
    expect(store().items.map((n) => n.message)).toEqual(['for alice']);
    expect((stored(bruno.id) as AppNotification[]).map((n) => n.message)).toEqual(['for bruno']);
  });

  it("turns the server's notification events into notifications for the signed-in user only, once", () => {
    const playServerEvent = serverHandlers.get('notification');
    expect(playServerEvent).toBeDefined();
    const event = onServer('liked your post', 0);

    playServerEvent?.(event); // signed out: ignored
    expect(localStorage.length).toBe(0);

    signIn(alice);
    playServerEvent?.(event);
    playServerEvent?.(event); // another tab or the sync already has it: no second copy
    expect(store().items).toHaveLength(1);
    expect(store().items[0]).toMatchObject({ message: 'liked your post', unread: true, serverId: event.id });
    expect(store().items[0].id).toBe(Date.parse(event.createdAt));
  });

  it('follows changes made in another tab through the storage event', () => {
    signIn(alice);
    store().add({ ...like, message: 'mine' });
    const otherTab: AppNotification[] = [
      {
        ...like,
        id: 2,
        message: 'from the other tab',
        time: 'Just now',
        createdAt: new Date().toISOString(),
        unread: true,
      },
      { ...store().items[0], unread: false },
    ];
    const key = notificationsStorageKey(alice.id);
    localStorage.setItem(key, JSON.stringify(otherTab));

    // Another user's key changing is none of this tab's business.
    window.dispatchEvent(new StorageEvent('storage', { key: notificationsStorageKey(bruno.id) }));
    expect(store().items.map((n) => n.message)).toEqual(['mine']);

    window.dispatchEvent(new StorageEvent('storage', { key, newValue: JSON.stringify(otherTab) }));
    expect(store().items.map((n) => n.message)).toEqual(['mine', 'from the other tab']);
    expect(store().unreadCount).toBe(1);
  });

  it('starts empty when the stored list is corrupt, and skips malformed records', () => {
    localStorage.setItem(notificationsStorageKey(alice.id), '{not json');
    signIn(alice);
    expect(store().items).toEqual([]);

    store().add(like);
    expect(store().items).toHaveLength(1);

    signIn(null);
    const valid = { ...like, id: 5, time: 'Just now', unread: true };
    localStorage.setItem(notificationsStorageKey(alice.id), JSON.stringify([{ id: 'x' }, valid, 42]));
    signIn(alice);
    expect(store().items).toEqual([valid]);
  });

  it('drops the oldest notifications when local storage is full', () => {
    signIn(alice);
    for (let i = 0; i < 40; i += 1) store().add({ ...like, message: `n${i}` });

    // Storage now refuses anything longer than 20 notifications' worth.
    const limit = JSON.stringify(store().items.slice(0, 20)).length;
    const setItem = Storage.prototype.setItem;
    jest.spyOn(Storage.prototype, 'setItem').mockImplementation(function (
      this: Storage,
      key: string,
      value: string,
    ) {
      if (value.length > limit) throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
      setItem.call(this, key, value);
    });

    store().add({ ...like, message: 'newest' });

    expect(store().items.length).toBeGreaterThan(0);
    expect(store().items.length).toBeLessThanOrEqual(20);
    expect(store().items[0].message).toBe('newest');
    expect(stored(alice.id)).toEqual(store().items);
  });
});

describe('syncing with the server', () => {
  const page = (notifications: ServerNotification[], nextCursor: string | null = null) => ({
    notifications,
    nextCursor,
  });
  const connect = async () => {
    rejoinHandlers.forEach((handler) => handler());
    await store().sync(); // the one the connect started, or an immediate one after it
  };

  it("adds on connect what the server kept while no tab was open, and keeps the browser's own", async () => {
    signIn(alice);
    const own = store().add({ ...like, type: 'message', message: 'You sent a message' });
    const missed = onServer('Bruno liked your post', 5);
    api.fetchNotifications.mockResolvedValue(page([missed]));

    await connect();

    expect(store().items.map((n) => n.message)).toEqual(['You sent a message', 'Bruno liked your post']);
    expect(store().items[1]).toMatchObject({ serverId: missed.id, unread: true });
    expect(store().items[0].id).toBe(own.id);
    expect(stored(alice.id)).toEqual(store().items);
    expect(store().unreadCount).toBe(2);
  });

  it('sends reads and deletes to the server, and the next sync keeps them', async () => {
    signIn(alice);
    const [a, b, c] = [onServer('a', 3), onServer('b', 2), onServer('c', 1)];
    api.fetchNotifications.mockResolvedValue(page([c, b, a]));
    await connect();
    const local = (serverId: string) => store().items.find((n) => n.serverId === serverId)!;

    store().markRead(local(a.id).id);
    expect(api.markNotificationsRead).toHaveBeenLastCalledWith([a.id]);
    store().remove(local(b.id).id);
    expect(api.deleteNotification).toHaveBeenLastCalledWith(b.id);
    store().markAllRead();
    expect(api.markNotificationsRead).toHaveBeenLastCalledWith([c.id]);

    api.fetchNotifications.mockResolvedValue(
      page([
        { ...c, unread: false },
        { ...a, unread: false },
      ]),
    );
    await connect();
    expect(store().items.map((n) => [n.message, n.unread])).toEqual([
      ['c', false],
      ['a', false],
    ]);
  });

  it('follows reads and deletes made in another browser, live and at the next sync', async () => {
    signIn(alice);
    const [a, b, c, d] = [onServer('a', 4), onServer('b', 3), onServer('c', 2), onServer('d', 1)];
    api.fetchNotifications.mockResolvedValue(page([d, c, b, a]));
    await connect();

    serverHandlers.get('notifications:changed')?.({ read: [a.id], deleted: [b.id] });
    expect(store().items.map((n) => [n.message, n.unread])).toEqual([
      ['d', true],
      ['c', true],
      ['a', false],
    ]);
    serverHandlers.get('notifications:changed')?.({ read: 'all' });
    expect(store().unreadCount).toBe(0);

    // While this browser was offline, the other one deleted c; d is still unread there, read here: read wins,
    // and the server is told.
    api.fetchNotifications.mockResolvedValue(
      page([
        { ...d, unread: true },
        { ...a, unread: false },
      ]),
    );
    await connect();
    expect(store().items.map((n) => n.message)).toEqual(['d', 'a']);
    expect(store().items[0].unread).toBe(false);
    expect(api.markNotificationsRead).toHaveBeenLastCalledWith([d.id]);
  });

  it('keeps what is older than the first page, and retries a delete that failed', async () => {
    signIn(alice);
    const old = onServer('old', 600);
    api.fetchNotifications.mockResolvedValue(page([old]));
    await connect();
    const recent = onServer('recent', 1);
    api.fetchNotifications.mockResolvedValue(page([recent], recent.id));
    await connect();
    expect(store().items.map((n) => n.message)).toEqual(['recent', 'old']);

    // Offline: the delete fails now and at the next connect's retry.
    api.deleteNotification.mockRejectedValue(new Error('offline'));
    store().remove(store().items[0].id);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(store().items.map((n) => n.message)).toEqual(['old']);

    // The server still has it; the sync does not bring it back, and tries the delete again.
    api.deleteNotification.mockClear();
    api.fetchNotifications.mockResolvedValue(page([recent], recent.id));
    await connect();
    expect(api.deleteNotification).toHaveBeenCalledWith(recent.id);
    expect(store().items.map((n) => n.message)).toEqual(['old']);

    // Back online: the retry goes through, and nothing is pending any more.
    api.deleteNotification.mockReset().mockResolvedValue(undefined);
    api.fetchNotifications.mockResolvedValue(page([old], null));
    await connect();
    expect(api.deleteNotification).toHaveBeenCalledWith(recent.id);
    api.deleteNotification.mockClear();
    await connect();
    expect(api.deleteNotification).not.toHaveBeenCalled();
    expect(store().items.map((n) => n.message)).toEqual(['old']);
  });

  it('loads older notifications page by page, beyond what local storage keeps', async () => {
    signIn(alice);
    const first = Array.from({ length: NOTIFICATIONS_CAP }, (_, i) => onServer(`n${i}`, i + 1));
    api.fetchNotifications.mockResolvedValue(page(first.slice(0, 50), first[49].id));
    await connect();
    expect(store().nextCursor).toBe(first[49].id);

    api.fetchNotifications.mockResolvedValue(page(first.slice(50), first[NOTIFICATIONS_CAP - 1].id));
    await store().loadMore();
    expect(api.fetchNotifications).toHaveBeenLastCalledWith(first[49].id);
    const older = [onServer('older', 10_000), onServer('oldest', 10_001)];
    api.fetchNotifications.mockResolvedValue(page(older, null));
    await store().loadMore();

    expect(store().items).toHaveLength(NOTIFICATIONS_CAP + 2);
    expect(store().items.at(-1)?.message).toBe('oldest');
    expect(store().nextCursor).toBeNull();
    expect(stored(alice.id)).toHaveLength(NOTIFICATIONS_CAP);
    // Older pages are shown in this tab only; reading one still reaches the server.
    store().markRead(store().items.at(-1)!.id);
    expect(api.markNotificationsRead).toHaveBeenLastCalledWith([older[1].id]);
  });
});

describe('notificationTime', () => {
  const created = Date.parse('2025-11-20T10:00:00.000Z');
  const at = (minutes: number) =>
    notificationTime(
      { createdAt: new Date(created).toISOString(), time: 'Just now' },
      created + minutes * 60_000,
    );

  it('reads like the rest of the app', () => {
    expect(at(0)).toBe('Just now');
    expect(at(1)).toBe('1 minute ago');
    expect(at(5)).toBe('5 minutes ago');
    expect(at(60)).toBe('1 hour ago');
    expect(at(180)).toBe('3 hours ago');
    expect(at(24 * 60)).toBe('1 day ago');
    expect(at(3 * 24 * 60)).toBe('3 days ago');
    expect(notificationTime({ time: 'Just now' })).toBe('Just now');
  });
});
