/** The spec's business constants (section 9) and enumerations (sections 1 and 3). */

export const PRODUCT_NAME = 'Piste';

export const WEAPONS = ['epee', 'foil', 'sabre'] as const;
export type Weapon = (typeof WEAPONS)[number];
export const DEFAULT_WEAPON: Weapon = 'epee';
export const WEAPON_LABELS: Record<Weapon, string> = { epee: 'Épée', foil: 'Foil', sabre: 'Sabre' };
export function isWeapon(value: unknown): value is Weapon {
  return typeof value === 'string' && (WEAPONS as readonly string[]).includes(value);
}

/** Author roles shown with an icon and colour; `student` is the default and gets the default style. */
export const ROLES = [
  'student',
  'youth',
  'cadet_junior',
  'div_3',
  'div_2',
  'div_1',
  'div_1a',
  'adult',
  'senior_team',
  'para_fencing',
  'coach',
  'parent',
  'referee',
  'armorist',
] as const;
export type Role = (typeof ROLES)[number];
export const DEFAULT_ROLE: Role = 'student';

export const POST_TYPES = ['general', 'drill', 'achievement'] as const;
export type PostType = (typeof POST_TYPES)[number];
/**
 * Who sees a post (§4c, §4d): everyone signed in, the author's connections only, or the members of the club it
 * was posted to.
 */
export const POST_VISIBILITIES = ['public', 'connections', 'club'] as const;
export type PostVisibility = (typeof POST_VISIBILITIES)[number];

export const MEDIA_TYPES = ['image', 'video'] as const;
export type MediaType = (typeof MEDIA_TYPES)[number];

export const FRIEND_REQUEST_STATUSES = ['pending', 'accepted', 'declined'] as const;
export type FriendRequestStatus = (typeof FRIEND_REQUEST_STATUSES)[number];

export const REPORT_STATUSES = ['pending', 'dismissed', 'resolved'] as const;
export type ReportStatus = (typeof REPORT_STATUSES)[number];

/** What a report is about (§4e): a post, a comment, a direct message or a fencer. */
export const REPORT_TARGET_TYPES = ['post', 'comment', 'message', 'user'] as const;
export type ReportTargetType = (typeof REPORT_TARGET_TYPES)[number];

/** Why something is reported (§4e); the spec's own post reports keep a free-text reason instead. */
export const REPORT_CATEGORIES = [
  'spam',
  'harassment',
  'hate',
  'violence',
  'sexual',
  'self-harm',
  'impersonation',
  'other',
] as const;
export type ReportCategory = (typeof REPORT_CATEGORIES)[number];
export const REPORT_CATEGORY_LABELS: Record<ReportCategory, string> = {
  spam: 'Spam',
  harassment: 'Harassment',
  hate: 'Hate',
  violence: 'Violence',
  sexual: 'Sexual content',
  'self-harm': 'Self-harm',
  impersonation: 'Impersonation',
  other: 'Other',
};

export const NOTIFICATION_TYPES = [
  'like',
  'comment',
  'follow',
  'achievement',
  'message',
  'mention',
  'club',
  'event',
  'bout',
  'other',
] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

export const FEED_PAGE_SIZE = 10;
export const MAX_PAGE_LIMIT = 50;
export const MESSAGES_PAGE_SIZE = 30;

export const MB = 1024 * 1024;
export const POST_MEDIA_MAX_BYTES = 50 * MB;
export const AVATAR_MAX_BYTES = 10 * MB;
export const MIN_PASSWORD_LENGTH = 6;

export const BAN_DURATIONS = [
  { hours: 1, label: '1 hour' },
  { hours: 24, label: '24 hours' },
  { hours: 168, label: '7 days' },
  { hours: 720, label: '30 days' },
] as const;
export type BanDurationHours = (typeof BAN_DURATIONS)[number]['hours'];
export const DEFAULT_BAN_HOURS: BanDurationHours = 24;
export const DEFAULT_BAN_REASON = 'Violation of community guidelines';

export const RESOLVED_REPORTS_LIMIT = 10;
export const NEW_CONVERSATION_SELECT_DELAY_MS = 300;
export const DEFAULT_REPORT_REASON = 'Inappropriate content';

export const TOAST_LIMIT = 1;
export const TOAST_DURATION_MS = 5000;

/** Bounded text sizes, so no field can grow without limit. */
export const LIMITS = {
  username: 40,
  name: 80,
  email: 254,
  title: 120,
  bio: 1000,
  location: 120,
  password: 200,
  postContent: 5000,
  commentContent: 2000,
  messageContent: 4000,
  detailField: 200,
  reportReason: 500,
  banReason: 500,
} as const;

/** Ids per `posts:watch` / `posts:unwatch` (and `comments:…`, `events:…`) message: 50 uuids keep it well under the socket message limit (4 KiB). */
export const POST_WATCH_MAX_IDS = 50;
