// The socket, the server's copy and the toasts are stand-ins a test can drive and read.
jest.mock('../realtime/socket', () => jest.requireActual('../test-support/live-socket-mock').socketModule());
jest.mock('../api/notifications');
jest.mock('../lib/toast', () => jest.requireActual('../test-support/live-socket-mock').toastModule());

import type { AppNotification } from '@piste/contracts';
import {
  NOTIFICATIONS_CAP,
  notificationsStorageKey,
  notificationTime,
  selectUnreadCount,
} from './notifications';
import {
  alice,
  bruno,
  like,
  onServer,
  signIn,
  setUpCentre,
  store,
  stored,
} from '../test-support/notifications';

const { live, toast } = setUpCentre();

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
    expect(toast.success).toHaveBeenCalledWith('All notifications marked as read');
  });

  it('deletes a notification', () => {
    signIn(alice);
    const kept = store().add({ ...like, message: 'kept' });
    const deleted = store().add({ ...like, message: 'deleted' });

    store().remove(deleted.id);

    expect(store().items.map((n) => n.id)).toEqual([kept.id]);
    expect(toast.success).toHaveBeenCalledWith('Notification deleted', 'The notification has been removed');
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
    expect(live.listens('notification')).toBe(true);
    const event = onServer('liked your post', 0);

    live.play('notification', event); // signed out: ignored
    expect(localStorage.length).toBe(0);

    signIn(alice);
    live.play('notification', event);
    live.play('notification', event); // another tab or the sync already has it: no second copy
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
