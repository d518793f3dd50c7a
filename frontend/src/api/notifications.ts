import { NOTIFICATIONS_PAGE_SIZE, notificationsPageSchema, type NotificationsPage } from '@piste/contracts';
import { api } from './client';

/** GET /api/notifications: the signed-in user's notifications kept on the server, newest first. */
export function fetchNotifications(
  before?: string,
  limit = NOTIFICATIONS_PAGE_SIZE,
): Promise<NotificationsPage> {
  const params = new URLSearchParams({ limit: String(limit) });
  if (before) params.set('before', before);
  return api.get(`/api/notifications?${params.toString()}`, notificationsPageSchema);
}

/** POST /api/notifications/read: marks the given server notifications read, or all of them. */
export async function markNotificationsRead(ids: string[] | 'all'): Promise<void> {
  await api.post('/api/notifications/read', ids === 'all' ? { all: true } : { ids });
}

/** DELETE /api/notifications/{id}. */
export async function deleteNotification(id: string): Promise<void> {
  await api.delete(`/api/notifications/${encodeURIComponent(id)}`);
}
