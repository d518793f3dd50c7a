import * as authApi from '../api/auth';
import { ApiError } from '../api/client';
import { notify } from '../lib/toast';
import { sessionUser } from '../test-support/session-user';
import { useSessionStore } from './session';

jest.mock('../api/auth');
jest.mock('../lib/toast', () => ({ notify: { success: jest.fn(), error: jest.fn(), info: jest.fn() } }));
const api = jest.mocked(authApi);
const toast = jest.mocked(notify);

const claire = sessionUser({ id: 'u1', username: 'claire', name: 'Claire Dubois' });

beforeEach(() => {
  jest.clearAllMocks();
  useSessionStore.setState({ user: null, status: 'ready' });
});

describe('useSessionStore announces signing in and out', () => {
  it('welcomes back a user who logs in', async () => {
    api.login.mockResolvedValue(claire);
    await expect(useSessionStore.getState().login({ username: 'claire', password: 'x' })).resolves.toBe(
      claire,
    );
    expect(useSessionStore.getState().user).toBe(claire);
    expect(toast.success).toHaveBeenCalledWith('Welcome back!', 'Logged in as claire');
  });

  it('shows the server message when login fails and rejects with it', async () => {
    api.login.mockRejectedValue(new ApiError('Invalid username or password', 401));
    await expect(useSessionStore.getState().login({ username: 'claire', password: 'x' })).rejects.toThrow(
      'Invalid username or password',
    );
    expect(toast.error).toHaveBeenCalledWith('Login failed', 'Invalid username or password');
    expect(toast.success).not.toHaveBeenCalled();
    expect(useSessionStore.getState().user).toBeNull();
  });

  it('falls back to the title when a registration fails without a message', async () => {
    api.register.mockRejectedValue(new Error(''));
    await expect(useSessionStore.getState().register({} as never)).rejects.toThrow('Registration failed');
    expect(toast.error).toHaveBeenCalledWith('Registration failed', 'Registration failed');
  });

  it('welcomes a new account and says goodbye on logout', async () => {
    api.register.mockResolvedValue(claire);
    await useSessionStore.getState().register({} as never);
    expect(toast.success).toHaveBeenCalledWith('Welcome to Piste!', 'Account created successfully');
    api.logout.mockResolvedValue();
    await useSessionStore.getState().logout();
    expect(useSessionStore.getState().user).toBeNull();
    expect(toast.success).toHaveBeenLastCalledWith('Logged out', 'You have been logged out successfully');
  });

  it('says when logout fails and keeps the user signed in', async () => {
    useSessionStore.setState({ user: claire });
    api.logout.mockRejectedValue(new Error('Network down'));
    await expect(useSessionStore.getState().logout()).rejects.toThrow('Network down');
    expect(toast.error).toHaveBeenCalledWith('Logout failed', 'Network down');
    expect(useSessionStore.getState().user).toBe(claire);
  });
});
