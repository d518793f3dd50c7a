import type { AppNotification, Weapon } from '@piste/contracts';

/** The app's own addresses, in one place: what links and redirects lead to. */

/** Whose page a link opens: by username when the view has it, else by id (resolved at /u/id/{id}). */
export interface ProfileTarget {
  id: string;
  username?: string | null;
}

export const postPath = (postId: string) => `/posts/${encodeURIComponent(postId)}`;
export const fencerPath = (username: string) => `/u/${encodeURIComponent(username)}`;
export const profilePath = ({ id, username }: ProfileTarget) =>
  username ? fencerPath(username) : `/u/id/${encodeURIComponent(id)}`;
export const resultsPath = (query: string) => `/search?${new URLSearchParams({ q: query }).toString()}`;
export const conversationPath = (userId: string) => `/messages?with=${encodeURIComponent(userId)}`;
export const REQUESTS_PATH = '/connections?tab=requests';
/** A tag's page (the tag as stored: folded, without `#`), of one weapon's posts or every weapon's. */
export const tagPath = (tag: string, weapon?: Weapon | null) =>
  `/tags/${encodeURIComponent(tag)}${weapon ? `?weapon=${weapon}` : ''}`;
/** The posts the user saved. */
export const SAVED_PATH = '/saved';
/** The drill library; its filters follow in the query. */
export const DRILLS_PATH = '/drills';

/**
 * Where a notification leads: the page it names (an export that is ready: the Privacy tab), the post it is
 * about, the conversation with whoever wrote, the connection requests waiting for an answer, or else the profile
 * of whoever acted. Null when it names nothing to open.
 */
export function notificationPath(notification: AppNotification): string | null {
  const actorId = notification.user.id;
  if (notification.path) return notification.path;
  if (notification.postId) return postPath(notification.postId);
  if (notification.type === 'message' && actorId) return conversationPath(actorId);
  if (notification.requestId) return REQUESTS_PATH;
  if (actorId) return profilePath({ id: actorId });
  return null;
}

/** The settings, on their Account tab (`?tab=security` opens the Security tab, as the mails' links do). */
export const SETTINGS_PATH = '/settings';
/** The settings' Privacy and data tab, where the archive of the account's data is downloaded. */
export const PRIVACY_SETTINGS_PATH = '/settings?tab=privacy';
/** The settings' Muted tab: the fencers and words the user muted. */
export const MUTED_SETTINGS_PATH = '/settings?tab=muted';

/** The club directory, a new club's form, and one club's page. */
export const CLUBS_PATH = '/clubs';
export const NEW_CLUB_PATH = '/clubs/new';
export const clubPath = (slug: string) => `/clubs/${encodeURIComponent(slug)}`;

/** The events list, a new event's form (`?club=` for a club's), and one event's page. */
export const EVENTS_PATH = '/events';
export const NEW_EVENT_PATH = '/events/new';
export const eventPath = (id: string) => `/events/${encodeURIComponent(id)}`;
/** The form that edits an event (its creator, or its club's admins). */
export const editEventPath = (id: string) => `${eventPath(id)}/edit`;
/** A club's new event: the form with the club chosen. */
export const newClubEventPath = (clubId: string) =>
  `${NEW_EVENT_PATH}?${new URLSearchParams({ club: clubId }).toString()}`;
/** The event as a calendar file, downloaded by a link. */
export const eventCalendarFilePath = (id: string) => `/api/events/${encodeURIComponent(id)}.ics`;

/** The admin pages: the moderation queue, the accounts (one account's page), and the audit (of one account). */
export const MODERATION_PATH = '/moderation';
export const ADMIN_USERS_PATH = '/admin/users';
export const adminUserPath = (userId: string) => `${ADMIN_USERS_PATH}/${encodeURIComponent(userId)}`;
export const ADMIN_AUDIT_PATH = '/admin/audit';
export const adminAuditPath = (userId?: string) =>
  userId ? `${ADMIN_AUDIT_PATH}?${new URLSearchParams({ userId }).toString()}` : ADMIN_AUDIT_PATH;
