import type { AdminUsersPage, AuditPage } from '@piste/contracts';
import * as adminApi from '../api/admin';
import { ApiError } from '../api/client';
import { notify } from '../lib/toast';
import { adminUser, auditEntry } from '../test-support/admin';
import { useAuditStore } from './admin-audit';
import { useAdminUsersStore } from './admin-users';

jest.mock('../api/admin');
jest.mock('../lib/toast', () =>
  jest
    .requireActual<typeof import('../test-support/live-socket-mock')>('../test-support/live-socket-mock')
    .toastModule(),
);

const api = jest.mocked(adminApi);
const toast = jest.mocked(notify);
const users = () => useAdminUsersStore.getState();
const audit = () => useAuditStore.getState();
const page = (ids: string[], nextCursor: string | null = null): AdminUsersPage => ({
  users: ids.map((id) => adminUser(id)),
  nextCursor,
});

beforeEach(() => {
  jest.resetAllMocks();
  users().reset();
  audit().reset();
});

describe('admin account list store', () => {
  it('asks with only the filters that are set, then appends the next page', async () => {
    api.fetchAdminUsers.mockResolvedValueOnce(page(['u1', 'u2'], 'u2'));
    await users().open({ q: '  camille ', status: 'all' });
    expect(api.fetchAdminUsers).toHaveBeenLastCalledWith({ q: 'camille' });
    expect(users()).toMatchObject({ status: 'ready', nextCursor: 'u2' });

    api.fetchAdminUsers.mockResolvedValueOnce(page(['u2', 'u3']));
    await users().loadMore();
    expect(api.fetchAdminUsers).toHaveBeenLastCalledWith({ q: 'camille' }, 'u2');
    expect(users().items.map((u) => u.id)).toEqual(['u1', 'u2', 'u3']);
    expect(users().nextCursor).toBeNull();

    api.fetchAdminUsers.mockResolvedValueOnce(page(['u4']));
    await users().open({ q: '', status: 'suspended' });
    expect(api.fetchAdminUsers).toHaveBeenLastCalledWith({ status: 'suspended' });
    expect(users().items.map((u) => u.id)).toEqual(['u4']);
  });

  it('says so when the list cannot be fetched', async () => {
    api.fetchAdminUsers.mockRejectedValueOnce(new ApiError('Admin access required', 403));
    await users().open({});
    expect(users().status).toBe('error');
    expect(toast.error).toHaveBeenCalledWith('Failed to fetch users', 'Admin access required');
  });
});

describe('audit store', () => {
  it('pages through every entry, or those of one account', async () => {
    const entries = (ids: string[], nextCursor: string | null = null): AuditPage => ({
      entries: ids.map((id) => auditEntry(id)),
      nextCursor,
    });
    api.fetchAudit.mockResolvedValueOnce(entries(['a1', 'a2'], 'a2'));
    await audit().open({});
    expect(api.fetchAudit).toHaveBeenLastCalledWith({});
    api.fetchAudit.mockResolvedValueOnce(entries(['a3']));
    await audit().loadMore();
    expect(api.fetchAudit).toHaveBeenLastCalledWith({}, 'a2');
    expect(audit().items.map((e) => e.id)).toEqual(['a1', 'a2', 'a3']);

    api.fetchAudit.mockResolvedValueOnce(entries(['a9']));
    await audit().open({ userId: 'u1' });
    expect(api.fetchAudit).toHaveBeenLastCalledWith({ userId: 'u1' });
    expect(audit().items.map((e) => e.id)).toEqual(['a9']);
  });
});
