import type {
  AdminBan,
  AdminPerson,
  AdminUser,
  AdminUserPage,
  AuditAction,
  AuditEntry,
  ReportAgainst,
  ReportCategory,
  ReportStatus,
  ReportTargetType,
} from '@piste/contracts';

/** A timestamp column as the database driver hands it over (a Date, or text from some queries). */
type Time = Date | string;

const iso = (time: Time): string => new Date(time).toISOString();
const isoOrNull = (time: Time | null): string | null => (time === null ? null : iso(time));

/** An account as ADMIN_USER_COLUMNS select it. */
export interface AdminUserRow {
  id: string;
  username: string;
  name: string | null;
  avatar: string | null;
  email: string;
  createdAt: Time;
  lastActiveAt: Time | null;
  isAdmin: boolean;
  bannedUntil: Time | null;
  suspendedAt: Time | null;
  deletionRequestedAt: Time | null;
  reportsAgainst: number;
}

export function toAdminUser(row: AdminUserRow): AdminUser {
  return {
    id: row.id,
    username: row.username,
    name: row.name,
    avatar: row.avatar,
    email: row.email,
    createdAt: iso(row.createdAt),
    lastActiveAt: isoOrNull(row.lastActiveAt),
    isAdmin: row.isAdmin,
    bannedUntil: isoOrNull(row.bannedUntil),
    suspendedAt: isoOrNull(row.suspendedAt),
    deletionRequestedAt: isoOrNull(row.deletionRequestedAt),
    reportsAgainst: Number(row.reportsAgainst),
  };
}

/** An account with what its page adds: profile, dates and counts. */
export interface AdminUserDetailRow extends AdminUserRow {
  title: string | null;
  role: string;
  emailVerifiedAt: Time | null;
  suspendedReason: string | null;
  posts: number;
  comments: number;
  connections: number;
  clubs: number;
}

/** The account's page, from its row and the lists the service read for it. */
export function toAdminUserPage(
  row: AdminUserDetailRow,
  lists: Pick<AdminUserPage, 'reports' | 'bans' | 'audit'>,
): AdminUserPage {
  return {
    user: {
      ...toAdminUser(row),
      title: row.title,
      role: row.role,
      emailVerifiedAt: isoOrNull(row.emailVerifiedAt),
      suspendedReason: row.suspendedReason,
    },
    counts: {
      posts: Number(row.posts),
      comments: Number(row.comments),
      connections: Number(row.connections),
      clubs: Number(row.clubs),
    },
    ...lists,
  };
}

/** Who a row names through `{prefix}Id`, `{prefix}Username` and `{prefix}Name`: null once the account is gone. */
function person(id: string | null, username: string | null, name: string | null): AdminPerson | null {
  return id && username ? { id, username, name } : null;
}

export interface AdminBanRow {
  id: string;
  reason: string;
  bannedUntil: Time;
  createdAt: Time;
  liftedAt: Time | null;
  bannedById: string | null;
  bannedByUsername: string | null;
  bannedByName: string | null;
  liftedById: string | null;
  liftedByUsername: string | null;
  liftedByName: string | null;
}

export function toAdminBan(row: AdminBanRow, now: Date): AdminBan {
  return {
    id: row.id,
    reason: row.reason,
    bannedUntil: iso(row.bannedUntil),
    createdAt: iso(row.createdAt),
    bannedBy: person(row.bannedById, row.bannedByUsername, row.bannedByName),
    liftedAt: isoOrNull(row.liftedAt),
    liftedBy: person(row.liftedById, row.liftedByUsername, row.liftedByName),
    active: row.liftedAt === null && new Date(row.bannedUntil) > now,
  };
}

export interface ReportAgainstRow {
  id: string;
  targetType: ReportTargetType;
  postId: string | null;
  category: ReportCategory | null;
  reason: string;
  description: string | null;
  status: ReportStatus;
  createdAt: Time;
  resolvedAt: Time | null;
  content: string;
  deleted: boolean;
}

export function toReportAgainst(row: ReportAgainstRow): ReportAgainst {
  return {
    id: row.id,
    targetType: row.targetType,
    postId: row.postId,
    category: row.category,
    reason: row.reason,
    description: row.description,
    status: row.status,
    createdAt: iso(row.createdAt),
    resolvedAt: isoOrNull(row.resolvedAt),
    content: row.content,
    deleted: row.deleted,
  };
}

export interface AuditEntryRow {
  id: string;
  action: AuditAction;
  createdAt: Time;
  reportId: string | null;
  reason: string | null;
  detail: string | null;
  actorId: string | null;
  actorUsername: string | null;
  actorName: string | null;
  targetId: string | null;
  targetUsername: string | null;
  targetName: string | null;
}

export function toAuditEntry(row: AuditEntryRow): AuditEntry {
  return {
    id: row.id,
    action: row.action,
    createdAt: iso(row.createdAt),
    actor: person(row.actorId, row.actorUsername, row.actorName),
    target: person(row.targetId, row.targetUsername, row.targetName),
    reportId: row.reportId,
    reason: row.reason,
    detail: row.detail,
  };
}
