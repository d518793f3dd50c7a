import { DEFAULT_WEAPON, isWeapon, type Weapon } from '@piste/contracts';
import { useFeedStore } from './stores/feed';
import { useSessionStore } from './stores/session';

/** How long the first render waits for a feed's first page once the session is known, before showing it loading. */
const FEED_WAIT_MS = 300;

/** The feed a path shows (`/` is the default weapon's), or null for any other page. */
export function feedOfPath(path: string): Weapon | null {
  const segment = path.replace(/^\/|\/$/g, '');
  if (segment === '') return DEFAULT_WEAPON;
  return isWeapon(segment) ? segment : null;
}

/**
 * What the first screen needs before it is drawn: who is signed in and, on a feed, its first page if it comes
 * within a moment. The server's reply to the page preloads both (backend/src/frontend/frontend-assets.ts), so
 * they are usually here once the scripts have run: one render then draws the page as it is, instead of a loading
 * screen, then the feed's skeletons, then its posts.
 */
export async function loadFirstScreen(path: string): Promise<void> {
  await useSessionStore.getState().load();
  if (!useSessionStore.getState().user) return;
  const weapon = feedOfPath(path);
  if (!weapon) return;
  let waited: ReturnType<typeof setTimeout> | undefined;
  await Promise.race([
    useFeedStore.getState().openAhead(weapon),
    new Promise<void>((resolve) => (waited = setTimeout(resolve, FEED_WAIT_MS))),
  ]);
  clearTimeout(waited);
}
