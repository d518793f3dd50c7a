/**
 * What the service worker does with a push and with a click on the notification it showed. Written against the
 * few parts of the worker it uses, so a unit test can hand it stand-ins.
 */

/** The payload the server pushes (DESIGN §4b): `url` is a path of the app. */
export interface PushPayload {
  type: string;
  title: string;
  body: string;
  url: string;
  tag?: string;
}

interface WindowClientLike {
  url: string;
  focused: boolean;
  visibilityState: string;
  focus(): Promise<unknown>;
  navigate(url: string): Promise<unknown>;
}

export interface WorkerLike {
  location: { origin: string };
  registration: {
    showNotification(title: string, options: NotificationOptions & { data?: unknown }): Promise<void>;
  };
  clients: {
    matchAll(options: { type: 'window'; includeUncontrolled: boolean }): Promise<readonly WindowClientLike[]>;
    openWindow(url: string): Promise<unknown>;
  };
}

export const NOTIFICATION_ICON = '/icons/piste-192.png';

/** The push's payload, or null when it is not one of ours. */
export function readPush(data: { json(): unknown } | null | undefined): PushPayload | null {
  let payload: unknown;
  try {
    payload = data?.json();
  } catch {
    return null;
  }
  if (!payload || typeof payload !== 'object') return null;
  const { type, title, body, url, tag } = payload as Record<string, unknown>;
  if (typeof title !== 'string' || typeof body !== 'string' || typeof url !== 'string') return null;
  return {
    type: typeof type === 'string' ? type : 'other',
    title,
    body,
    url,
    ...(typeof tag === 'string' ? { tag } : {}),
  };
}

/** Only a path of this app (never another origin) is opened from a notification. */
export function appPath(url: unknown): string {
  return typeof url === 'string' && url.startsWith('/') && !url.startsWith('//') ? url : '/';
}

const windows = (worker: WorkerLike) =>
  worker.clients.matchAll({ type: 'window', includeUncontrolled: true });

/**
 * Shows the pushed notification, unless a Piste tab is in front of the user: that tab already shows it live. A
 * tag folds repeats (a conversation's messages) into one notification.
 */
export async function showPush(worker: WorkerLike, payload: PushPayload | null): Promise<void> {
  if (!payload) return;
  if ((await windows(worker)).some((client) => client.focused && client.visibilityState === 'visible'))
    return;
  await worker.registration.showNotification(payload.title, {
    body: payload.body,
    icon: NOTIFICATION_ICON,
    badge: NOTIFICATION_ICON,
    ...(payload.tag ? { tag: payload.tag } : {}),
    data: { url: appPath(payload.url) },
  });
}

/** A click on the notification: the tab already at its page comes forward, else a Piste tab goes there, else a new one. */
export async function openFromNotification(worker: WorkerLike, data: unknown): Promise<void> {
  const target = new URL(appPath((data as { url?: unknown } | null)?.url), worker.location.origin).href;
  const open = await windows(worker);
  const there = open.find((client) => client.url === target);
  if (there) {
    await there.focus();
    return;
  }
  const piste = open.find((client) => client.url.startsWith(`${worker.location.origin}/`));
  if (piste) {
    await piste.navigate(target);
    await piste.focus();
    return;
  }
  await worker.clients.openWindow(target);
}
