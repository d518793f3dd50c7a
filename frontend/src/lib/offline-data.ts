/**
 * What a phone keeps of the signed-in user for a reload without network: the answers of a few reads, kept by the
 * service worker (network first, so they are always the latest when online) and wiped at sign-out, so a shared
 * phone never shows the last user's feed or messages. Shared by the page and the service worker.
 */
export const USER_DATA_CACHE = 'piste-user-data';

/** Who is signed in, the first page of each weapon's feed, the conversation list and a conversation's latest page. */
const REMEMBERED_READS = [
  /^\/api\/user$/,
  /^\/api\/posts\/(epee|foil|sabre)$/,
  /^\/api\/conversations$/,
  /^\/api\/messages$/,
  /^\/api\/notifications$/,
];

/** Whether the service worker keeps this GET's answer for offline use (first pages only: no `before`). */
export function isRememberedRead(url: URL): boolean {
  if (url.searchParams.has('before')) return false;
  return REMEMBERED_READS.some((pattern) => pattern.test(url.pathname));
}

/**
 * A message from the page to the service worker: `SKIP_WAITING` (as workbox-window sends it) activates a waiting
 * deploy once the user asked for it.
 */
export type ServiceWorkerMessage = { type: 'SKIP_WAITING' } | { type: 'forget-user-data' };

/**
 * Forgets the reads cached for the signed-in user (at sign-out, or when another user signs in); the composer's
 * drafts go beside it (lib/drafts.ts: the service worker, which imports this file, has no local storage).
 */
export async function forgetUserData(): Promise<void> {
  if (typeof caches === 'undefined') return;
  await caches.delete(USER_DATA_CACHE);
}
