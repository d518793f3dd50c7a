import type { AdminUsersPage as UsersPage, AuditPage as EntriesPage } from '@piste/contracts';
import { act } from 'react';
import * as adminApi from '../../api/admin';
import { useAuditStore } from '../../stores/admin-audit';
import { useAdminUsersStore } from '../../stores/admin-users';
import { adminUser, auditEntry } from '../../test-support/admin';
import { mountEach, settle, typeInto } from '../../test-support/mounted';
import { routerAddress } from '../../test-support/router-mock';
import { sessionUser } from '../../test-support/session-user';
import { AdminUsersPage, USER_SEARCH_DEBOUNCE_MS } from './AdminUsersPage';
import { AuditPage } from './AuditPage';

jest.mock('../../lib/router', () => jest.requireActual('../../test-support/router-mock').routerModule());
jest.mock('../../api/admin');
jest.mock('../../lib/toast', () => jest.requireActual('../../test-support/live-socket-mock').toastModule());

const api = jest.mocked(adminApi);
const address = routerAddress();
const admin = sessionUser({ id: 'admin', username: 'ada', name: 'Ada', isAdmin: true });
const fencer = sessionUser({ id: 'u9', username: 'bob', name: 'Bob' });
/** A reply that arrives on the next turn, as over the network. */
const later = <T,>(value: T) => new Promise<T>((resolve) => setTimeout(() => resolve(value), 0));
/** Waits past the search box's pause, then lets the replies it asked for arrive. */
const waited = async () => {
  await act(() => new Promise((resolve) => setTimeout(resolve, USER_SEARCH_DEBOUNCE_MS + 50)));
  await settle(() => undefined);
};

beforeEach(() => {
  jest.resetAllMocks();
  useAdminUsersStore.getState().reset();
  useAuditStore.getState().reset();
});

describe('AdminUsersPage', () => {
  const page = (ids: string[], nextCursor: string | null = null): UsersPage => ({
    users: ids.map((id) =>
      adminUser(
        id,
        id === 'u2'
          ? { isAdmin: true, suspendedAt: null, reportsAgainst: 0 }
          : { reportsAgainst: 2, suspendedAt: '2026-11-20T10:00:00.000Z' },
      ),
    ),
    nextCursor,
  });
  beforeEach(() => {
    address.visit('/admin/users?q=fen&status=suspended');
    api.fetchAdminUsers.mockImplementation((_, before) =>
      later(before ? page(['u3']) : page(['u1', 'u2'], 'u2')),
    );
  });
  const view = mountEach(() => <AdminUsersPage user={admin} />);
  const host = () => view.host();
  const cards = () => [...host().querySelectorAll('[data-testid=admin-user-card]')];

  it('searches with the address’s filters and lists each account with its badges and reports', async () => {
    await waited();
    expect(api.fetchAdminUsers).toHaveBeenCalledWith({ q: 'fen', status: 'suspended' });
    expect(host().querySelector<HTMLInputElement>('#admin-users-q')!.value).toBe('fen');
    expect(cards()).toHaveLength(2);
    const first = cards()[0];
    expect(first.querySelector('a')?.getAttribute('href')).toBe('/admin/users/u1');
    expect(first.textContent).toContain('@fencer_u1 · fencer_u1@example.com');
    expect(first.textContent).toContain('Suspended');
    expect(first.textContent).toContain('2 reports');
    expect(cards()[1].textContent).toContain('Admin');
    expect(cards()[1].textContent).toContain('No reports');

    const more = [...host().querySelectorAll('button')].find((b) => b.textContent?.includes('Load More'))!;
    await settle(() => more.click());
    await settle(() => undefined);
    expect(api.fetchAdminUsers).toHaveBeenLastCalledWith({ q: 'fen', status: 'suspended' }, 'u2');
    expect(cards()).toHaveLength(3);
  });

  it('follows the search box and the status, and keeps them in the address', async () => {
    await waited();
    typeInto(host().querySelector<HTMLInputElement>('#admin-users-q')!, 'camille');
    typeInto(host().querySelector<HTMLSelectElement>('#admin-users-status')!, 'all');
    await waited();
    expect(api.fetchAdminUsers).toHaveBeenLastCalledWith({ q: 'camille' });
    expect(address.current()).toBe('/admin/users?q=camille');
  });
});

describe('AdminUsersPage for someone who is not an admin', () => {
  const view = mountEach(() => <AdminUsersPage user={fencer} />);

  it('says Access Denied and asks the server nothing', async () => {
    await waited();
    expect(view.host().querySelector('h1')?.textContent).toBe('Access Denied');
    expect(api.fetchAdminUsers).not.toHaveBeenCalled();
  });
});

describe('AuditPage', () => {
  const entries: EntriesPage = {
    entries: [
      auditEntry('a1'),
      auditEntry('a2', { action: 'grant-admin', reason: 'New moderator' }),
      auditEntry('a3', { action: 'delete-account', target: null, reason: 'Spam bot' }),
      auditEntry('a4', { action: 'dismiss', actor: null, reason: null, reportId: 'r1' }),
    ],
    nextCursor: null,
  };
  beforeEach(() => {
    address.visit('/admin/audit?userId=u1');
    api.fetchAudit.mockImplementation(() => later(entries));
  });
  const view = mountEach(() => <AuditPage user={admin} />);

  it('reads each entry as who did what to whom, why and when', async () => {
    await waited();
    expect(api.fetchAudit).toHaveBeenCalledWith({ userId: 'u1' });
    const lines = [...view.host().querySelectorAll('[data-testid=audit-entry] p:first-child')].map(
      (p) => p.textContent,
    );
    expect(lines).toEqual([
      'Ada Admin suspended Camille Roux',
      'Ada Admin made Camille Roux an admin',
      'Ada Admin deleted the account of a deleted account',
      'A former admin dismissed a report against Camille Roux',
    ]);
    expect(view.host().textContent).toContain('Reason: New moderator');
    expect(view.host().textContent).toContain('Showing the entries about or by one account.');
  });
});
