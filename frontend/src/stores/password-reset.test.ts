import * as accountApi from '../api/account';
import * as authApi from '../api/auth';
import { ApiError } from '../api/client';
import { notify } from '../lib/toast';
import { sessionUser } from '../test-support/session-user';
import { usePasswordResetStore } from './password-reset';
import { useSessionStore } from './session';

jest.mock('../api/account');
jest.mock('../api/auth');
jest.mock('../lib/toast', () => jest.requireActual('../test-support/live-socket-mock').toastModule());
const api = jest.mocked(accountApi);
const auth = jest.mocked(authApi);
const toast = jest.mocked(notify);

const TOKEN = 'T'.repeat(43);
const store = () => usePasswordResetStore.getState();

beforeEach(() => {
  jest.resetAllMocks();
  useSessionStore.setState({ user: null, status: 'ready' });
});

describe('getting back into an account', () => {
  it('resolves to the reply about the link, whoever asked', async () => {
    api.requestPasswordReset.mockResolvedValue({
      message: 'If an account matches, we have sent a link to reset the password.',
    });
    await expect(store().requestLink({ login: 'claire' })).resolves.toBe(
      'If an account matches, we have sent a link to reset the password.',
    );
    expect(api.requestPasswordReset).toHaveBeenCalledWith({ login: 'claire' });
    expect(store().requesting).toBe(false);
  });

  it('shows a failed request in a toast and rejects with its text', async () => {
    api.requestPasswordReset.mockRejectedValue(new ApiError('Too many requests, try again later', 429));
    await expect(store().requestLink({ login: 'claire' })).rejects.toThrow(
      'Too many requests, try again later',
    );
    expect(toast.error).toHaveBeenCalledWith('Link not sent', 'Too many requests, try again later');
  });

  it('says the password was reset, and asks who is signed in now', async () => {
    api.resetPassword.mockResolvedValue({
      message: 'Your password has been reset. Sign in with the new one.',
    });
    useSessionStore.setState({ user: sessionUser({ id: 'u1', username: 'claire', name: 'Claire' }) });
    auth.fetchSessionUser.mockResolvedValue(null);
    await store().reset({ token: TOKEN, password: 'secret2' });
    expect(api.resetPassword).toHaveBeenCalledWith({ token: TOKEN, password: 'secret2' });
    expect(toast.success).toHaveBeenCalledWith(
      'Password reset',
      'Your password has been reset. Sign in with the new one.',
    );
    expect(useSessionStore.getState().user).toBeNull();
  });

  it('leaves a refused link to the page to explain, without a toast', async () => {
    api.resetPassword.mockRejectedValue(new ApiError('This link is invalid or has expired.', 400));
    await expect(store().reset({ token: TOKEN, password: 'secret2' })).rejects.toThrow(
      'This link is invalid or has expired.',
    );
    expect(toast.error).not.toHaveBeenCalled();
    expect(store().resetting).toBe(false);
  });

  it('shows any other failure in a toast', async () => {
    api.resetPassword.mockRejectedValue(new ApiError('Network error: the server could not be reached', 0));
    await expect(store().reset({ token: TOKEN, password: 'secret2' })).rejects.toThrow('Network error');
    expect(toast.error).toHaveBeenCalledWith(
      'Password not reset',
      'Network error: the server could not be reached',
    );
  });
});
