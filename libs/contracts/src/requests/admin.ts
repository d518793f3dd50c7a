import { z } from 'zod';
import {
  ADMIN_REASON_MAX,
  ADMIN_USER_SEARCH_MAX,
  ADMIN_USER_STATUSES,
  ADMIN_USERS_PAGE_SIZE,
  AUDIT_PAGE_SIZE,
} from '../admin';
import { clientString, pageLimitSchema, requiredText, uuidSchema } from './common';
import { english } from '../validation';

/** Every account action takes the admin's reason, which the audit keeps. */
export const adminReasonSchema = z
  .object({ reason: requiredText(english('moderation.reasonRequired'), ADMIN_REASON_MAX) })
  .strict();
export type AdminReasonPayload = z.input<typeof adminReasonSchema>;

/** PATCH /api/admin/users/{id}: grant (true) or revoke (false) admin rights. */
export const setAdminSchema = z
  .object({
    isAdmin: z.boolean({ message: english('admin.isAdmin') }),
    reason: requiredText(english('moderation.reasonRequired'), ADMIN_REASON_MAX),
  })
  .strict();
export type SetAdminPayload = z.input<typeof setAdminSchema>;

/** GET /api/admin/users?q=&status=&before=: newest accounts first; `q` matches username, name or email. */
export const adminUsersQuerySchema = z.object({
  q: clientString()
    .trim()
    .max(ADMIN_USER_SEARCH_MAX, { message: english('search.tooLong', { max: ADMIN_USER_SEARCH_MAX }) })
    .optional()
    .transform((q) => q || undefined),
  status: z.enum(ADMIN_USER_STATUSES, { message: english('admin.userStatus') }).default('all'),
  limit: pageLimitSchema(ADMIN_USERS_PAGE_SIZE),
  before: uuidSchema.optional(),
});
export type AdminUsersQuery = z.infer<typeof adminUsersQuerySchema>;

/** GET /api/admin/audit?before=&userId=: newest first; `userId` keeps the entries about or by one account. */
export const auditQuerySchema = z.object({
  limit: pageLimitSchema(AUDIT_PAGE_SIZE),
  before: uuidSchema.optional(),
  userId: uuidSchema.optional(),
});
export type AuditQuery = z.infer<typeof auditQuerySchema>;
