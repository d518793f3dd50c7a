import { useSessionStore } from './session';

/** Written when this browser confirms an address, so its other tabs take the news without waiting. */
export const ADDRESS_CONFIRMED_KEY = 'piste:address-confirmed';

/**
 * While the banner asks for a confirmation: when this browser confirms the address in another tab, or the user
 * comes back to this one (after following the link elsewhere), ask the server again who is signed in, so the
 * banner goes. Returns the function that stops following.
 */
export function followAddressConfirmation(): () => void {
  const refresh = () => void useSessionStore.getState().refresh();
  const onStorage = (event: StorageEvent) => {
    if (event.key === ADDRESS_CONFIRMED_KEY) refresh();
  };
  const onVisible = () => {
    if (document.visibilityState === 'visible') refresh();
  };
  window.addEventListener('storage', onStorage);
  window.addEventListener('focus', refresh);
  document.addEventListener('visibilitychange', onVisible);
  return () => {
    window.removeEventListener('storage', onStorage);
    window.removeEventListener('focus', refresh);
    document.removeEventListener('visibilitychange', onVisible);
  };
}
