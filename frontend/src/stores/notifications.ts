import type {
  AppNotification,
  NotificationDraft,
  NotificationsChanged,
  ServerNotification,
} from '@piste/contracts';
import i18next from 'i18next';
import { create } from 'zustand';
import { deleteNotification, fetchNotifications, markNotificationsRead } from '../api/notifications';
import { ApiError } from '../api/client';
import { timeAgo } from '../lib/relative-time';
import { notify } from '../lib/toast';
import {
  NOTIFICATIONS_CAP,
  notificationsStorageKey,
  readPendingDeletes,
  readStored,
  writePendingDeletes,
  writeStored,
} from './notification-storage';

export { NOTIFICATIONS_CAP, notificationsStorageKey } from './notification-storage';

/**
 * The notification centre. The browser keeps its copy in local storage, as the spec has it; the server keeps
 * the notifications it makes (likes, comments, requests, messages), so the copy is synced with it: on every
 * connect (what came while no tab was open appears), on each live `notification`, and both ways for reading and
 * deleting, which the server tells the user's other tabs and devices (`notifications:changed`). The browser's
 * own notifications ('You sent a message') stay in this browser.
 */

/** How many notifications the first sync asks for. */
const SYNC_PAGE = 50;

interface NotificationsState {
  /** Whose notifications are loaded; null when signed out. */
  userId: string | null;
  /** Newest first. */
  items: AppNotification[];
  /** Unread items among `items`; kept in step with every change. */
  unreadCount: number;
  /** The server's cursor for older notifications: undefined before the first sync, null when there are none. */
  nextCursor: string | null | undefined;
  loadingMore: boolean;
  /** How many items are kept in memory: the stored cap, plus the older pages loaded on request. */
  memoryCap: number;
  /** Switches to `userId`'s notifications (null: signed out, nothing shown). */
  bindUser: (userId: string | null) => void;
  /** Adds a notification the browser makes itself at the top, unread, with the time 'Just now'. */
  add: (draft: NotificationDraft & Pick<AppNotification, 'ownMessage'>) => AppNotification;
  /** Adds a notification the server stored (a live event), once. */
  receive: (notification: ServerNotification) => void;
  markRead: (id: number) => void;
  /** Marks every notification read, with the spec's toast. */
  markAllRead: () => void;
  /** Deletes one notification, with the spec's toast. */
  remove: (id: number) => void;
  /** Brings the copy in line with the server's newest notifications. */
  sync: () => Promise<void>;
  /** Loads the next page of older notifications from the server; resolves to false when that failed (said in a toast). */
  loadMore: () => Promise<boolean>;
  /** Applies reads and deletes made in another tab or browser. */
  applyChanged: (changed: NotificationsChanged) => void;
}

/** Derived unread count, for components that prefer a selector. */
export const selectUnreadCount = (state: Pick<NotificationsState, 'items'>): number =>
  state.items.reduce((count, item) => count + (item.unread ? 1 : 0), 0);

let lastIssuedId = 0;

/** A creation timestamp, nudged forward so two notifications in the same millisecond never share an id. */
function nextId(items: AppNotification[]): number {
  const newestExisting = items.length > 0 ? items[0].id : 0;
  const id = Math.max(Date.now(), lastIssuedId + 1, newestExisting + 1);
  lastIssuedId = id;
  return id;
}

/** The local record of a server notification: its id is its creation time, nudged past any id taken. */
function fromServer(notification: ServerNotification, taken: Set<number>): AppNotification {
  const { id: serverId, ...fields } = notification;
  let id = Date.parse(notification.createdAt);
  if (Number.isNaN(id)) id = Date.now();
  while (taken.has(id)) id += 1;
  taken.add(id);
  return { ...fields, id, serverId, time: 'Just now' };
}

function withCount(items: AppNotification[]) {
  return { items, unreadCount: selectUnreadCount({ items }) };
}

const newestFirst = (a: AppNotification, b: AppNotification) => b.id - a.id;

/** The stored list, followed by the older pages this tab loaded, which storage does not hold. */
function withOlderPages(stored: AppNotification[], inMemory: AppNotification[]): AppNotification[] {
  if (stored.length < NOTIFICATIONS_CAP) return stored;
  const oldestStored = stored[stored.length - 1].id;
  return [...stored, ...inMemory.filter((n) => n.id < oldestStored)];
}

