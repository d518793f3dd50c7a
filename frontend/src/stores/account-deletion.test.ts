import { ACCOUNT_DELETED_REPLY, WRONG_CURRENT_PASSWORD } from '@piste/contracts';
import * as accountApi from '../api/account';
import { ApiError } from '../api/client';
import { notify } from '../lib/toast';
import { sessionUser } from '../test-support/session-user';
import { useAccountDeletionStore } from './account-deletion';
import { useProfileStore } from './profile';
import { useSessionStore } from './session';

jest.mock('../api/account');
jest.mock('../lib/toast', () => jest.requireActual('../test-support/live-socket-mock').toastModule());
const api = jest.mocked(accountApi);
const toast = jest.mocked(notify);

const claire = sessionUser({ id: 'u1', username: 'claire', name: 'Claire' });
const deleteAccount = (password: string) => useAccountDeletionStore.getState().deleteAccount({ password });

beforeEach(() => {
  jest.resetAllMocks();
  useSessionStore.setState({ user: claire, status: 'ready' });
  useAccountDeletionStore.setState({ deleting: false });
});

describe('deleting the account', () => {
  it('says goodbye with the server’s words and forgets the user, so the sign-in screen shows', async () => {
    api.deleteAccount.mockResolvedValue({ message: ACCOUNT_DELETED_REPLY });
    useProfileStore.setState({ status: 'ready' });
    await deleteAccount('secret1');
    expect(api.deleteAccount).toHaveBeenCalledWith({ password: 'secret1' });
    expect(toast.success).toHaveBeenCalledWith('Account deleted', ACCOUNT_DELETED_REPLY);
    expect(useSessionStore.getState()).toMatchObject({ user: null, status: 'ready' });
    expect(useProfileStore.getState().status).toBe('idle');
    expect(useAccountDeletionStore.getState().deleting).toBe(false);
  });

  it('rejects a wrong password with the server’s text and no toast, still signed in', async () => {
    api.deleteAccount.mockRejectedValue(new ApiError(WRONG_CURRENT_PASSWORD, 400));
    await expect(deleteAccount('nope')).rejects.toThrow(WRONG_CURRENT_PASSWORD);
    expect(toast.success).not.toHaveBeenCalled();
    expect(toast.error).not.toHaveBeenCalled();
    expect(useSessionStore.getState().user).toBe(claire);
    expect(useAccountDeletionStore.getState().deleting).toBe(false);
  });

  it('asks once while a deletion is under way', async () => {
    let answer!: (reply: { message: string }) => void;
    api.deleteAccount.mockReturnValue(new Promise((resolve) => (answer = resolve)));
    const first = deleteAccount('secret1');
    expect(useAccountDeletionStore.getState().deleting).toBe(true);
    await deleteAccount('secret1');
    answer({ message: ACCOUNT_DELETED_REPLY });
    await first;
    expect(api.deleteAccount).toHaveBeenCalledTimes(1);
  });
});
