/// <reference lib="webworker" />
import { clientsClaim } from 'workbox-core';
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { NetworkFirst } from 'workbox-strategies';
import { isRememberedRead, USER_DATA_CACHE, type ServiceWorkerMessage } from '../lib/offline-data';
import { openFromNotification, readPush, showPush, type WorkerLike } from './push';

declare const self: ServiceWorkerGlobalScope;

const worker = self as unknown as WorkerLike;

// The first install takes over the open page at once; a later deploy waits for the user (skip-waiting below).
clientsClaim();
// The app shell: every file of this build, so any page opens without network.
precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();
// Every page of the app is the shell; the server's own paths are not pages.
registerRoute(
  new NavigationRoute(createHandlerBoundToURL('/index.html'), {
    denylist: [/^\/(api|objects|socket\.io|health)(\/|$)/, /^\/robots\.txt$/],
  }),
);
// The last answers of a few reads, for a reload without network (see lib/offline-data.ts).
registerRoute(
  ({ url, request, sameOrigin }) => sameOrigin && request.method === 'GET' && isRememberedRead(url),
  new NetworkFirst({ cacheName: USER_DATA_CACHE, networkTimeoutSeconds: 5 }),
);

self.addEventListener('message', (event: ExtendableMessageEvent) => {
  const message = event.data as ServiceWorkerMessage | undefined;
  if (message?.type === 'SKIP_WAITING') void self.skipWaiting();
  if (message?.type === 'forget-user-data') event.waitUntil(caches.delete(USER_DATA_CACHE));
});

self.addEventListener('push', (event: PushEvent) => {
  event.waitUntil(showPush(worker, readPush(event.data)));
});

self.addEventListener('notificationclick', (event: NotificationEvent) => {
  event.notification.close();
  event.waitUntil(openFromNotification(worker, event.notification.data));
});
