// The socket, the server's copy and the toasts are stand-ins a test can drive and read.
jest.mock('../realtime/socket', () => jest.requireActual('../test-support/live-socket-mock').socketModule());
jest.mock('../api/notifications');
jest.mock('../lib/toast', () => jest.requireActual('../test-support/live-socket-mock').toastModule());

import type { ServerNotification } from '@piste/contracts';
import { NOTIFICATIONS_CAP } from './notifications';
import { alice, like, onServer, signIn, setUpCentre, store, stored } from '../test-support/notifications';

const { live, api, toast } = setUpCentre();

describe('syncing with the server', () => {
  const page = (notifications: ServerNotification[], nextCursor: string | null = null) => ({
    notifications,
    nextCursor,
  });
  const connect = async () => {
    live.rejoin();
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

  it('shows what it kept in the language the server now writes it in, after a switch', async () => {
    signIn(alice);
    const kept = onServer('Bruno liked your post', 5);
    api.fetchNotifications.mockResolvedValue(page([kept]));
    await connect();
    store().markRead(store().items[0].id);

    api.fetchNotifications.mockResolvedValue(page([{ ...kept, message: 'Bruno a aimé votre publication' }]));
    await connect();
    expect(store().items).toHaveLength(1);
    expect(store().items[0]).toMatchObject({
      serverId: kept.id,
      message: 'Bruno a aimé votre publication',
      unread: false,
    });
    expect(stored(alice.id)).toEqual(store().items);
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

    live.play('notifications:changed', { read: [a.id], deleted: [b.id] });
    expect(store().items.map((n) => [n.message, n.unread])).toEqual([
      ['d', true],
      ['c', true],
      ['a', false],
    ]);
    live.play('notifications:changed', { read: 'all' });
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

    api.fetchNotifications.mockRejectedValueOnce(new Error('offline'));
    await expect(store().loadMore()).resolves.toBe(false);
    expect(toast.error).toHaveBeenCalledWith('Error', 'Failed to load notifications');
    expect(store().loadingMore).toBe(false);

    api.fetchNotifications.mockResolvedValue(page(first.slice(50), first[NOTIFICATIONS_CAP - 1].id));
    await expect(store().loadMore()).resolves.toBe(true);
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
