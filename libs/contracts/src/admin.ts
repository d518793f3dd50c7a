import { z } from 'zod';
import { REPORT_CATEGORIES, REPORT_STATUSES, REPORT_TARGET_TYPES } from './constants';
import { clientString, pageLimitSchema, requiredText, uuidSchema } from './common';

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

/** Every account action takes the admin's reason, which the audit keeps. */
export const adminReasonSchema = z
  .object({ reason: requiredText('Please give a reason', ADMIN_REASON_MAX) })
  .strict();
export type AdminReasonPayload = z.input<typeof adminReasonSchema>;

/** PATCH /api/admin/users/{id}: grant (true) or revoke (false) admin rights. */
export const setAdminSchema = z
  .object({
    isAdmin: z.boolean({ message: 'isAdmin must be true or false' }),
    reason: requiredText('Please give a reason', ADMIN_REASON_MAX),
  })
  .strict();
export type SetAdminPayload = z.input<typeof setAdminSchema>;

/**
 * Which accounts the list shows: every one, admins, those banned from posting now, suspended ones, or those being
 * deleted (asked for by their owner or an admin; the job removes them within a minute).
 */
export const ADMIN_USER_STATUSES = ['all', 'admin', 'banned', 'suspended', 'deleted'] as const;
export type AdminUserStatus = (typeof ADMIN_USER_STATUSES)[number];

export const ADMIN_USERS_PAGE_SIZE = 20;
export const ADMIN_USER_SEARCH_MAX = 100;

/** GET /api/admin/users?q=&status=&before=: newest accounts first; `q` matches username, name or email. */
export const adminUsersQuerySchema = z.object({
  q: clientString()
    .trim()
    .max(ADMIN_USER_SEARCH_MAX, { message: `Search text can be at most ${ADMIN_USER_SEARCH_MAX} characters` })
    .optional()
    .transform((q) => q || undefined),
  status: z
    .enum(ADMIN_USER_STATUSES, { message: 'Status must be all, admin, banned, suspended or deleted' })
    .default('all'),
  limit: pageLimitSchema(ADMIN_USERS_PAGE_SIZE),
  before: uuidSchema.optional(),
});
export type AdminUsersQuery = z.infer<typeof adminUsersQuerySchema>;

/** One account as the admin list shows it. */
export const adminUserSchema = z.object({
  id: z.string(),
  username: z.string(),
  name: z.string().nullable(),
  avatar: z.string().nullable(),
  email: z.string(),
  createdAt: z.string(),
  /** The last sign-in or activity of a session; null when unknown. */
  lastActiveAt: z.string().nullable(),
  isAdmin: z.boolean(),
  /** The end of the ban from posting that ends last, while one lasts. */
  bannedUntil: z.string().nullable(),
  suspendedAt: z.string().nullable(),
  /** When the account's deletion was asked for: it is going. */
  deletionRequestedAt: z.string().nullable(),
  /** Reports made against this fencer (about their posts, comments, messages or them), whatever their status. */
  reportsAgainst: z.number().int().min(0),
});
export type AdminUser = z.infer<typeof adminUserSchema>;

export const adminUsersPageSchema = z.object({
  users: z.array(adminUserSchema),
  /** The `before` of the next page; null when there is none. */
  nextCursor: z.string().nullable(),
});
export type AdminUsersPage = z.infer<typeof adminUsersPageSchema>;

/** Who an audit entry, a ban or a lift names: an account, while it exists. */
export const adminPersonSchema = z.object({
  id: z.string(),
  username: z.string(),
  name: z.string().nullable(),
});
export type AdminPerson = z.infer<typeof adminPersonSchema>;

/** A ban in the admin's view of an account: its history, with whether it lasts now and who lifted it early. */
export const adminBanSchema = z.object({
  id: z.string(),
  reason: z.string(),
  bannedUntil: z.string(),
  createdAt: z.string(),
  bannedBy: adminPersonSchema.nullable(),
  liftedAt: z.string().nullable(),
  liftedBy: adminPersonSchema.nullable(),
  /** Neither over nor lifted. */
  active: z.boolean(),
});
export type AdminBan = z.infer<typeof adminBanSchema>;

/** A report against the account: what was reported (a snapshot, kept after the content is gone) and where it stands. */
export const reportAgainstSchema = z.object({
  id: z.string(),
  /** What was reported: one of their posts, comments or messages, or them. */
  targetType: z.enum(REPORT_TARGET_TYPES),
  postId: z.string().nullable(),
  /** The report's category; null for the spec's post reports, which give a free-text reason. */
  category: z.enum(REPORT_CATEGORIES).nullable(),
  reason: z.string(),
  description: z.string().nullable(),
  status: z.enum(REPORT_STATUSES),
  createdAt: z.string(),
  resolvedAt: z.string().nullable(),
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
  actor: adminPersonSchema.nullable(),
  /** The account acted on; null when none is known, or once it is gone. */
  target: adminPersonSchema.nullable(),
  reportId: z.string().nullable(),
  reason: z.string().nullable(),
  /** What else the action recorded, e.g. a ban's length. */
  detail: z.string().nullable(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

/** The latest audit entries an account's page shows; the audit page pages through all of them. */
export const ADMIN_USER_AUDIT_SHOWN = 20;
/** The latest reports against an account its page shows. */
export const ADMIN_USER_REPORTS_SHOWN = 50;

/** GET /api/admin/users/{id}: everything an admin needs to decide about an account. */
export const adminUserPageSchema = z.object({
  user: adminUserSchema.extend({
    title: z.string().nullable(),
    role: z.string(),
    emailVerifiedAt: z.string().nullable(),
    suspendedReason: z.string().nullable(),
  }),
  counts: z.object({
    posts: z.number().int().min(0),
    comments: z.number().int().min(0),
    connections: z.number().int().min(0),
    clubs: z.number().int().min(0),
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

/** GET /api/admin/audit?before=&userId=: newest first; `userId` keeps the entries about or by one account. */
export const auditQuerySchema = z.object({
  limit: pageLimitSchema(AUDIT_PAGE_SIZE),
  before: uuidSchema.optional(),
  userId: uuidSchema.optional(),
});
export type AuditQuery = z.infer<typeof auditQuerySchema>;

export const auditPageSchema = z.object({
  entries: z.array(auditEntrySchema),
  nextCursor: z.string().nullable(),
});
export type AuditPage = z.infer<typeof auditPageSchema>;

/** `ban:lifted`, to the user's own room: an admin lifted a ban; `bannedUntil` is what remains (null: free). */
export const banLiftedSchema = z.object({ banId: z.string(), bannedUntil: z.string().nullable() });
export type BanLifted = z.infer<typeof banLiftedSchema>;
