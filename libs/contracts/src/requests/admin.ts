import { z } from 'zod';
import {
  ADMIN_REASON_MAX,
  ADMIN_USER_SEARCH_MAX,
  ADMIN_USER_STATUSES,
  ADMIN_USERS_PAGE_SIZE,
  AUDIT_PAGE_SIZE,
} from '../admin';
import { clientString, pageLimitSchema, requiredText, uuidSchema } from './common';

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

/** GET /api/admin/audit?before=&userId=: newest first; `userId` keeps the entries about or by one account. */
export const auditQuerySchema = z.object({
  limit: pageLimitSchema(AUDIT_PAGE_SIZE),
  before: uuidSchema.optional(),
  userId: uuidSchema.optional(),
});
export type AuditQuery = z.infer<typeof auditQuerySchema>;
