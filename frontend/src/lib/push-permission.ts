/** Where this browser stands with push: no support, blocked by the user, not asked yet, or allowed. */
export type PushPermission = 'unsupported' | 'denied' | 'default' | 'granted';

export function pushPermission(): PushPermission {
  if (
    typeof window === 'undefined' ||
    !('serviceWorker' in navigator) ||
    !('PushManager' in window) ||
    !('Notification' in window)
  ) {
    return 'unsupported';
  }
  return Notification.permission;
}
