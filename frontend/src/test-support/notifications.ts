import type { NotificationDraft, ServerNotification, SessionUser } from '@piste/contracts';
import { notify } from '../lib/toast';
import { startLiveEvents } from '../live-events';
import { notificationsStorageKey, useNotificationsStore } from '../stores/notifications';
import { useSessionStore } from '../stores/session';
import { liveSocket } from './live-socket-mock';
import { sessionUser } from './session-user';

/**
 * What the notifications tests share. Each test file mocks the socket, the server's copy and the toasts:
 *
 *   jest.mock('../realtime/socket', () => jest.requireActual('../test-support/live-socket-mock').socketModule());
 *   jest.mock('../api/notifications');
 *   jest.mock('../lib/toast', () => jest.requireActual('../test-support/live-socket-mock').toastModule());
 *   const { live, api, toast } = setUpCentre();
 */

/** The mocked `api/notifications` of this test file. */
export function notificationsApi() {
  return jest.mocked(jest.requireMock<typeof import('../api/notifications')>('../api/notifications'));
}

export const alice = sessionUser({ id: 'user-alice', username: 'alice', name: 'Alice' });
export const bruno = sessionUser({ id: 'user-bruno', username: 'bruno', name: 'Bruno' });

export const like: NotificationDraft = {
  type: 'like',
  user: { id: 'user-bruno', name: 'Bruno', avatar: null },
  message: 'liked your post',
  postId: 'post-1',
  postContent: 'Parry four, riposte to the flank',
};

export const store = () => useNotificationsStore.getState();
export const stored = (userId: string): unknown =>
  JSON.parse(localStorage.getItem(notificationsStorageKey(userId)) ?? 'null');

export function signIn(user: SessionUser | null): void {
  useSessionStore.setState({ user, status: 'ready' });
}

/** Signed out, nothing stored, and a server that accepts every read and delete. */
export function startSignedOut(): void {
  const api = notificationsApi();
  signIn(null);
  localStorage.clear();
  jest.restoreAllMocks();
  jest.clearAllMocks();
  api.fetchNotifications.mockReset();
  api.markNotificationsRead.mockReset().mockResolvedValue(undefined);
  api.deleteNotification.mockReset().mockResolvedValue(undefined);
}

/**
 * The notification centre under test: starts the app's table of live updates (the store follows server
 * events through it), and signs out with an empty storage before each test. Returns the file's mocks.
 */
export function setUpCentre() {
  startLiveEvents();
  beforeEach(startSignedOut);
  return { live: liveSocket(), api: notificationsApi(), toast: jest.mocked(notify) };
}

let serverSequence = 0;
/** A notification as the server stores it, `minutesAgo` old. */
export function onServer(
  message: string,
  minutesAgo: number,
  extra: Partial<ServerNotification> = {},
): ServerNotification {
  serverSequence += 1;
  return {
    ...like,
    id: `00000000-0000-4000-8000-${String(serverSequence).padStart(12, '0')}`,
    message,
    createdAt: new Date(Date.now() - minutesAgo * 60_000).toISOString(),
    unread: true,
    ...extra,
  };
}