/**
 * The copy after a sync with the server's newest page: server notifications missing here are added (unless
 * deleted here and not yet confirmed), those kept here take the server's text (in the language the reader speaks
 * now), read wins on either side, and one the page should include but does not
 * was deleted elsewhere. Older ones and the browser's own are kept. Returns the server ids read only here.
 */
function mergeServerPage(
  local: AppNotification[],
  page: ServerNotification[],
  pageIsComplete: boolean,
  pendingDeletes: Set<string>,
): { items: AppNotification[]; readOnlyHere: string[] } {
  const byServerId = new Map(local.filter((n) => n.serverId).map((n) => [n.serverId!, n]));
  const taken = new Set(local.map((n) => n.id));
  const onPage = new Set(page.map((n) => n.id));
  const oldestOnPage = page.length > 0 ? Date.parse(page[page.length - 1].createdAt) : Infinity;
  const readOnlyHere: string[] = [];
  const items: AppNotification[] = [];

  for (const server of page) {
    if (pendingDeletes.has(server.id)) continue;
    const mine = byServerId.get(server.id);
    if (!mine) {
      items.push(fromServer(server, taken));
      continue;
    }
    if (!mine.unread && server.unread) readOnlyHere.push(server.id);
    // The server writes it out in the reader's language, which may have changed since it was kept here.
    items.push({ ...mine, message: server.message, unread: mine.unread && server.unread });
  }
  for (const mine of local) {
    if (!mine.serverId) {
      items.push(mine);
      continue;
    }
    if (onPage.has(mine.serverId)) continue;
    const created = Date.parse(mine.createdAt ?? '');
    const coveredByPage = pageIsComplete || (!Number.isNaN(created) && created >= oldestOnPage);
    if (!coveredByPage) items.push(mine); // older than the page: nothing known about it
  }
  items.sort(newestFirst);
  return { items, readOnlyHere };
}

/** Runs a server call whose failure only means the copy is fixed at the next sync. */
function quietly(call: Promise<unknown>): void {
  call.catch(() => undefined);
}

