import * as adminApi from '../api/admin';
import { ApiError } from '../api/client';
import { notify } from '../lib/toast';
import { adminUserPage } from '../test-support/admin';
import { useAdminUserPageStore } from './admin-user-page';

jest.mock('../api/admin');
jest.mock('../lib/toast', () =>
  jest
    .requireActual<typeof import('../test-support/live-socket-mock')>('../test-support/live-socket-mock')
    .toastModule(),
);

const api = jest.mocked(adminApi);
const toast = jest.mocked(notify);
const store = () => useAdminUserPageStore.getState();

beforeEach(() => {
  jest.resetAllMocks();
  store().reset();
});

describe('admin account page store', () => {
  it('opens an account, and says when there is no such account', async () => {
    api.fetchAdminUser.mockResolvedValueOnce(adminUserPage('u1'));
    await store().open('u1');
    expect(store()).toMatchObject({ userId: 'u1', status: 'ready', page: { user: { id: 'u1' } } });

    api.fetchAdminUser.mockRejectedValueOnce(new ApiError('User not found', 404));
    await store().open('gone');
    expect(store()).toMatchObject({ userId: 'gone', status: 'not-found', page: null });
    expect(toast.error).not.toHaveBeenCalled();
  });

  it.each([
    ['suspend', { kind: 'suspend' }, () => api.suspendUser, ['u1', 'Spam'], 'Account suspended'],
    ['unsuspend', { kind: 'unsuspend' }, () => api.unsuspendUser, ['u1', 'Spam'], 'Account unsuspended'],
    ['grant admin', { kind: 'grant-admin' }, () => api.setAdmin, ['u1', true, 'Spam'], 'Admin rights granted'],
    ['revoke admin', { kind: 'revoke-admin' }, () => api.setAdmin, ['u1', false, 'Spam'], 'Admin rights revoked'],
    ['delete', { kind: 'delete' }, () => api.deleteUser, ['u1', 'Spam'], 'Account deletion started'],
    ['lift a ban', { kind: 'lift-ban', banId: 'b1' }, () => api.liftBan, ['b1', 'Spam'], 'Ban lifted'],
  ] as const)('%s: calls the server with the reason and shows the page it answers', async (_, action, call, args, title) => {
    api.fetchAdminUser.mockResolvedValueOnce(adminUserPage('u1'));
    await store().open('u1');
    const answered = adminUserPage('u1', { suspendedAt: '2026-11-22T10:00:00.000Z' });
    (call() as jest.Mock).mockResolvedValueOnce(answered);
    await expect(store().act(action, 'Spam')).resolves.toBe(true);
    expect(call()).toHaveBeenCalledWith(...args);
    expect(store().page).toBe(answered);
    expect(store().acting).toBe(false);
    expect(toast.success).toHaveBeenCalledWith(title, 'Fencer u1 (@fencer_u1)');
  }); // prettier-ignore

  it('says why an action was refused and shows the account as it is now', async () => {
    api.fetchAdminUser.mockResolvedValueOnce(adminUserPage('u1'));
    await store().open('u1');
    api.setAdmin.mockRejectedValueOnce(new ApiError('The last admin cannot be demoted', 409));
    const now = adminUserPage('u1', { isAdmin: true });
    api.fetchAdminUser.mockResolvedValueOnce(now);
    await expect(store().act({ kind: 'revoke-admin' }, 'Stepping down')).resolves.toBe(false);
    expect(toast.error).toHaveBeenCalledWith('Action failed', 'The last admin cannot be demoted');
    await Promise.resolve();
    expect(api.fetchAdminUser).toHaveBeenCalledTimes(2);
    expect(store().page).toBe(now);
  });

  it('does one action at a time', async () => {
    api.fetchAdminUser.mockResolvedValueOnce(adminUserPage('u1'));
    await store().open('u1');
    let answer: (page: ReturnType<typeof adminUserPage>) => void = () => undefined;
    api.suspendUser.mockReturnValueOnce(new Promise((resolve) => (answer = resolve)));
    const first = store().act({ kind: 'suspend' }, 'Spam');
    await expect(store().act({ kind: 'delete' }, 'Spam')).resolves.toBe(false);
    expect(api.deleteUser).not.toHaveBeenCalled();
    answer(adminUserPage('u1'));
    await expect(first).resolves.toBe(true);
  });
});
