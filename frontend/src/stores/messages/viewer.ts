import { useSessionStore } from '../session';

/** Who is signed in on this tab, if anyone. */
export function currentUserId(): string | null {
  return useSessionStore.getState().user?.id ?? null;
}

/** Whether the tab is on screen: only then does a conversation shown in it count as read. */
export function isPageVisible(): boolean {
  return typeof document === 'undefined' || document.visibilityState === 'visible';
}
