import type { Account, AccountSession } from '@piste/contracts';
import * as accountApi from '../api/account';
import { ApiError } from '../api/client';
import { notify } from '../lib/toast';
import { useAccountSessionsStore } from './account-sessions';
import { useAccountStore } from './account';

jest.mock('../api/account');
jest.mock('../lib/toast', () => jest.requireActual('../test-support/live-socket-mock').toastModule());
const api = jest.mocked(accountApi);
const toast = jest.mocked(notify);

const account: Account = {
  username: 'claire',
  email: 'claire@example.com',
  emailVerified: true,
  pendingEmail: null,
  createdAt: '2026-01-10T10:00:00.000Z',
};

function browser(id: string, overrides: Partial<AccountSession> = {}): AccountSession {
  return {
    id,
    current: false,
    createdAt: '2026-11-20T10:00:00.000Z',
    lastActiveAt: '2026-11-22T10:00:00.000Z',
    browser: 'Chrome 131',
    os: 'Linux',
    ip: '203.0.113.x',
    ...overrides,
  };
}

beforeEach(() => {
  jest.resetAllMocks();
  useAccountStore.getState().reset();
  useAccountSessionsStore.getState().reset();
});

describe('the account store', () => {
  it('loads the account, and keeps it when a refetch fails', async () => {
    api.fetchAccount.mockResolvedValueOnce(account).mockRejectedValueOnce(new ApiError('Down', 503));
    await useAccountStore.getState().load();
    expect(useAccountStore.getState()).toMatchObject({ account, status: 'ready' });
    await useAccountStore.getState().load();
    expect(useAccountStore.getState()).toMatchObject({ account, status: 'ready' });
  });

  it('says where the link to a new address went, and shows that address as waiting', async () => {
    api.changeEmail.mockResolvedValue({ message: 'We have sent a link to new@example.com.' });
    api.fetchAccount.mockResolvedValue({ ...account, pendingEmail: 'new@example.com' });
    await expect(
      useAccountStore.getState().changeEmail({ email: 'new@example.com', password: 'secret1' }),
    ).resolves.toBe('We have sent a link to new@example.com.');
    expect(api.changeEmail).toHaveBeenCalledWith({ email: 'new@example.com', password: 'secret1' });
    await Promise.resolve();
    expect(useAccountStore.getState().account?.pendingEmail).toBe('new@example.com');
  });

  it('shows the refusal of a new address in a toast and rejects with its text', async () => {
    api.changeEmail.mockRejectedValue(new ApiError('Current password is incorrect', 400));
    await expect(
      useAccountStore.getState().changeEmail({ email: 'new@example.com', password: 'nope' }),
    ).rejects.toThrow('Current password is incorrect');
    expect(toast.error).toHaveBeenCalledWith('Email not changed', 'Current password is incorrect');
    expect(api.fetchAccount).not.toHaveBeenCalled();
  });

  it('says the password changed and lists the browsers again, if they are shown', async () => {
    api.changePassword.mockResolvedValue({ message: 'Password changed. Other browsers were signed out.' });
    api.fetchSessions.mockResolvedValue([browser('me', { current: true })]);
    useAccountSessionsStore.setState({
      status: 'ready',
      sessions: [browser('me', { current: true }), browser('b')],
    });
    await useAccountStore.getState().changePassword({ currentPassword: 'secret1', newPassword: 'secret2' });
    expect(toast.success).toHaveBeenCalledWith(
      'Password changed',
      'Password changed. Other browsers were signed out.',
    );
    await Promise.resolve();
    expect(useAccountSessionsStore.getState().sessions.map((s) => s.id)).toEqual(['me']);
  });

  it('shows a refused password change in a toast and rejects with its text', async () => {
    api.changePassword.mockRejectedValue(new ApiError('Current password is incorrect', 400));
    await expect(
      useAccountStore.getState().changePassword({ currentPassword: 'nope', newPassword: 'secret2' }),
    ).rejects.toThrow('Current password is incorrect');
    expect(toast.error).toHaveBeenCalledWith('Password not changed', 'Current password is incorrect');
    expect(toast.success).not.toHaveBeenCalled();
    expect(api.fetchSessions).not.toHaveBeenCalled();
  });
});

describe('the signed-in browsers', () => {
  it('lists this browser first, then the most recently active', async () => {
    api.fetchSessions.mockResolvedValue([
      browser('old', { lastActiveAt: '2026-11-01T10:00:00.000Z' }),
      browser('me', { current: true, lastActiveAt: '2026-10-01T10:00:00.000Z' }),
      browser('recent', { lastActiveAt: '2026-11-22T12:00:00.000Z' }),
    ]);
    await useAccountSessionsStore.getState().load();
    expect(useAccountSessionsStore.getState().sessions.map((s) => s.id)).toEqual(['me', 'recent', 'old']);
    expect(useAccountSessionsStore.getState().status).toBe('ready');
  });

  it('signs one browser out, drops it from the list and says so', async () => {
    useAccountSessionsStore.setState({
      status: 'ready',
      sessions: [browser('me', { current: true }), browser('b')],
    });
    api.endSession.mockResolvedValue({ message: 'That browser was signed out.' });
    await expect(useAccountSessionsStore.getState().end('b')).resolves.toBe(true);
    expect(api.endSession).toHaveBeenCalledWith('b');
    expect(useAccountSessionsStore.getState().sessions.map((s) => s.id)).toEqual(['me']);
    expect(toast.success).toHaveBeenCalledWith('Signed out', 'That browser was signed out.');
    expect(useAccountSessionsStore.getState().ending).toBeNull();
  });

  it('refetches the list when the browser to sign out was gone already', async () => {
    useAccountSessionsStore.setState({
      status: 'ready',
      sessions: [browser('me', { current: true }), browser('b')],
    });
    api.endSession.mockRejectedValue(new ApiError('Session not found', 404));
    api.fetchSessions.mockResolvedValue([browser('me', { current: true })]);
    await expect(useAccountSessionsStore.getState().end('b')).resolves.toBe(false);
    expect(toast.error).toHaveBeenCalledWith('Could not sign out that browser', 'Session not found');
    await Promise.resolve();
    expect(useAccountSessionsStore.getState().sessions.map((s) => s.id)).toEqual(['me']);
  });

  it('signs out every other browser and keeps this one', async () => {
    useAccountSessionsStore.setState({
      status: 'ready',
      sessions: [browser('me', { current: true }), browser('b'), browser('c')],
    });
    api.endOtherSessions.mockResolvedValue({ message: 'Every other browser was signed out.' });
    await expect(useAccountSessionsStore.getState().endOthers()).resolves.toBe(true);
    expect(useAccountSessionsStore.getState().sessions.map((s) => s.id)).toEqual(['me']);
    expect(toast.success).toHaveBeenCalledWith('Signed out', 'Every other browser was signed out.');
  });

  it('keeps the list and says so when signing the others out fails', async () => {
    useAccountSessionsStore.setState({
      status: 'ready',
      sessions: [browser('me', { current: true }), browser('b')],
    });
    api.endOtherSessions.mockRejectedValue(new ApiError('Network error: the server could not be reached', 0));
    await expect(useAccountSessionsStore.getState().endOthers()).resolves.toBe(false);
    expect(useAccountSessionsStore.getState().sessions).toHaveLength(2);
    expect(toast.error).toHaveBeenCalledWith(
      'Could not sign out the other browsers',
      'Network error: the server could not be reached',
    );
  });
});
