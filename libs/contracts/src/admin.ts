import { REPORT_CATEGORIES, REPORT_STATUSES, REPORT_TARGET_TYPES } from './constants';
import { z } from './zod';

const count = z.int().check(z.minimum(0));

/**
 * Account administration (DESIGN.md §4e), for admins only: finding fencers, suspending and unsuspending them,
 * lifting bans, deleting accounts and granting or revoking admin rights. Every such action, and every moderation
 * action on reports and posts, is written to one audit with who did it, to whom, why and when.
 */

/** What the audit records: the moderation of reports and posts, and the administration of accounts. */
export const AUDIT_ACTIONS = [
  'dismiss',
  'resolve',
  'delete',
  'ban',
  'suspend',
  'unsuspend',
  'lift-ban',
  'delete-account',
  'grant-admin',
  'revoke-admin',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** The refusals an account can meet at sign-in and on the admin pages, written once. */
export const SUSPENDED_MESSAGE = 'This account is suspended';
export const LAST_ADMIN_MESSAGE = 'The last admin cannot be demoted';
/** An admin deleting their own account, with no other admin to take over. */
export const ONLY_ADMIN_MESSAGE =
  'You are the only admin: make someone else an admin before deleting your account';

/** The longest reason an admin may give for an action. */
export const ADMIN_REASON_MAX = 500;

/**
 * Which accounts the list shows: every one, admins, those banned from posting now, suspended ones, or those being
 * deleted (asked for by their owner or an admin; the job removes them within a minute).
 */
export const ADMIN_USER_STATUSES = ['all', 'admin', 'banned', 'suspended', 'deleted'] as const;
export type AdminUserStatus = (typeof ADMIN_USER_STATUSES)[number];

export const ADMIN_USERS_PAGE_SIZE = 20;
export const ADMIN_USER_SEARCH_MAX = 100;

/** One account as the admin list shows it. */
export const adminUserSchema = z.object({
  id: z.string(),
  username: z.string(),
  name: z.nullable(z.string()),
  avatar: z.nullable(z.string()),
  email: z.string(),
  createdAt: z.string(),
  /** The last sign-in or activity of a session; null when unknown. */
  lastActiveAt: z.nullable(z.string()),
  isAdmin: z.boolean(),
  /** The end of the ban from posting that ends last, while one lasts. */
  bannedUntil: z.nullable(z.string()),
  suspendedAt: z.nullable(z.string()),
  /** When the account's deletion was asked for: it is going. */
  deletionRequestedAt: z.nullable(z.string()),
  /** Reports made against this fencer (about their posts, comments, messages or them), whatever their status. */
  reportsAgainst: count,
});
export type AdminUser = z.infer<typeof adminUserSchema>;

export const adminUsersPageSchema = z.object({
  users: z.array(adminUserSchema),
  /** The `before` of the next page; null when there is none. */
  nextCursor: z.nullable(z.string()),
});
export type AdminUsersPage = z.infer<typeof adminUsersPageSchema>;

/** Who an audit entry, a ban or a lift names: an account, while it exists. */
export const adminPersonSchema = z.object({
  id: z.string(),
  username: z.string(),
  name: z.nullable(z.string()),
});
export type AdminPerson = z.infer<typeof adminPersonSchema>;

/** A ban in the admin's view of an account: its history, with whether it lasts now and who lifted it early. */
export const adminBanSchema = z.object({
  id: z.string(),
  reason: z.string(),
  bannedUntil: z.string(),
  createdAt: z.string(),
  bannedBy: z.nullable(adminPersonSchema),
  liftedAt: z.nullable(z.string()),
  liftedBy: z.nullable(adminPersonSchema),
  /** Neither over nor lifted. */
  active: z.boolean(),
});
export type AdminBan = z.infer<typeof adminBanSchema>;

/** A report against the account: what was reported (a snapshot, kept after the content is gone) and where it stands. */
export const reportAgainstSchema = z.object({
  id: z.string(),
  /** What was reported: one of their posts, comments or messages, or them. */
  targetType: z.enum(REPORT_TARGET_TYPES),
  postId: z.nullable(z.string()),
  /** The report's category; null for the spec's post reports, which give a free-text reason. */
  category: z.nullable(z.enum(REPORT_CATEGORIES)),
  reason: z.string(),
  description: z.nullable(z.string()),
  status: z.enum(REPORT_STATUSES),
  createdAt: z.string(),
  resolvedAt: z.nullable(z.string()),
  /** The reported text as it was. */
  content: z.string(),
  /** What was reported is gone (deleted by its author or an admin). */
  deleted: z.boolean(),
});
export type ReportAgainst = z.infer<typeof reportAgainstSchema>;

/** One line of the audit: who did what to whom, why and when. */
export const auditEntrySchema = z.object({
  id: z.string(),
  action: z.enum(AUDIT_ACTIONS),
  createdAt: z.string(),
  /** The admin who acted; null once their account is gone. */
  actor: z.nullable(adminPersonSchema),
  /** The account acted on; null when none is known, or once it is gone. */
  target: z.nullable(adminPersonSchema),
  reportId: z.nullable(z.string()),
  reason: z.nullable(z.string()),
  /** What else the action recorded, e.g. a ban's length. */
  detail: z.nullable(z.string()),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

/** The latest audit entries an account's page shows; the audit page pages through all of them. */
export const ADMIN_USER_AUDIT_SHOWN = 20;
/** The latest reports against an account its page shows. */
export const ADMIN_USER_REPORTS_SHOWN = 50;

/** GET /api/admin/users/{id}: everything an admin needs to decide about an account. */
export const adminUserPageSchema = z.object({
  user: z.extend(adminUserSchema, {
    title: z.nullable(z.string()),
    role: z.string(),
    emailVerifiedAt: z.nullable(z.string()),
    suspendedReason: z.nullable(z.string()),
  }),
  counts: z.object({
    posts: count,
    comments: count,
    connections: count,
    clubs: count,
  }),
  /** Newest first. */
  reports: z.array(reportAgainstSchema),
  /** Every ban, newest first. */
  bans: z.array(adminBanSchema),
  /** The latest entries about the account, or made by it (an admin's own actions), newest first. */
  audit: z.array(auditEntrySchema),
});
export type AdminUserPage = z.infer<typeof adminUserPageSchema>;

export const AUDIT_PAGE_SIZE = 30;

export const auditPageSchema = z.object({
  entries: z.array(auditEntrySchema),
  nextCursor: z.nullable(z.string()),
});
export type AuditPage = z.infer<typeof auditPageSchema>;

/** `ban:lifted`, to the user's own room: an admin lifted a ban; `bannedUntil` is what remains (null: free). */
export const banLiftedSchema = z.object({ banId: z.string(), bannedUntil: z.nullable(z.string()) });
export type BanLifted = z.infer<typeof banLiftedSchema>;
