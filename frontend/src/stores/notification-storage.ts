import { notificationSchema, type AppNotification } from '@piste/contracts';

/**
 * The browser's copy of a user's notifications, in local storage under one key per user (a shared browser
 * never shows one user's notifications to another), and the server ids deleted here that the server has not
 * confirmed yet.
 */

/** The most notifications kept in local storage per user; older ones are dropped so it never overflows. */
export const NOTIFICATIONS_CAP = 200;

const KEY_PREFIX = 'piste:notifications:';
const DELETED_PREFIX = 'piste:notifications-deleted:';

export function notificationsStorageKey(userId: string): string {
  return `${KEY_PREFIX}${userId}`;
}

/** The stored list of `userId`, newest first (corrupt or missing: empty); null when storage cannot be read. */
export function readStored(userId: string): AppNotification[] | null {
  const parsed = readJson(notificationsStorageKey(userId));
  if (parsed === undefined) return null;
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

/**
 * Saves the newest `NOTIFICATIONS_CAP` of `items`; when storage is full, drops the oldest and tries again.
 * Returns how many were saved (all of them when storage cannot be used at all: they stay in memory).
 */
export function writeStored(userId: string, items: AppNotification[]): number {
  let kept = items.slice(0, NOTIFICATIONS_CAP);
  for (;;) {
    try {
      window.localStorage.setItem(notificationsStorageKey(userId), JSON.stringify(kept));
      return kept.length;
    } catch (error) {
      if (!isQuotaError(error)) return kept.length; // storage unavailable (private mode…)
      if (kept.length === 0) return 0;
      kept = kept.slice(0, Math.floor(kept.length * 0.75));
    }
  }
}

/** Server ids deleted in this browser whose DELETE has not gone through yet. */
export function readPendingDeletes(userId: string): string[] {
  const parsed = readJson(DELETED_PREFIX + userId);
  return Array.isArray(parsed) ? parsed.filter((id): id is string => typeof id === 'string') : [];
}

export function writePendingDeletes(userId: string, ids: string[]): void {
  try {
    if (ids.length === 0) window.localStorage.removeItem(DELETED_PREFIX + userId);
    else window.localStorage.setItem(DELETED_PREFIX + userId, JSON.stringify(ids.slice(-NOTIFICATIONS_CAP)));
  } catch {
    // Storage unavailable: the delete is retried only while this page stays open.
  }
}

/** The parsed value under `key`: null when missing or corrupt, undefined when storage cannot be read. */
function readJson(key: string): unknown {
  let raw: string | null;
  try {
    raw = window.localStorage.getItem(key);
  } catch {
    return undefined;
  }
  if (!raw) return null;
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return null; // corrupt: start empty rather than break the app
  }
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