export const useNotificationsStore = create<NotificationsState>()((set, get) => {
  /** Applies a change to the bound user's list, saving it first so other tabs see it too. */
  const commit = (items: AppNotification[]) => {
    const { userId, memoryCap } = get();
    const inMemory = items.slice(0, memoryCap);
    if (!userId) {
      set(withCount(inMemory));
      return;
    }
    const saved = writeStored(userId, inMemory);
    // Storage full: show what it kept, so this tab and the others agree.
    set(
      withCount(saved < Math.min(inMemory.length, NOTIFICATIONS_CAP) ? inMemory.slice(0, saved) : inMemory),
    );
  };

  /** What is stored now (another tab may have changed it), else what this tab has. */
  const current = (): AppNotification[] => {
    const { userId, items } = get();
    const stored = userId ? readStored(userId) : null;
    return stored ? withOlderPages(stored, items) : items;
  };

  /** Deletes on the server; a failure (other than "already gone") is remembered and retried at the next sync. */
  const deleteOnServer = async (userId: string, serverId: string) => {
    try {
      await deleteNotification(serverId);
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) return;
      writePendingDeletes(userId, [...new Set([...readPendingDeletes(userId), serverId])]);
    }
  };

  let syncing: Promise<void> | null = null;

  return {
    userId: null,
    items: [],
    unreadCount: 0,
    nextCursor: undefined,
    loadingMore: false,
    memoryCap: NOTIFICATIONS_CAP,

    bindUser: (userId) => {
      if (userId === get().userId) return;
      set({
        userId,
        nextCursor: undefined,
        loadingMore: false,
        memoryCap: NOTIFICATIONS_CAP,
        ...withCount((userId ? readStored(userId) : null) ?? []),
      });
    },

    add: (draft) => {
      const items = current();
      const notification: AppNotification = {
        ...draft,
        user: { ...draft.user },
        id: nextId(items),
        time: 'Just now',
        createdAt: new Date().toISOString(),
        unread: true,
      };
      commit([notification, ...items]);
      return notification;
    },

    receive: (notification) => {
      if (!get().userId) return;
      const items = current();
      if (items.some((n) => n.serverId === notification.id)) return;
      const added = fromServer(notification, new Set(items.map((n) => n.id)));
      commit([added, ...items].sort(newestFirst));
    },

    markRead: (id) => {
      const items = current();
      const target = items.find((item) => item.id === id && item.unread);
      if (!target) return;
      commit(items.map((item) => (item.id === id ? { ...item, unread: false } : item)));
      if (target.serverId) quietly(markNotificationsRead([target.serverId]));
    },

    markAllRead: () => {
      const items = current();
      const unread = items.filter((item) => item.unread);
      if (unread.length === 0) return;
      commit(items.map((item) => (item.unread ? { ...item, unread: false } : item)));
      notify.success(i18next.t('notifications:toasts.allRead'));
      const serverIds = unread.flatMap((item) => (item.serverId ? [item.serverId] : []));
      if (serverIds.length > 0) quietly(markNotificationsRead(serverIds));
    },

    remove: (id) => {
      const { userId } = get();
      const items = current();
      const target = items.find((item) => item.id === id);
      if (!target) return;
      commit(items.filter((item) => item.id !== id));
      notify.success(
        i18next.t('notifications:toasts.deleted'),
        i18next.t('notifications:toasts.deletedDetail'),
      );
      if (userId && target.serverId) void deleteOnServer(userId, target.serverId);
    },

    sync: () => {
      syncing ??= (async () => {
        const userId = get().userId;
        if (!userId) return;
        const pending = readPendingDeletes(userId);
        if (pending.length > 0) {
          writePendingDeletes(userId, []);
          await Promise.all(pending.map((serverId) => deleteOnServer(userId, serverId)));
        }
        const page = await fetchNotifications(undefined, SYNC_PAGE);
        if (get().userId !== userId) return; // signed out or switched meanwhile
        const { items, readOnlyHere } = mergeServerPage(
          current(),
          page.notifications,
          page.nextCursor === null,
          new Set(readPendingDeletes(userId)),
        );
        commit(items);
        if (get().nextCursor === undefined) set({ nextCursor: page.nextCursor });
        if (readOnlyHere.length > 0) quietly(markNotificationsRead(readOnlyHere));
      })()
        .catch(() => undefined) // offline or signed out: the next connect tries again
        .finally(() => {
          syncing = null;
        });
      return syncing;
    },

    loadMore: async () => {
      const { userId, loadingMore } = get();
      if (!userId || loadingMore) return true;
      set({ loadingMore: true });
      try {
        let cursor = get().nextCursor;
        if (cursor === undefined) {
          await get().sync();
          cursor = get().nextCursor;
        } else if (cursor !== null) {
          const page = await fetchNotifications(cursor);
          if (get().userId !== userId) return true;
          const items = current();
          const known = new Set(items.flatMap((n) => (n.serverId ? [n.serverId] : [])));
          const pending = new Set(readPendingDeletes(userId));
          const taken = new Set(items.map((n) => n.id));
          const older = page.notifications
            .filter((n) => !known.has(n.id) && !pending.has(n.id))
            .map((n) => fromServer(n, taken));
          set({ memoryCap: get().memoryCap + older.length, nextCursor: page.nextCursor });
          commit([...items, ...older].sort(newestFirst));
        }
        return true;
      } catch {
        notify.error(i18next.t('notifications:toasts.error'), i18next.t('notifications:toasts.loadFailed'));
        return false;
      } finally {
        set({ loadingMore: false });
      }
    },

    applyChanged: ({ read, deleted }) => {
      if (!get().userId) return;
      const gone = new Set(deleted ?? []);
      const nowRead = read === 'all' ? null : new Set(read ?? []);
      const items = current();
      const next = items
        .filter((n) => !(n.serverId && gone.has(n.serverId)))
        .map((n) => {
          if (!n.unread || read === undefined) return n;
          if (nowRead === null || (n.serverId && nowRead.has(n.serverId))) return { ...n, unread: false };
          return n;
        });
      const changed = next.length !== items.length || next.some((n, i) => n !== items[i]);
      if (changed) commit(next);
    },
  };
});

/** Relative time of a notification, from its creation date ('Just now', '{n} minutes ago', …). */
export function notificationTime(
  notification: Pick<AppNotification, 'createdAt' | 'time'>,
  now = Date.now(),
): string {
  if (!notification.createdAt || Number.isNaN(Date.parse(notification.createdAt))) return notification.time;
  return timeAgo(notification.createdAt, 'minutes', now);
}

/** Another tab changed this user's stored notifications (a `storage` event): show what it stored. */
export function followOtherTabs(event: StorageEvent): void {
  const { userId, items } = useNotificationsStore.getState();
  if (!userId) return;
  // key null: another tab cleared all of local storage.
  if (event.key !== null && event.key !== notificationsStorageKey(userId)) return;
  const stored = readStored(userId);
  if (stored) useNotificationsStore.setState(withCount(withOlderPages(stored, items)));
}
