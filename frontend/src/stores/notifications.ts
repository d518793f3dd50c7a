import { notificationSchema, type AppNotification, type NotificationEvent } from '@piste/contracts';
import { create } from 'zustand';
import { onServerEvent } from '../realtime/socket';
import { useSessionStore } from './session';

/**
 * The notification centre. Notifications live only in this browser's local storage, under one key per
 * signed-in user, so a shared browser never shows one user's notifications to another. They come from the
 * server's `notification` socket events and from the client itself ('You sent a message').
 */

/** The most notifications kept per user; older ones are dropped so local storage never overflows. */
export const NOTIFICATIONS_CAP = 200;

const KEY_PREFIX = 'piste:notifications:';

export function notificationsStorageKey(userId: string): string {
  return `${KEY_PREFIX}${userId}`;
}

interface NotificationsState {
  /** Whose notifications are loaded; null when signed out. */
  userId: string | null;
  /** Newest first. */
  items: AppNotification[];
  /** Unread items among `items`; kept in step with every change. */
  unreadCount: number;
  /** Switches to `userId`'s notifications (null: signed out, nothing shown). */
  bindUser: (userId: string | null) => void;
  /** Adds a notification at the top, unread, with the time 'Just now'. */
  add: (event: NotificationEvent) => AppNotification;
  markRead: (id: number) => void;
  markAllRead: () => void;
  remove: (id: number) => void;
}

/** Derived unread count, for components that prefer a selector. */
export const selectUnreadCount = (state: Pick<NotificationsState, 'items'>): number =>
  state.items.reduce((count, item) => count + (item.unread ? 1 : 0), 0);

/** The stored list of `userId` (corrupt or missing: empty); null when local storage cannot be read at all. */
function readStored(userId: string): AppNotification[] | null {
  let raw: string | null;
  try {
    raw = window.localStorage.getItem(notificationsStorageKey(userId));
  } catch {
    return null;
  }
  if (!raw) return [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    // Corrupt storage: start empty rather than break the app.
    return [];
  }
  if (!Array.isArray(parsed)) return [];
  // Keep every well-formed record, skip the rest.
  const items: AppNotification[] = [];
  for (const entry of parsed) {
    const result = notificationSchema.safeParse(entry);
    if (result.success) items.push(result.data);
  }
  items.sort((a, b) => b.id - a.id);
  return items.slice(0, NOTIFICATIONS_CAP);
}

function isQuotaError(error: unknown): boolean {
  if (!(error instanceof Error) && !(typeof DOMException !== 'undefined' && error instanceof DOMException)) {
    return false;
  }
  const { name } = error as { name: string };
  const code = (error as { code?: number }).code;
  return (
    name === 'QuotaExceededError' || name === 'NS_ERROR_DOM_QUOTA_REACHED' || code === 22 || code === 1014
  );
}

/** Saves `items`; when storage is full, drops the oldest and tries again. Returns what was actually kept. */
function writeStored(userId: string, items: AppNotification[]): AppNotification[] {
  let kept = items;
  for (;;) {
    try {
      window.localStorage.setItem(notificationsStorageKey(userId), JSON.stringify(kept));
      return kept;
    } catch (error) {
      if (!isQuotaError(error)) return kept; // storage unavailable (private mode…): keep them in memory
      if (kept.length === 0) return kept;
      kept = kept.slice(0, Math.floor(kept.length * 0.75));
    }
  }
}

let lastIssuedId = 0;

/** A creation timestamp, nudged forward so two notifications in the same millisecond never share an id. */
function nextId(items: AppNotification[]): number {
  const newestExisting = items.length > 0 ? items[0].id : 0;
  const id = Math.max(Date.now(), lastIssuedId + 1, newestExisting + 1);
  lastIssuedId = id;
  return id;
}

function withCount(items: AppNotification[]) {
  return { items, unreadCount: selectUnreadCount({ items }) };
}

