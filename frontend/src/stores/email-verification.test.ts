import * as accountApi from '../api/account';
import * as authApi from '../api/auth';
import { ApiError } from '../api/client';
import { notify } from '../lib/toast';
import { sessionUser } from '../test-support/session-user';
import { followAddressConfirmation, linkKey, useEmailVerificationStore } from './email-verification';
import { useSessionStore } from './session';

jest.mock('../api/account');
jest.mock('../api/auth');
jest.mock('../lib/toast', () => jest.requireActual('../test-support/live-socket-mock').toastModule());
const api = jest.mocked(accountApi);
const auth = jest.mocked(authApi);
const toast = jest.mocked(notify);

const TOKEN = 'T'.repeat(43);
const unverified = sessionUser({ id: 'u1', username: 'claire', name: 'Claire', emailVerified: false });
const verified = { ...unverified, emailVerified: true };
const store = () => useEmailVerificationStore.getState();
/** Lets the refetches an outcome started finish. */
const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

beforeEach(() => {
  jest.resetAllMocks();
  localStorage.clear();
  useEmailVerificationStore.setState({ links: {}, resending: false });
  useSessionStore.setState({ user: unverified, status: 'ready' });
});

describe('confirming the address', () => {
  it('follows a link once, however often the page asks, and the signed-in user is verified', async () => {
    api.verifyEmail.mockResolvedValue({ message: 'Your email address is verified.' });
    auth.fetchSessionUser.mockResolvedValue(verified);
    await Promise.all([store().follow(TOKEN, 'verify'), store().follow(TOKEN, 'verify')]);
    expect(api.verifyEmail).toHaveBeenCalledTimes(1);
    expect(api.verifyEmail).toHaveBeenCalledWith(TOKEN);
    expect(store().links[linkKey('verify', TOKEN)]).toEqual({
      status: 'done',
      message: 'Your email address is verified.',
    });
    await flush();
    expect(useSessionStore.getState().user?.emailVerified).toBe(true);
    // The other tabs of this browser hear of it.
    expect(localStorage.getItem('piste:address-confirmed')).not.toBeNull();
  });

  it('confirms a new address with the change link', async () => {
    api.confirmEmailChange.mockResolvedValue({ message: 'Your email address has been changed.' });
    auth.fetchSessionUser.mockResolvedValue(verified);
    await store().follow(TOKEN, 'change');
    expect(api.confirmEmailChange).toHaveBeenCalledWith(TOKEN);
    expect(api.verifyEmail).not.toHaveBeenCalled();
    expect(store().links[linkKey('change', TOKEN)]?.status).toBe('done');
  });

  it('keeps the reason a link was refused, and changes nothing else', async () => {
    api.verifyEmail.mockRejectedValue(new ApiError('This link is invalid or has expired.', 400));
    await store().follow(TOKEN, 'verify');
    expect(store().links[linkKey('verify', TOKEN)]).toEqual({
      status: 'failed',
      message: 'This link is invalid or has expired.',
    });
    expect(auth.fetchSessionUser).not.toHaveBeenCalled();
    expect(toast.error).not.toHaveBeenCalled();
  });

  it('asks again who is signed in when another tab confirmed the address, or this one is looked at again', async () => {
    auth.fetchSessionUser.mockResolvedValue(verified);
    const stop = followAddressConfirmation();
    window.dispatchEvent(new StorageEvent('storage', { key: 'piste:address-confirmed', newValue: '1' }));
    await flush();
    expect(useSessionStore.getState().user?.emailVerified).toBe(true);
    window.dispatchEvent(new Event('focus'));
    expect(auth.fetchSessionUser).toHaveBeenCalledTimes(2);
    stop();
    window.dispatchEvent(new Event('focus'));
    expect(auth.fetchSessionUser).toHaveBeenCalledTimes(2);
  });
});

describe('asking for a new link', () => {
  it('says the link was sent', async () => {
    api.resendVerification.mockResolvedValue({ message: 'We have sent you a new link.' });
    await store().resend();
    expect(toast.success).toHaveBeenCalledWith('Link sent', 'We have sent you a new link.');
    expect(store().resending).toBe(false);
  });

  it('says why not, and notices an address confirmed meanwhile', async () => {
    api.resendVerification.mockRejectedValue(new ApiError('Your email address is already verified', 400));
    auth.fetchSessionUser.mockResolvedValue(verified);
    await store().resend();
    expect(toast.error).toHaveBeenCalledWith('Link not sent', 'Your email address is already verified');
    await flush();
    expect(useSessionStore.getState().user?.emailVerified).toBe(true);
  });

  it('says when asked too often', async () => {
    api.resendVerification.mockRejectedValue(new ApiError('Too many requests, try again later', 429));
    await store().resend();
    expect(toast.error).toHaveBeenCalledWith('Link not sent', 'Too many requests, try again later');
    expect(auth.fetchSessionUser).not.toHaveBeenCalled();
  });
});
