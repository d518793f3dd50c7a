import type { Weapon } from '@piste/contracts';

/**
 * The composer's unsent post, one per weapon, in local storage (DESIGN.md §4c). Keyed by the user, so another
 * account on the browser never sees it, and all of them go at sign-out (live-events.ts, beside `forgetUserData`).
 * What a draft holds, and checking it when read back, is the composer's (components/composer/post-draft.ts);
 * this file only keeps it.
 */

const PREFIX = 'piste-draft:';

export function draftKey(userId: string, weapon: Weapon): string {
  return `${PREFIX}${userId}:${weapon}`;
}

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    // Storage refused (a privacy mode): nothing is kept.
    return null;
  }
}

/** The draft kept for this user and weapon, as stored (the caller checks it); null when none or unreadable. */
export function readDraft(userId: string, weapon: Weapon): unknown {
  try {
    const raw = storage()?.getItem(draftKey(userId, weapon));
    return raw ? (JSON.parse(raw) as unknown) : null;
  } catch {
    return null;
  }
}

/** Keeps the draft for this user and weapon; null forgets it. */
export function writeDraft(userId: string, weapon: Weapon, draft: unknown): void {
  try {
    if (draft === null) storage()?.removeItem(draftKey(userId, weapon));
    else storage()?.setItem(draftKey(userId, weapon), JSON.stringify(draft));
  } catch {
    // Storage full or refused: the draft lives on in the form only.
  }
}

/** Forgets every draft of every user on this browser (sign-out). */
export function forgetDrafts(): void {
  const store = storage();
  if (!store) return;
  try {
    const keys = Array.from({ length: store.length }, (_, i) => store.key(i)).filter(
      (key): key is string => key?.startsWith(PREFIX) ?? false,
    );
    keys.forEach((key) => store.removeItem(key));
  } catch {
    // Nothing kept, nothing to clear.
  }
}