export const useNotificationsStore = create<NotificationsState>()((set, get) => {
  /** Applies a change to the bound user's list, saving it first so other tabs see it too. */
  const commit = (items: AppNotification[]) => {
    const { userId } = get();
    const capped = items.slice(0, NOTIFICATIONS_CAP);
    const kept = userId ? writeStored(userId, capped) : capped;
    set(withCount(kept));
  };

  return {
    userId: null,
    items: [],
    unreadCount: 0,

    bindUser: (userId) => {
      if (userId === get().userId) return;
      set({ userId, ...withCount((userId ? readStored(userId) : null) ?? []) });
    },

    add: (event) => {
      const { userId } = get();
      // Another tab may have added some meanwhile: start from what is stored.
      const current = (userId ? readStored(userId) : null) ?? get().items;
      const now = new Date();
      const notification: AppNotification = {
        type: event.type,
        user: { ...event.user },
        message: event.message,
        ...(event.postId !== undefined ? { postId: event.postId } : {}),
        ...(event.postContent !== undefined ? { postContent: event.postContent } : {}),
        id: nextId(current),
        time: 'Just now',
        createdAt: now.toISOString(),
        unread: true,
      };
      commit([notification, ...current]);
      return notification;
    },

    markRead: (id) => {
      const { items } = get();
      if (!items.some((item) => item.id === id && item.unread)) return;
      commit(items.map((item) => (item.id === id ? { ...item, unread: false } : item)));
    },

    markAllRead: () => {
      const { items } = get();
      if (!items.some((item) => item.unread)) return;
      commit(items.map((item) => (item.unread ? { ...item, unread: false } : item)));
    },

    remove: (id) => {
      const { items } = get();
      if (!items.some((item) => item.id === id)) return;
      commit(items.filter((item) => item.id !== id));
    },
  };
});

/** Relative time of a notification, from its creation date ('Just now', '{n} minutes ago', …). */
export function notificationTime(
  notification: Pick<AppNotification, 'createdAt' | 'time'>,
  now = Date.now(),
): string {
  if (!notification.createdAt) return notification.time;
  const created = Date.parse(notification.createdAt);
  if (Number.isNaN(created)) return notification.time;
  const minutes = Math.floor((now - created) / 60_000);
  if (minutes < 1) return 'Just now';
  if (minutes < 60) return minutes === 1 ? '1 minute ago' : `${minutes} minutes ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return hours === 1 ? '1 hour ago' : `${hours} hours ago`;
  const days = Math.floor(hours / 24);
  return days === 1 ? '1 day ago' : `${days} days ago`;
}

interface RecorderClaim {
  userId: string;
  isRecorder: boolean;
  stop: () => void;
}

let recorderClaim: RecorderClaim | null = null;

/**
 * Every open tab of a user receives the same `notification` event; only one of them — the holder of a
 * Web Lock, handed to another tab when it closes — records it, so it is stored once. Without Web Locks,
 * every tab records.
 */
function claimRecorder(userId: string | null): void {
  if (recorderClaim?.userId === userId) return;
  recorderClaim?.stop();
  recorderClaim = null;
  if (!userId) return;

  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  if (!locks) {
    recorderClaim = { userId, isRecorder: true, stop: () => undefined };
    return;
  }
  const abort = new AbortController();
  let release = () => undefined as void;
  const claim: RecorderClaim = {
    userId,
    isRecorder: false,
    stop: () => {
      abort.abort();
      release();
    },
  };
  locks
    .request(
      `piste:notifications-recorder:${userId}`,
      { signal: abort.signal },
      () =>
        new Promise<void>((resolve) => {
          claim.isRecorder = true;
          release = () => {
            claim.isRecorder = false;
            resolve();
          };
        }),
    )
    .catch(() => undefined); // aborted: this tab signed out or switched user before getting the lock
  recorderClaim = claim;
}

/**
 * Wires the store to the rest of the app, once: follows the signed-in user (switching storage keys on
 * sign-in and sign-out), turns the server's `notification` events into notifications, and keeps tabs in
 * step through the `storage` event.
 */
function startNotificationSync(): void {
  const bindSessionUser = () => {
    const userId = useSessionStore.getState().user?.id ?? null;
    useNotificationsStore.getState().bindUser(userId);
    claimRecorder(userId);
  };
  bindSessionUser();
  useSessionStore.subscribe(bindSessionUser);

  onServerEvent('notification', (event) => {
    const { userId, add } = useNotificationsStore.getState();
    if (!userId || !recorderClaim?.isRecorder || recorderClaim.userId !== userId) return;
    add(event);
  });

  window.addEventListener('storage', (event) => {
    const { userId } = useNotificationsStore.getState();
    if (!userId) return;
    // key null: another tab cleared all of local storage.
    if (event.key !== null && event.key !== notificationsStorageKey(userId)) return;
    const stored = readStored(userId);
    if (stored) useNotificationsStore.setState(withCount(stored));
  });
}

if (typeof window !== 'undefined') startNotificationSync();
