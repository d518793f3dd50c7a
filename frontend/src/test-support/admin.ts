import type { AdminUser, AdminUserPage, AuditEntry } from '@piste/contracts';

/** An account as the admin list shows it: a plain fencer unless the test says otherwise. */
export function adminUser(id: string, overrides: Partial<AdminUser> = {}): AdminUser {
  return {
    id,
    username: `fencer_${id}`,
    name: `Fencer ${id}`,
    avatar: null,
    email: `fencer_${id}@example.com`,
    createdAt: '2026-11-01T10:00:00.000Z',
    lastActiveAt: '2026-11-20T10:00:00.000Z',
    isAdmin: false,
    bannedUntil: null,
    suspendedAt: null,
    deletionRequestedAt: null,
    reportsAgainst: 0,
    ...overrides,
  };
}

/** An account's admin page, with nothing against it unless the test says otherwise. */
export function adminUserPage(
  id: string,
  user: Partial<AdminUserPage['user']> = {},
  lists: Partial<Pick<AdminUserPage, 'bans' | 'reports' | 'audit'>> = {},
): AdminUserPage {
  return {
    user: {
      ...adminUser(id),
      title: null,
      role: 'student',
      emailVerifiedAt: null,
      suspendedReason: null,
      ...user,
    },
    counts: { posts: 3, comments: 5, connections: 2, clubs: 1 },
    reports: [],
    bans: [],
    audit: [],
    ...lists,
  };
}

/** An audit entry: an admin suspended a fencer, unless the test says otherwise. */
export function auditEntry(id: string, overrides: Partial<AuditEntry> = {}): AuditEntry {
  return {
    id,
    action: 'suspend',
    createdAt: '2026-11-21T10:00:00.000Z',
    actor: { id: 'admin', username: 'admin', name: 'Ada Admin' },
    target: { id: 'u1', username: 'camille', name: 'Camille Roux' },
    reportId: null,
    reason: 'Spam account',
    detail: null,
    ...overrides,
  };
}
