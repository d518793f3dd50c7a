import { registerSW } from 'virtual:pwa-register';
import { useAppUpdateStore } from '../stores/app-update';

/**
 * Registers the service worker of the built app (scope `/`), which makes Piste installable and keeps its shell for
 * a start without network. A new deploy waits until the user accepts it (the update banner), so a page never
 * changes under their fingers. Not in development: Vite serves modules the worker must not cache.
 */
export function startServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  // Registered once the page has loaded (workbox-window waits for `load`): installing precaches the whole build,
  // which must not compete with the first screen's own requests.
  const update = registerSW({
    onNeedRefresh: () => useAppUpdateStore.getState().offer(reloadInto),
  });
  /**
   * Activates the waiting deploy, then reloads once it controls the page. The reload is ours: workbox-window
   * reloads only a page that had a service worker when it loaded, and a first visit's page had none.
   */
  function reloadInto(): void {
    navigator.serviceWorker.addEventListener('controllerchange', () => window.location.reload(), {
      once: true,
    });
    void update(false);
  }
}
