import * as adminApi from '../../api/admin';
import { useAdminUserPageStore } from '../../stores/admin-user-page';
import { adminUserPage, auditEntry } from '../../test-support/admin';
import { mountEach, settle, typeInto } from '../../test-support/mounted';
import { sessionUser } from '../../test-support/session-user';
import { AdminUserPage } from './AdminUserPage';

const mockParams: { userId?: string } = {};
jest.mock('../../lib/router', () => ({
  ...jest
    .requireActual<typeof import('../../test-support/router-mock')>('../../test-support/router-mock')
    .routerModule(),
  useParams: () => mockParams,
}));
jest.mock('../../api/admin');
jest.mock('../../lib/toast', () => jest.requireActual('../../test-support/live-socket-mock').toastModule());

// jsdom has no modal dialogs; opening one only needs to mark it open here.
HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
  this.open = true;
};
HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement) {
  this.open = false;
};

const api = jest.mocked(adminApi);
const admin = sessionUser({ id: 'admin', username: 'ada', name: 'Ada', isAdmin: true });
const BAN = {
  id: 'b1',
  reason: 'Flooding',
  bannedUntil: '2027-01-01T10:00:00.000Z',
  createdAt: '2026-11-20T10:00:00.000Z',
  bannedBy: { id: 'admin', username: 'ada', name: 'Ada' },
  liftedAt: null,
  liftedBy: null,
  active: true,
};

let shown = adminUserPage('u1', { name: 'Camille Roux', username: 'camille', reportsAgainst: 1 });
beforeEach(() => {
  jest.resetAllMocks();
  useAdminUserPageStore.getState().reset();
  mockParams.userId = 'u1';
  api.fetchAdminUser.mockImplementation(() => later(shown));
});

/** A reply that arrives on the next turn, as over the network: the test's next settle takes it in. */
const later = <T,>(value: T) => new Promise<T>((resolve) => setTimeout(() => resolve(value), 0));
const host = () => document.body;
const text = () => host().textContent ?? '';
const button = (name: string) =>
  [...host().querySelectorAll<HTMLButtonElement>('button')].find((b) => b.textContent?.trim() === name);
const dialog = () => host().querySelector<HTMLDialogElement>('dialog')!;
const loaded = () => settle(() => undefined);

describe('AdminUserPage for an admin', () => {
  beforeAll(() => {
    shown = adminUserPage(
      'u1',
      { name: 'Camille Roux', username: 'camille', reportsAgainst: 1, bannedUntil: BAN.bannedUntil },
      {
        bans: [BAN],
        reports: [
          {
            id: 'r1',
            targetType: 'post',
            postId: 'p1',
            category: null,
            reason: 'Inappropriate content',
            description: null,
            status: 'pending',
            createdAt: '2026-11-20T10:00:00.000Z',
            resolvedAt: null,
            content: 'Cheap blades, DM me',
            deleted: false,
          },
        ],
        audit: [auditEntry('a1', { action: 'ban', detail: '24 hours', reason: 'Flooding' })],
      },
    );
  });
  mountEach(() => <AdminUserPage user={admin} />);
  beforeEach(loaded);

  it('shows the account, its counts, the reports against it, its bans and its audit', () => {
    expect(api.fetchAdminUser).toHaveBeenCalledWith('u1');
    expect(host().querySelector('h1')?.textContent).toBe('Camille Roux');
    expect(text()).toContain('@camille');
    expect(text()).toContain('fencer_u1@example.com');
    expect([...host().querySelectorAll('ul[aria-label=Status] li')].map((li) => li.textContent)).toEqual([
      'Banned',
    ]);
    expect(text()).toContain('Reports against them (1)');
    expect(text()).toContain('Cheap blades, DM me');
    expect(text()).toContain('Bans (1)');
    expect(host().querySelector('[data-testid=audit-entry]')?.textContent).toContain(
      'Ada Admin banned Camille Roux from posting · 24 hours',
    );
    // A banned fencer is not made an admin: the page says why.
    expect(button('Make admin')?.disabled).toBe(true);
    expect(text()).toContain('Lift their ban to make them an admin');
  });

  it('asks for a reason before suspending, then shows the account as the server answers', async () => {
    await settle(() => button('Suspend')!.click());
    expect(dialog().open).toBe(true);
    expect(dialog().textContent).toContain('Suspend Camille Roux?');
    const confirm = () => button('Suspend account')!;
    expect(confirm().disabled).toBe(true);
    typeInto(host().querySelector<HTMLTextAreaElement>('#admin-reason')!, '  Sock puppet ');
    expect(confirm().disabled).toBe(false);
    api.suspendUser.mockResolvedValueOnce(
      adminUserPage('u1', {
        name: 'Camille Roux',
        suspendedAt: '2026-11-22T10:00:00.000Z',
        suspendedReason: 'Sock puppet',
      }),
    );
    await settle(() => confirm().click());
    await loaded();
    expect(api.suspendUser).toHaveBeenCalledWith('u1', 'Sock puppet');
    expect(dialog().open).toBe(false);
    expect(host().querySelector('[data-testid=suspension-notice]')?.textContent).toContain('Sock puppet');
    expect(button('Unsuspend')).toBeDefined();
  });

  it('lifts a ban from its row', async () => {
    await settle(() => button('Lift ban')!.click());
    expect(dialog().textContent).toContain('Lift this ban?');
    typeInto(host().querySelector<HTMLTextAreaElement>('#admin-reason')!, 'Appeal accepted');
    api.liftBan.mockResolvedValueOnce(adminUserPage('u1'));
    await settle(() => dialog().querySelector<HTMLButtonElement>('button[type=submit]')!.click());
    expect(api.liftBan).toHaveBeenCalledWith('b1', 'Appeal accepted');
  });

  it('Cancel changes nothing', async () => {
    await settle(() => button('Delete account')!.click());
    expect(dialog().textContent).toContain("Delete Camille Roux's account?");
    await settle(() => button('Cancel')!.click());
    expect(dialog().open).toBe(false);
    expect(api.deleteUser).not.toHaveBeenCalled();
  });
});

describe('AdminUserPage of an admin account', () => {
  beforeAll(() => {
    shown = adminUserPage('u1', { name: 'Other Admin', isAdmin: true });
  });
  mountEach(() => <AdminUserPage user={admin} />);
  beforeEach(loaded);

  it('offers to revoke their rights, not to suspend or delete them', () => {
    expect(button('Suspend')?.disabled).toBe(true);
    expect(button('Delete account')?.disabled).toBe(true);
    expect(button('Revoke admin')?.disabled).toBe(false);
    expect(text()).toContain('Revoke their admin rights to suspend or delete this account.');
  });
});

describe('AdminUserPage for someone who is not an admin', () => {
  mountEach(() => <AdminUserPage user={sessionUser({ id: 'u9', username: 'bob', name: 'Bob' })} />);

  it('says Access Denied and asks the server nothing', () => {
    expect(host().querySelector('h1')?.textContent).toBe('Access Denied');
    expect(api.fetchAdminUser).not.toHaveBeenCalled();
  });
});
