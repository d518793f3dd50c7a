import {
  adminUserPageSchema,
  adminUsersPageSchema,
  auditPageSchema,
  type AdminUserPage,
  type AdminUsersPage,
  type AdminUserStatus,
  type AuditPage,
} from '@piste/contracts';
import { api } from './client';

/** The account administration calls of DESIGN.md §4e (admins only). Each action answers with the account's page. */

function withParams(path: string, params: Record<string, string | undefined>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value) search.set(key, value);
  const query = search.toString();
  return query ? `${path}?${query}` : path;
}

const userPath = (userId: string) => `/api/admin/users/${encodeURIComponent(userId)}`;

/** What the account list is narrowed to: text in a username, name or email, and a status. */
export interface AdminUserFilters {
  q?: string;
  status?: AdminUserStatus;
}

/** GET /api/admin/users: newest accounts first, a page at a time. */
export function fetchAdminUsers(filters: AdminUserFilters, before?: string): Promise<AdminUsersPage> {
  return api.get(withParams('/api/admin/users', { ...filters, before }), adminUsersPageSchema);
}

export function fetchAdminUser(userId: string): Promise<AdminUserPage> {
  return api.get(userPath(userId), adminUserPageSchema);
}

export function suspendUser(userId: string, reason: string): Promise<AdminUserPage> {
  return api.post(`${userPath(userId)}/suspend`, { reason }, adminUserPageSchema);
}

export function unsuspendUser(userId: string, reason: string): Promise<AdminUserPage> {
  return api.post(`${userPath(userId)}/unsuspend`, { reason }, adminUserPageSchema);
}

/** POST …/delete: signed out now, gone within a minute. */
export function deleteUser(userId: string, reason: string): Promise<AdminUserPage> {
  return api.post(`${userPath(userId)}/delete`, { reason }, adminUserPageSchema);
}

/** PATCH /api/admin/users/{id}: grants (true) or revokes (false) admin rights. */
export function setAdmin(userId: string, isAdmin: boolean, reason: string): Promise<AdminUserPage> {
  return api.patch(userPath(userId), { isAdmin, reason }, adminUserPageSchema);
}

/** DELETE /api/bans/{id} with the reason in the body: answers with the banned user's page. */
export function liftBan(banId: string, reason: string): Promise<AdminUserPage> {
  return api.delete(`/api/bans/${encodeURIComponent(banId)}`, adminUserPageSchema, { reason });
}

/** What the audit is narrowed to: the entries about or by one account. */
export interface AuditFilters {
  userId?: string;
}

/** GET /api/admin/audit: newest first, a page at a time. */
export function fetchAudit(filters: AuditFilters, before?: string): Promise<AuditPage> {
  return api.get(withParams('/api/admin/audit', { ...filters, before }), auditPageSchema);
}
